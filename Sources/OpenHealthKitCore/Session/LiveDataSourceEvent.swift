import Foundation

/// What a live data source tells as it happens, beside the readings it adds:
/// from ``HKLiveWorkoutDataSource/events()``. (An OpenHealthKit addition.)
///
/// Every status a source reports comes through, however briefly it lasted, so
/// a recorder can show a refused connection followed at once by a good one
/// instead of sampling ``HKLiveWorkoutDataSource/statuses`` and missing it.
public enum LiveDataSourceEvent: Sendable, Hashable {
    /// A source reported a status (connected, reconnecting, a fix, contact…).
    case status(WorkoutSourceStatus)
    /// Something went wrong: a source failed, the store refused writes (or
    /// took them again), the route is not shared. Its message is added to
    /// ``HKLiveWorkoutDataSource/failures``.
    case failure(LiveFailure)
}
