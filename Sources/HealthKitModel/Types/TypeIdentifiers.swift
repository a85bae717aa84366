/// The identifier of a category type, with Apple's raw values.
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string.
    public let rawValue: String

    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier string.
    public var description: String { rawValue }

    /// Every category identifier Apple defines.
    public static let all: Set<HKCategoryTypeIdentifier> = [.sleepAnalysis, .appleStandHour, .cervicalMucusQuality, .ovulationTestResult, .pregnancyTestResult, .progesteroneTestResult, .menstrualFlow, .intermenstrualBleeding, .persistentIntermenstrualBleeding, .prolongedMenstrualPeriods, .irregularMenstrualCycles, .infrequentMenstrualCycles, .sexualActivity, .contraceptive, .pregnancy, .lactation, .mindfulSession, .highHeartRateEvent, .lowHeartRateEvent, .irregularHeartRhythmEvent, .audioExposureEvent, .environmentalAudioExposureEvent, .headphoneAudioExposureEvent, .toothbrushingEvent, .handwashingEvent, .lowCardioFitnessEvent, .appleWalkingSteadinessEvent, .sleepApneaEvent, .bleedingDuringPregnancy, .bleedingAfterPregnancy, .abdominalCramps, .acne, .appetiteChanges, .bladderIncontinence, .bloating, .breastPain, .chestTightnessOrPain, .chills, .constipation, .coughing, .diarrhea, .dizziness, .drySkin, .fainting, .fatigue, .fever, .generalizedBodyAche, .hairLoss, .headache, .heartburn, .hotFlashes, .lossOfSmell, .lossOfTaste, .lowerBackPain, .memoryLapse, .moodChanges, .nausea, .nightSweats, .pelvicPain, .rapidPoundingOrFlutteringHeartbeat, .runnyNose, .shortnessOfBreath, .sinusCongestion, .skippedHeartbeat, .sleepChanges, .soreThroat, .vaginalDryness, .vomiting, .wheezing]

    /// `HKCategoryTypeIdentifierSleepAnalysis`.
    public static let sleepAnalysis = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")
    /// `HKCategoryTypeIdentifierAppleStandHour`.
    public static let appleStandHour = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppleStandHour")
    /// `HKCategoryTypeIdentifierCervicalMucusQuality`.
    public static let cervicalMucusQuality = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierCervicalMucusQuality")
    /// `HKCategoryTypeIdentifierOvulationTestResult`.
    public static let ovulationTestResult = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierOvulationTestResult")
    /// `HKCategoryTypeIdentifierPregnancyTestResult`.
    public static let pregnancyTestResult = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPregnancyTestResult")
    /// `HKCategoryTypeIdentifierProgesteroneTestResult`.
    public static let progesteroneTestResult = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierProgesteroneTestResult")
    /// `HKCategoryTypeIdentifierMenstrualFlow`.
    public static let menstrualFlow = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMenstrualFlow")
    /// `HKCategoryTypeIdentifierIntermenstrualBleeding`.
    public static let intermenstrualBleeding = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierIntermenstrualBleeding")
    /// `HKCategoryTypeIdentifierPersistentIntermenstrualBleeding`.
    public static let persistentIntermenstrualBleeding = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding")
    /// `HKCategoryTypeIdentifierProlongedMenstrualPeriods`.
    public static let prolongedMenstrualPeriods = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierProlongedMenstrualPeriods")
    /// `HKCategoryTypeIdentifierIrregularMenstrualCycles`.
    public static let irregularMenstrualCycles = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierIrregularMenstrualCycles")
    /// `HKCategoryTypeIdentifierInfrequentMenstrualCycles`.
    public static let infrequentMenstrualCycles = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierInfrequentMenstrualCycles")
    /// `HKCategoryTypeIdentifierSexualActivity`.
    public static let sexualActivity = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSexualActivity")
    /// `HKCategoryTypeIdentifierContraceptive`.
    public static let contraceptive = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierContraceptive")
    /// `HKCategoryTypeIdentifierPregnancy`.
    public static let pregnancy = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPregnancy")
    /// `HKCategoryTypeIdentifierLactation`.
    public static let lactation = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLactation")
    /// `HKCategoryTypeIdentifierMindfulSession`.
    public static let mindfulSession = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMindfulSession")
    /// `HKCategoryTypeIdentifierHighHeartRateEvent`.
    public static let highHeartRateEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHighHeartRateEvent")
    /// `HKCategoryTypeIdentifierLowHeartRateEvent`.
    public static let lowHeartRateEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLowHeartRateEvent")
    /// `HKCategoryTypeIdentifierIrregularHeartRhythmEvent`.
    public static let irregularHeartRhythmEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierIrregularHeartRhythmEvent")
    /// `HKCategoryTypeIdentifierAudioExposureEvent`.
    public static let audioExposureEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
    /// `HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent`.
    public static let environmentalAudioExposureEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent")
    /// `HKCategoryTypeIdentifierHeadphoneAudioExposureEvent`.
    public static let headphoneAudioExposureEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent")
    /// `HKCategoryTypeIdentifierToothbrushingEvent`.
    public static let toothbrushingEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierToothbrushingEvent")
    /// `HKCategoryTypeIdentifierHandwashingEvent`.
    public static let handwashingEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHandwashingEvent")
    /// `HKCategoryTypeIdentifierLowCardioFitnessEvent`.
    public static let lowCardioFitnessEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLowCardioFitnessEvent")
    /// `HKCategoryTypeIdentifierAppleWalkingSteadinessEvent`.
    public static let appleWalkingSteadinessEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent")
    /// `HKCategoryTypeIdentifierSleepApneaEvent`.
    public static let sleepApneaEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepApneaEvent")
    /// `HKCategoryTypeIdentifierBleedingDuringPregnancy`.
    public static let bleedingDuringPregnancy = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBleedingDuringPregnancy")
    /// `HKCategoryTypeIdentifierBleedingAfterPregnancy`.
    public static let bleedingAfterPregnancy = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBleedingAfterPregnancy")
    /// `HKCategoryTypeIdentifierAbdominalCramps`.
    public static let abdominalCramps = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAbdominalCramps")
    /// `HKCategoryTypeIdentifierAcne`.
    public static let acne = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAcne")
    /// `HKCategoryTypeIdentifierAppetiteChanges`.
    public static let appetiteChanges = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppetiteChanges")
    /// `HKCategoryTypeIdentifierBladderIncontinence`.
    public static let bladderIncontinence = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBladderIncontinence")
    /// `HKCategoryTypeIdentifierBloating`.
    public static let bloating = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBloating")
    /// `HKCategoryTypeIdentifierBreastPain`.
    public static let breastPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBreastPain")
    /// `HKCategoryTypeIdentifierChestTightnessOrPain`.
    public static let chestTightnessOrPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierChestTightnessOrPain")
    /// `HKCategoryTypeIdentifierChills`.
    public static let chills = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierChills")
    /// `HKCategoryTypeIdentifierConstipation`.
    public static let constipation = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierConstipation")
    /// `HKCategoryTypeIdentifierCoughing`.
    public static let coughing = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierCoughing")
    /// `HKCategoryTypeIdentifierDiarrhea`.
    public static let diarrhea = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDiarrhea")
    /// `HKCategoryTypeIdentifierDizziness`.
    public static let dizziness = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDizziness")
    /// `HKCategoryTypeIdentifierDrySkin`.
    public static let drySkin = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDrySkin")
    /// `HKCategoryTypeIdentifierFainting`.
    public static let fainting = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFainting")
    /// `HKCategoryTypeIdentifierFatigue`.
    public static let fatigue = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFatigue")
    /// `HKCategoryTypeIdentifierFever`.
    public static let fever = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFever")
    /// `HKCategoryTypeIdentifierGeneralizedBodyAche`.
    public static let generalizedBodyAche = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierGeneralizedBodyAche")
    /// `HKCategoryTypeIdentifierHairLoss`.
    public static let hairLoss = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHairLoss")
    /// `HKCategoryTypeIdentifierHeadache`.
    public static let headache = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeadache")
    /// `HKCategoryTypeIdentifierHeartburn`.
    public static let heartburn = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeartburn")
    /// `HKCategoryTypeIdentifierHotFlashes`.
    public static let hotFlashes = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHotFlashes")
    /// `HKCategoryTypeIdentifierLossOfSmell`.
    public static let lossOfSmell = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLossOfSmell")
    /// `HKCategoryTypeIdentifierLossOfTaste`.
    public static let lossOfTaste = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLossOfTaste")
    /// `HKCategoryTypeIdentifierLowerBackPain`.
    public static let lowerBackPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLowerBackPain")
    /// `HKCategoryTypeIdentifierMemoryLapse`.
    public static let memoryLapse = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMemoryLapse")
    /// `HKCategoryTypeIdentifierMoodChanges`.
    public static let moodChanges = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMoodChanges")
    /// `HKCategoryTypeIdentifierNausea`.
    public static let nausea = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierNausea")
    /// `HKCategoryTypeIdentifierNightSweats`.
    public static let nightSweats = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierNightSweats")
    /// `HKCategoryTypeIdentifierPelvicPain`.
    public static let pelvicPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPelvicPain")
    /// `HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat`.
    public static let rapidPoundingOrFlutteringHeartbeat = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat")
    /// `HKCategoryTypeIdentifierRunnyNose`.
    public static let runnyNose = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierRunnyNose")
    /// `HKCategoryTypeIdentifierShortnessOfBreath`.
    public static let shortnessOfBreath = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierShortnessOfBreath")
    /// `HKCategoryTypeIdentifierSinusCongestion`.
    public static let sinusCongestion = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSinusCongestion")
    /// `HKCategoryTypeIdentifierSkippedHeartbeat`.
    public static let skippedHeartbeat = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSkippedHeartbeat")
    /// `HKCategoryTypeIdentifierSleepChanges`.
    public static let sleepChanges = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepChanges")
    /// `HKCategoryTypeIdentifierSoreThroat`.
    public static let soreThroat = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSoreThroat")
    /// `HKCategoryTypeIdentifierVaginalDryness`.
    public static let vaginalDryness = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierVaginalDryness")
    /// `HKCategoryTypeIdentifierVomiting`.
    public static let vomiting = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierVomiting")
    /// `HKCategoryTypeIdentifierWheezing`.
    public static let wheezing = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierWheezing")
}

