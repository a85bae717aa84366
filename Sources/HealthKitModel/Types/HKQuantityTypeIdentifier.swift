/// The identifier of a quantity type, with Apple's raw values.
///
/// ```swift
/// let heartRate = HKQuantityType(.heartRate)
/// HKQuantityTypeIdentifier.heartRate.rawValue   // "HKQuantityTypeIdentifierHeartRate"
/// ```
///
/// Every identifier Apple defines is listed; each one's aggregation style,
/// canonical unit and duration limit are data in ``QuantityTypeTable``.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string, such as `"HKQuantityTypeIdentifierStepCount"`.
    public let rawValue: String

    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier string.
    public var description: String { rawValue }

    /// `HKQuantityTypeIdentifierStepCount`: cumulative, canonical unit `count`.
    public static let stepCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
    /// `HKQuantityTypeIdentifierDistanceWalkingRunning`: cumulative, canonical unit `m`.
    public static let distanceWalkingRunning = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    /// `HKQuantityTypeIdentifierDistanceCycling`: cumulative, canonical unit `m`.
    public static let distanceCycling = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    /// `HKQuantityTypeIdentifierDistanceWheelchair`: cumulative, canonical unit `m`.
    public static let distanceWheelchair = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
    /// `HKQuantityTypeIdentifierDistanceSwimming`: cumulative, canonical unit `m`.
    public static let distanceSwimming = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    /// `HKQuantityTypeIdentifierDistanceDownhillSnowSports`: cumulative, canonical unit `m`.
    public static let distanceDownhillSnowSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
    /// `HKQuantityTypeIdentifierDistanceCrossCountrySkiing`: cumulative, canonical unit `m`.
    public static let distanceCrossCountrySkiing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
    /// `HKQuantityTypeIdentifierDistancePaddleSports`: cumulative, canonical unit `m`.
    public static let distancePaddleSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
    /// `HKQuantityTypeIdentifierDistanceRowing`: cumulative, canonical unit `m`.
    public static let distanceRowing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceRowing")
    /// `HKQuantityTypeIdentifierDistanceSkatingSports`: cumulative, canonical unit `m`.
    public static let distanceSkatingSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
    /// `HKQuantityTypeIdentifierBasalEnergyBurned`: cumulative, canonical unit `kcal`.
    public static let basalEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
    /// `HKQuantityTypeIdentifierActiveEnergyBurned`: cumulative, canonical unit `kcal`.
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    /// `HKQuantityTypeIdentifierFlightsClimbed`: cumulative, canonical unit `count`.
    public static let flightsClimbed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
    /// `HKQuantityTypeIdentifierNikeFuel`: cumulative, canonical unit `count`.
    public static let nikeFuel = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNikeFuel")
    /// `HKQuantityTypeIdentifierAppleExerciseTime`: cumulative, canonical unit `min`.
    public static let appleExerciseTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
    /// `HKQuantityTypeIdentifierAppleMoveTime`: cumulative, canonical unit `min`.
    public static let appleMoveTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleMoveTime")
    /// `HKQuantityTypeIdentifierAppleStandTime`: cumulative, canonical unit `min`.
    public static let appleStandTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleStandTime")
    /// `HKQuantityTypeIdentifierPushCount`: cumulative, canonical unit `count`.
    public static let pushCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPushCount")
    /// `HKQuantityTypeIdentifierSwimmingStrokeCount`: cumulative, canonical unit `count`.
    public static let swimmingStrokeCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    /// `HKQuantityTypeIdentifierTimeInDaylight`: cumulative, canonical unit `min`.
    public static let timeInDaylight = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierTimeInDaylight")
    /// `HKQuantityTypeIdentifierPhysicalEffort`: discrete, canonical unit `kcal/kg·hr`.
    public static let physicalEffort = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPhysicalEffort")
    /// `HKQuantityTypeIdentifierVO2Max`: discrete, canonical unit `mL/kg·min`.
    public static let vo2Max = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierVO2Max")
    /// `HKQuantityTypeIdentifierWalkingSpeed`: discrete, canonical unit `m/s`.
    public static let walkingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
    /// `HKQuantityTypeIdentifierWalkingDoubleSupportPercentage`: discrete, canonical unit `%`.
    public static let walkingDoubleSupportPercentage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage")
    /// `HKQuantityTypeIdentifierWalkingAsymmetryPercentage`: discrete, canonical unit `%`.
    public static let walkingAsymmetryPercentage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
    /// `HKQuantityTypeIdentifierWalkingStepLength`: discrete, canonical unit `m`.
    public static let walkingStepLength = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
    /// `HKQuantityTypeIdentifierSixMinuteWalkTestDistance`: discrete, canonical unit `m`.
    public static let sixMinuteWalkTestDistance = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
    /// `HKQuantityTypeIdentifierStairAscentSpeed`: discrete, canonical unit `m/s`.
    public static let stairAscentSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairAscentSpeed")
    /// `HKQuantityTypeIdentifierStairDescentSpeed`: discrete, canonical unit `m/s`.
    public static let stairDescentSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairDescentSpeed")
    /// `HKQuantityTypeIdentifierAppleWalkingSteadiness`: discrete, canonical unit `%`.
    public static let appleWalkingSteadiness = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleWalkingSteadiness")
    /// `HKQuantityTypeIdentifierRunningStrideLength`: discrete, canonical unit `m`.
    public static let runningStrideLength = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
    /// `HKQuantityTypeIdentifierRunningVerticalOscillation`: discrete, canonical unit `cm`.
    public static let runningVerticalOscillation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
    /// `HKQuantityTypeIdentifierRunningGroundContactTime`: discrete, canonical unit `ms`.
    public static let runningGroundContactTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
    /// `HKQuantityTypeIdentifierRunningPower`: discrete, canonical unit `W`.
    public static let runningPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningPower")
    /// `HKQuantityTypeIdentifierRunningSpeed`: discrete, canonical unit `m/s`.
    public static let runningSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    /// `HKQuantityTypeIdentifierCyclingSpeed`: discrete, canonical unit `m/s`.
    public static let cyclingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
    /// `HKQuantityTypeIdentifierCyclingPower`: discrete, canonical unit `W`.
    public static let cyclingPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingPower")
    /// `HKQuantityTypeIdentifierCyclingFunctionalThresholdPower`: discrete, canonical unit `W`.
    public static let cyclingFunctionalThresholdPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
    /// `HKQuantityTypeIdentifierCyclingCadence`: discrete, canonical unit `count/min`.
    public static let cyclingCadence = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingCadence")
    /// `HKQuantityTypeIdentifierCrossCountrySkiingSpeed`: discrete, canonical unit `m/s`.
    public static let crossCountrySkiingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed")
    /// `HKQuantityTypeIdentifierPaddleSportsSpeed`: discrete, canonical unit `m/s`.
    public static let paddleSportsSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPaddleSportsSpeed")
    /// `HKQuantityTypeIdentifierRowingSpeed`: discrete, canonical unit `m/s`.
    public static let rowingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRowingSpeed")
    /// `HKQuantityTypeIdentifierWorkoutEffortScore`: discrete, canonical unit `appleEffortScore`.
    public static let workoutEffortScore = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWorkoutEffortScore")
    /// `HKQuantityTypeIdentifierEstimatedWorkoutEffortScore`: discrete, canonical unit `appleEffortScore`.
    public static let estimatedWorkoutEffortScore = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore")
    /// `HKQuantityTypeIdentifierHeartRate`: discrete, canonical unit `count/s`.
    public static let heartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    /// `HKQuantityTypeIdentifierRestingHeartRate`: discrete, canonical unit `count/min`.
    public static let restingHeartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
    /// `HKQuantityTypeIdentifierWalkingHeartRateAverage`: discrete, canonical unit `count/min`.
    public static let walkingHeartRateAverage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")
    /// `HKQuantityTypeIdentifierHeartRateVariabilitySDNN`: discrete, canonical unit `ms`.
    public static let heartRateVariabilitySDNN = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    /// `HKQuantityTypeIdentifierHeartRateRecoveryOneMinute`: discrete, canonical unit `count/min`.
    public static let heartRateRecoveryOneMinute = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute")
    /// `HKQuantityTypeIdentifierAtrialFibrillationBurden`: discrete, canonical unit `%`.
    public static let atrialFibrillationBurden = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAtrialFibrillationBurden")
    /// `HKQuantityTypeIdentifierOxygenSaturation`: discrete, canonical unit `%`.
    public static let oxygenSaturation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
    /// `HKQuantityTypeIdentifierPeripheralPerfusionIndex`: discrete, canonical unit `%`.
    public static let peripheralPerfusionIndex = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPeripheralPerfusionIndex")
    /// `HKQuantityTypeIdentifierBodyTemperature`: discrete, canonical unit `degC`.
    public static let bodyTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyTemperature")
    /// `HKQuantityTypeIdentifierBasalBodyTemperature`: discrete, canonical unit `degC`.
    public static let basalBodyTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBasalBodyTemperature")
    /// `HKQuantityTypeIdentifierAppleSleepingWristTemperature`: discrete, canonical unit `degC`.
    public static let appleSleepingWristTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleSleepingWristTemperature")
    /// `HKQuantityTypeIdentifierBloodPressureSystolic`: discrete, canonical unit `mmHg`.
    public static let bloodPressureSystolic = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
    /// `HKQuantityTypeIdentifierBloodPressureDiastolic`: discrete, canonical unit `mmHg`.
    public static let bloodPressureDiastolic = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
    /// `HKQuantityTypeIdentifierRespiratoryRate`: discrete, canonical unit `count/s`.
    public static let respiratoryRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRespiratoryRate")
    /// `HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances`: discrete, canonical unit `count`.
    public static let appleSleepingBreathingDisturbances = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances")
    /// `HKQuantityTypeIdentifierBloodGlucose`: discrete, canonical unit `mg/dL`.
    public static let bloodGlucose = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodGlucose")
    /// `HKQuantityTypeIdentifierElectrodermalActivity`: discrete, canonical unit `S`.
    public static let electrodermalActivity = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierElectrodermalActivity")
    /// `HKQuantityTypeIdentifierBloodAlcoholContent`: discrete, canonical unit `%`.
    public static let bloodAlcoholContent = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodAlcoholContent")
    /// `HKQuantityTypeIdentifierForcedVitalCapacity`: discrete, canonical unit `L`.
    public static let forcedVitalCapacity = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierForcedVitalCapacity")
    /// `HKQuantityTypeIdentifierForcedExpiratoryVolume1`: discrete, canonical unit `L`.
    public static let forcedExpiratoryVolume1 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
    /// `HKQuantityTypeIdentifierPeakExpiratoryFlowRate`: discrete, canonical unit `L/min`.
    public static let peakExpiratoryFlowRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate")
    /// `HKQuantityTypeIdentifierNumberOfTimesFallen`: cumulative, canonical unit `count`.
    public static let numberOfTimesFallen = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNumberOfTimesFallen")
    /// `HKQuantityTypeIdentifierInhalerUsage`: cumulative, canonical unit `count`.
    public static let inhalerUsage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInhalerUsage")
    /// `HKQuantityTypeIdentifierInsulinDelivery`: cumulative, canonical unit `IU`.
    public static let insulinDelivery = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
    /// `HKQuantityTypeIdentifierNumberOfAlcoholicBeverages`: cumulative, canonical unit `count`.
    public static let numberOfAlcoholicBeverages = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
    /// `HKQuantityTypeIdentifierEnvironmentalAudioExposure`: discrete, canonical unit `dBASPL`.
    public static let environmentalAudioExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierEnvironmentalAudioExposure")
    /// `HKQuantityTypeIdentifierHeadphoneAudioExposure`: discrete, canonical unit `dBASPL`.
    public static let headphoneAudioExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeadphoneAudioExposure")
    /// `HKQuantityTypeIdentifierEnvironmentalSoundReduction`: discrete, canonical unit `dBASPL`.
    public static let environmentalSoundReduction = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierEnvironmentalSoundReduction")
    /// `HKQuantityTypeIdentifierUVExposure`: discrete, canonical unit `count`.
    public static let uvExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUVExposure")
    /// `HKQuantityTypeIdentifierUnderwaterDepth`: discrete, canonical unit `m`.
    public static let underwaterDepth = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    /// `HKQuantityTypeIdentifierWaterTemperature`: discrete, canonical unit `degC`.
    public static let waterTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaterTemperature")
    /// `HKQuantityTypeIdentifierBodyMassIndex`: discrete, canonical unit `count`.
    public static let bodyMassIndex = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMassIndex")
    /// `HKQuantityTypeIdentifierBodyFatPercentage`: discrete, canonical unit `%`.
    public static let bodyFatPercentage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyFatPercentage")
    /// `HKQuantityTypeIdentifierHeight`: discrete, canonical unit `m`.
    public static let height = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeight")
    /// `HKQuantityTypeIdentifierBodyMass`: discrete, canonical unit `kg`.
    public static let bodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    /// `HKQuantityTypeIdentifierLeanBodyMass`: discrete, canonical unit `kg`.
    public static let leanBodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierLeanBodyMass")
    /// `HKQuantityTypeIdentifierWaistCircumference`: discrete, canonical unit `m`.
    public static let waistCircumference = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaistCircumference")
    /// `HKQuantityTypeIdentifierDietaryFatTotal`: cumulative, canonical unit `g`.
    public static let dietaryFatTotal = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    /// `HKQuantityTypeIdentifierDietaryFatPolyunsaturated`: cumulative, canonical unit `g`.
    public static let dietaryFatPolyunsaturated = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated")
    /// `HKQuantityTypeIdentifierDietaryFatMonounsaturated`: cumulative, canonical unit `g`.
    public static let dietaryFatMonounsaturated = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatMonounsaturated")
    /// `HKQuantityTypeIdentifierDietaryFatSaturated`: cumulative, canonical unit `g`.
    public static let dietaryFatSaturated = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    /// `HKQuantityTypeIdentifierDietaryCholesterol`: cumulative, canonical unit `mg`.
    public static let dietaryCholesterol = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    /// `HKQuantityTypeIdentifierDietarySodium`: cumulative, canonical unit `mg`.
    public static let dietarySodium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    /// `HKQuantityTypeIdentifierDietaryCarbohydrates`: cumulative, canonical unit `g`.
    public static let dietaryCarbohydrates = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    /// `HKQuantityTypeIdentifierDietaryFiber`: cumulative, canonical unit `g`.
    public static let dietaryFiber = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFiber")
    /// `HKQuantityTypeIdentifierDietarySugar`: cumulative, canonical unit `g`.
    public static let dietarySugar = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySugar")
    /// `HKQuantityTypeIdentifierDietaryEnergyConsumed`: cumulative, canonical unit `kcal`.
    public static let dietaryEnergyConsumed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    /// `HKQuantityTypeIdentifierDietaryProtein`: cumulative, canonical unit `g`.
    public static let dietaryProtein = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    /// `HKQuantityTypeIdentifierDietaryVitaminA`: cumulative, canonical unit `mcg`.
    public static let dietaryVitaminA = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminA")
    /// `HKQuantityTypeIdentifierDietaryVitaminB6`: cumulative, canonical unit `mg`.
    public static let dietaryVitaminB6 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB6")
    /// `HKQuantityTypeIdentifierDietaryVitaminB12`: cumulative, canonical unit `mcg`.
    public static let dietaryVitaminB12 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB12")
    /// `HKQuantityTypeIdentifierDietaryVitaminC`: cumulative, canonical unit `mg`.
    public static let dietaryVitaminC = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminC")
    /// `HKQuantityTypeIdentifierDietaryVitaminD`: cumulative, canonical unit `mcg`.
    public static let dietaryVitaminD = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    /// `HKQuantityTypeIdentifierDietaryVitaminE`: cumulative, canonical unit `mg`.
    public static let dietaryVitaminE = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminE")
    /// `HKQuantityTypeIdentifierDietaryVitaminK`: cumulative, canonical unit `mcg`.
    public static let dietaryVitaminK = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminK")
    /// `HKQuantityTypeIdentifierDietaryCalcium`: cumulative, canonical unit `mg`.
    public static let dietaryCalcium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    /// `HKQuantityTypeIdentifierDietaryIron`: cumulative, canonical unit `mg`.
    public static let dietaryIron = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIron")
    /// `HKQuantityTypeIdentifierDietaryThiamin`: cumulative, canonical unit `mg`.
    public static let dietaryThiamin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryThiamin")
    /// `HKQuantityTypeIdentifierDietaryRiboflavin`: cumulative, canonical unit `mg`.
    public static let dietaryRiboflavin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryRiboflavin")
    /// `HKQuantityTypeIdentifierDietaryNiacin`: cumulative, canonical unit `mg`.
    public static let dietaryNiacin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryNiacin")
    /// `HKQuantityTypeIdentifierDietaryFolate`: cumulative, canonical unit `mcg`.
    public static let dietaryFolate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFolate")
    /// `HKQuantityTypeIdentifierDietaryBiotin`: cumulative, canonical unit `mcg`.
    public static let dietaryBiotin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryBiotin")
    /// `HKQuantityTypeIdentifierDietaryPantothenicAcid`: cumulative, canonical unit `mg`.
    public static let dietaryPantothenicAcid = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPantothenicAcid")
    /// `HKQuantityTypeIdentifierDietaryPhosphorus`: cumulative, canonical unit `mg`.
    public static let dietaryPhosphorus = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPhosphorus")
    /// `HKQuantityTypeIdentifierDietaryIodine`: cumulative, canonical unit `mcg`.
    public static let dietaryIodine = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIodine")
    /// `HKQuantityTypeIdentifierDietaryMagnesium`: cumulative, canonical unit `mg`.
    public static let dietaryMagnesium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMagnesium")
    /// `HKQuantityTypeIdentifierDietaryZinc`: cumulative, canonical unit `mg`.
    public static let dietaryZinc = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryZinc")
    /// `HKQuantityTypeIdentifierDietarySelenium`: cumulative, canonical unit `mcg`.
    public static let dietarySelenium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySelenium")
    /// `HKQuantityTypeIdentifierDietaryCopper`: cumulative, canonical unit `mg`.
    public static let dietaryCopper = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCopper")
    /// `HKQuantityTypeIdentifierDietaryManganese`: cumulative, canonical unit `mg`.
    public static let dietaryManganese = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryManganese")
    /// `HKQuantityTypeIdentifierDietaryChromium`: cumulative, canonical unit `mcg`.
    public static let dietaryChromium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChromium")
    /// `HKQuantityTypeIdentifierDietaryMolybdenum`: cumulative, canonical unit `mcg`.
    public static let dietaryMolybdenum = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMolybdenum")
    /// `HKQuantityTypeIdentifierDietaryChloride`: cumulative, canonical unit `mg`.
    public static let dietaryChloride = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChloride")
    /// `HKQuantityTypeIdentifierDietaryPotassium`: cumulative, canonical unit `mg`.
    public static let dietaryPotassium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    /// `HKQuantityTypeIdentifierDietaryCaffeine`: cumulative, canonical unit `mg`.
    public static let dietaryCaffeine = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCaffeine")
    /// `HKQuantityTypeIdentifierDietaryWater`: cumulative, canonical unit `mL`.
    public static let dietaryWater = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryWater")
}
