

/// The type of workouts.
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {
    package static let workoutIdentifier = "HKWorkoutTypeIdentifier"

    /// The workout type; the same as ``HKObjectType/workoutType()``.
    public init() {
        super.init(identifier: Self.workoutIdentifier)
    }
}
