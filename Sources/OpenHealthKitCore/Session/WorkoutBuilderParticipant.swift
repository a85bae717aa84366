import Foundation

/// What changed in a workout builder, as its participant hears it.
enum WorkoutBuilderChange: Sendable {
    /// Readings of these types were counted.
    case collected(Set<HKQuantityType>)
    /// An event was added.
    case event(HKWorkoutEvent)
    /// The builder's state, dates, metadata, activities or route changed.
    case collection
    /// The workout was saved.
    case finished(HKWorkout)
    /// The workout was discarded.
    case discarded
}

/// What takes part in a workout builder's work besides its caller: for a
/// live builder, its delegate, its session and its data source
/// (``LiveBuilderParticipant``).
///
/// The builder owns its participant and tells it what changed once its own
/// state has changed, never under its lock; it asks it for what belongs to
/// finishing and discarding. The builder is passed to each call, so the
/// participant holds no reference back to it, and no builder method is
/// overridden to reach it.
protocol WorkoutBuilderParticipant: AnyObject, Sendable {
    /// `builder` changed.
    func builder(_ builder: HKWorkoutBuilder, didChange change: WorkoutBuilderChange)
    /// Writes out anything buffered for the workout before it is finished.
    func builderWillFinish(_ builder: HKWorkoutBuilder) async
    /// Metadata computed from live readings; the app's own metadata wins.
    func derivedMetadata(of builder: HKWorkoutBuilder) -> [String: Any]
    /// Metadata computed from live readings for each of the workout's activities, by identifier; the app's own wins.
    func derivedActivityMetadata(of builder: HKWorkoutBuilder) -> [UUID: [String: Any]]
    /// Saves series collected live (heartbeats) with the finished workout.
    func builder(_ builder: HKWorkoutBuilder, finishSeriesWith workout: HKWorkout) async
    /// Waits for writes still under way, so that deleting a discarded
    /// workout's samples deletes them all.
    func builderWillDiscard(_ builder: HKWorkoutBuilder) async
    /// Whether the builder shows the app only the statistics of types it may read: a live
    /// builder's data source collects what the app may not see.
    var hidesUnreadableStatistics: Bool { get }
}
