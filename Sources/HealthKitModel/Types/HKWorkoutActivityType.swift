/// The kind of activity a workout is, with Apple's raw values.
///
/// ```swift
/// HKWorkoutActivityType.running.rawValue           // 37
/// HKWorkoutActivityType(name: "cycling")           // .cycling
/// ```
public enum HKWorkoutActivityType: UInt, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Raw value 1.
    case americanFootball = 1
    /// Raw value 2.
    case archery = 2
    /// Raw value 3.
    case australianFootball = 3
    /// Raw value 4.
    case badminton = 4
    /// Raw value 5.
    case baseball = 5
    /// Raw value 6.
    case basketball = 6
    /// Raw value 7.
    case bowling = 7
    /// Raw value 8.
    case boxing = 8
    /// Raw value 9.
    case climbing = 9
    /// Raw value 10.
    case cricket = 10
    /// Raw value 11.
    case crossTraining = 11
    /// Raw value 12.
    case curling = 12
    /// Raw value 13.
    case cycling = 13
    /// Raw value 14.
    case dance = 14
    /// Raw value 15.
    case danceInspiredTraining = 15
    /// Raw value 16.
    case elliptical = 16
    /// Raw value 17.
    case equestrianSports = 17
    /// Raw value 18.
    case fencing = 18
    /// Raw value 19.
    case fishing = 19
    /// Raw value 20.
    case functionalStrengthTraining = 20
    /// Raw value 21.
    case golf = 21
    /// Raw value 22.
    case gymnastics = 22
    /// Raw value 23.
    case handball = 23
    /// Raw value 24.
    case hiking = 24
    /// Raw value 25.
    case hockey = 25
    /// Raw value 26.
    case hunting = 26
    /// Raw value 27.
    case lacrosse = 27
    /// Raw value 28.
    case martialArts = 28
    /// Raw value 29.
    case mindAndBody = 29
    /// Raw value 30.
    case mixedMetabolicCardioTraining = 30
    /// Raw value 31.
    case paddleSports = 31
    /// Raw value 32.
    case play = 32
    /// Raw value 33.
    case preparationAndRecovery = 33
    /// Raw value 34.
    case racquetball = 34
    /// Raw value 35.
    case rowing = 35
    /// Raw value 36.
    case rugby = 36
    /// Raw value 37.
    case running = 37
    /// Raw value 38.
    case sailing = 38
    /// Raw value 39.
    case skatingSports = 39
    /// Raw value 40.
    case snowSports = 40
    /// Raw value 41.
    case soccer = 41
    /// Raw value 42.
    case softball = 42
    /// Raw value 43.
    case squash = 43
    /// Raw value 44.
    case stairClimbing = 44
    /// Raw value 45.
    case surfingSports = 45
    /// Raw value 46.
    case swimming = 46
    /// Raw value 47.
    case tableTennis = 47
    /// Raw value 48.
    case tennis = 48
    /// Raw value 49.
    case trackAndField = 49
    /// Raw value 50.
    case traditionalStrengthTraining = 50
    /// Raw value 51.
    case volleyball = 51
    /// Raw value 52.
    case walking = 52
    /// Raw value 53.
    case waterFitness = 53
    /// Raw value 54.
    case waterPolo = 54
    /// Raw value 55.
    case waterSports = 55
    /// Raw value 56.
    case wrestling = 56
    /// Raw value 57.
    case yoga = 57
    /// Raw value 58.
    case barre = 58
    /// Raw value 59.
    case coreTraining = 59
    /// Raw value 60.
    case crossCountrySkiing = 60
    /// Raw value 61.
    case downhillSkiing = 61
    /// Raw value 62.
    case flexibility = 62
    /// Raw value 63.
    case highIntensityIntervalTraining = 63
    /// Raw value 64.
    case jumpRope = 64
    /// Raw value 65.
    case kickboxing = 65
    /// Raw value 66.
    case pilates = 66
    /// Raw value 67.
    case snowboarding = 67
    /// Raw value 68.
    case stairs = 68
    /// Raw value 69.
    case stepTraining = 69
    /// Raw value 70.
    case wheelchairWalkPace = 70
    /// Raw value 71.
    case wheelchairRunPace = 71
    /// Raw value 72.
    case taiChi = 72
    /// Raw value 73.
    case mixedCardio = 73
    /// Raw value 74.
    case handCycling = 74
    /// Raw value 75.
    case discSports = 75
    /// Raw value 76.
    case fitnessGaming = 76
    /// Raw value 77.
    case cardioDance = 77
    /// Raw value 78.
    case socialDance = 78
    /// Raw value 79.
    case pickleball = 79
    /// Raw value 80.
    case cooldown = 80
    /// Raw value 82.
    case swimBikeRun = 82
    /// Raw value 83.
    case transition = 83
    /// Raw value 84.
    case underwaterDiving = 84
    /// Raw value 3000.
    case other = 3000

    /// The case name, such as `"running"`, used in files and on the command line.
    public var name: String { Self.names[self] ?? String(rawValue) }

    /// The case name.
    public var description: String { name }

    /// The activity type whose case name is `name`, ignoring case.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }

    private static let names: [HKWorkoutActivityType: String] = [.americanFootball: "americanFootball", .archery: "archery", .australianFootball: "australianFootball", .badminton: "badminton", .baseball: "baseball", .basketball: "basketball", .bowling: "bowling", .boxing: "boxing", .climbing: "climbing", .cricket: "cricket", .crossTraining: "crossTraining", .curling: "curling", .cycling: "cycling", .dance: "dance", .danceInspiredTraining: "danceInspiredTraining", .elliptical: "elliptical", .equestrianSports: "equestrianSports", .fencing: "fencing", .fishing: "fishing", .functionalStrengthTraining: "functionalStrengthTraining", .golf: "golf", .gymnastics: "gymnastics", .handball: "handball", .hiking: "hiking", .hockey: "hockey", .hunting: "hunting", .lacrosse: "lacrosse", .martialArts: "martialArts", .mindAndBody: "mindAndBody", .mixedMetabolicCardioTraining: "mixedMetabolicCardioTraining", .paddleSports: "paddleSports", .play: "play", .preparationAndRecovery: "preparationAndRecovery", .racquetball: "racquetball", .rowing: "rowing", .rugby: "rugby", .running: "running", .sailing: "sailing", .skatingSports: "skatingSports", .snowSports: "snowSports", .soccer: "soccer", .softball: "softball", .squash: "squash", .stairClimbing: "stairClimbing", .surfingSports: "surfingSports", .swimming: "swimming", .tableTennis: "tableTennis", .tennis: "tennis", .trackAndField: "trackAndField", .traditionalStrengthTraining: "traditionalStrengthTraining", .volleyball: "volleyball", .walking: "walking", .waterFitness: "waterFitness", .waterPolo: "waterPolo", .waterSports: "waterSports", .wrestling: "wrestling", .yoga: "yoga", .barre: "barre", .coreTraining: "coreTraining", .crossCountrySkiing: "crossCountrySkiing", .downhillSkiing: "downhillSkiing", .flexibility: "flexibility", .highIntensityIntervalTraining: "highIntensityIntervalTraining", .jumpRope: "jumpRope", .kickboxing: "kickboxing", .pilates: "pilates", .snowboarding: "snowboarding", .stairs: "stairs", .stepTraining: "stepTraining", .wheelchairWalkPace: "wheelchairWalkPace", .wheelchairRunPace: "wheelchairRunPace", .taiChi: "taiChi", .mixedCardio: "mixedCardio", .handCycling: "handCycling", .discSports: "discSports", .fitnessGaming: "fitnessGaming", .cardioDance: "cardioDance", .socialDance: "socialDance", .pickleball: "pickleball", .cooldown: "cooldown", .swimBikeRun: "swimBikeRun", .transition: "transition", .underwaterDiving: "underwaterDiving", .other: "other"]
}
