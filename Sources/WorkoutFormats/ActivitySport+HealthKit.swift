public import HealthKitModel

extension ActivitySport {
    /// The sport of a HealthKit activity type (``generic`` when files have no such sport).
    public init(_ activityType: HKWorkoutActivityType) {
        self = switch activityType {
        case .running: .running
        case .cycling, .handCycling: .cycling
        case .walking: .walking
        case .hiking: .hiking
        case .swimming: .swimming
        case .rowing: .rowing
        case .crossCountrySkiing: .crossCountrySkiing
        case .transition: .transition
        case .traditionalStrengthTraining, .functionalStrengthTraining, .crossTraining, .mixedCardio, .highIntensityIntervalTraining: .training
        default: .generic
        }
    }

    /// The HealthKit activity type of the sport.
    public var activityType: HKWorkoutActivityType {
        switch self {
        case .generic: .other
        case .running: .running
        case .cycling: .cycling
        case .transition: .transition
        case .swimming: .swimming
        case .walking: .walking
        case .hiking: .hiking
        case .rowing: .rowing
        case .crossCountrySkiing: .crossCountrySkiing
        case .training: .traditionalStrengthTraining
        }
    }
}
