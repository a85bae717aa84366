public import Foundation
internal import GRDB

/// The user's characteristics: the profile HealthKit reads them from. On a phone
/// the user types these in; here a tool or test sets them with
/// ``HKHealthStore/setUserProfile(_:)``.
public struct HKUserProfile: Hashable, Sendable, Codable {
    /// Date of birth (year, month, day).
    public var dateOfBirth: DateComponents?
    /// Biological sex.
    public var biologicalSex: HKBiologicalSex
    /// Blood type.
    public var bloodType: HKBloodType
    /// Skin type.
    public var skinType: HKFitzpatrickSkinType
    /// Wheelchair use.
    public var wheelchairUse: HKWheelchairUse
    /// Move mode.
    public var activityMoveMode: HKActivityMoveMode

    /// A profile; every field defaults to not set.
    public init(dateOfBirth: DateComponents? = nil, biologicalSex: HKBiologicalSex = .notSet, bloodType: HKBloodType = .notSet,
                skinType: HKFitzpatrickSkinType = .notSet, wheelchairUse: HKWheelchairUse = .notSet,
                activityMoveMode: HKActivityMoveMode = .activeEnergy) {
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
        self.bloodType = bloodType
        self.skinType = skinType
        self.wheelchairUse = wheelchairUse
        self.activityMoveMode = activityMoveMode
    }
}
