public import Foundation
public import OpenHealthKitCore
import Synchronization
public import ScenarioModel

/// The workout code a scenario drives: your own HealthKit-style manager, or
/// the runner's standard ``ScenarioWorkout``.
///
/// The runner calls ``perform(_:at:)`` for each session action of the timeline
/// (start, pause, lap, stop, end, …) and delivers the simulated sensors'
/// readings to ``liveBuilder``'s data source, in order, from one task, so the
/// same scenario always gives the same workout.
public protocol ScenarioDriver: AnyObject, Sendable {
    /// The builder whose data source receives readings; `nil` until the workout starts.
    var liveBuilder: HKLiveWorkoutBuilder? { get }
    /// Carries out a session action at `date`, the virtual clock's now.
    func perform(_ step: ScenarioStep, at date: Date) async throws
}
