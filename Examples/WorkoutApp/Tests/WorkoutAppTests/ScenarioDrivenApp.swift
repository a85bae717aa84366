#if !canImport(HealthKit)
import Foundation
import OpenHealthKit
import ScenarioModel
import WorkoutApp
import WorkoutSources

/// The app's manager as a scenario drives it: each start, pause, resume and end of the timeline is the app's own
/// button, on the runner's virtual clock, and the simulated sensors' readings reach its builder's data source.
final class ScenarioDrivenApp: ScenarioDriver, @unchecked Sendable {
    let manager: WorkoutManager
    let activity: HKWorkoutActivityType
    private let lock = NSLock()
    private var builder: HKLiveWorkoutBuilder?

    /// The app on `runner`'s clock, for `scenario`.
    @MainActor
    init(scenario: Scenario, runner: ScenarioRunner, store: HKHealthStore) {
        manager = WorkoutManager(healthStore: store)
        activity = scenario.activity
        let clock = runner.clock
        manager.sessionFactory = { store, configuration in
            try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        }
    }

    var liveBuilder: HKLiveWorkoutBuilder? { lock.withLock { builder } }

    func perform(_ step: ScenarioStep, at date: Date) async throws {
        switch step {
        case .start:
            try await manager.startWorkout(workoutType: activity, at: date)
            let started = await manager.builder
            lock.withLock { builder = started }
        case .pause:
            await manager.pause()
        case .resume:
            await manager.resume()
        case .end:
            await manager.endWorkout()
        default:
            // The app has no lap or marker button, and ends without stopping first, as the samples do.
            break
        }
    }
}
#endif
