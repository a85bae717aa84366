#if !canImport(HealthKit)
import Foundation
import OpenHealthKit
import ScenarioModel
import Testing
import WorkoutApp
import WorkoutSources

/// The workout manager driven through the project's shipped scenarios on a virtual clock (half an hour in well under a
/// second): what its screen shows, and the workout it saves.
@MainActor
@Suite struct WorkoutManagerTests {
    /// The shipped scenarios, beside this package.
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios").standardized

    /// Runs `name` through the app in a store of its own, and waits for the app to show the saved workout.
    func run(_ name: String) async throws -> (WorkoutManager, ScenarioRunner.Run, HKWorkout) {
        let scenario = try Scenario(contentsOf: Self.scenarios.appendingPathComponent(name))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workout-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = HKHealthStore(location: .file(folder.appendingPathComponent("health.sqlite").path))
        let runner = ScenarioRunner(scenario: scenario)
        let app = ScenarioDrivenApp(scenario: scenario, runner: runner, store: store)
        try await app.manager.requestAuthorization()
        let run = try await runner.run(driving: app)
        // The app saves from its session delegate: wait for that, not for a time.
        for _ in 0..<6_000 where app.manager.workout == nil && app.manager.lastError == nil {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(app.manager.lastError == nil, "\(String(describing: app.manager.lastError))")
        return (app.manager, run, try #require(app.manager.workout))
    }

    @Test func aRunWithTwoWaitsAtTrafficLights() async throws {
        let (app, run, workout) = try await run("easy-run.yaml")
        #expect(app.pausesShown == 2)
        #expect(!app.running)
        #expect(abs(app.distance - run.groundTruthDistance) < run.groundTruthDistance * 0.02, "shown \(app.distance) m, ridden \(run.groundTruthDistance) m")
        #expect((135...150).contains(app.averageHeartRate), "average heart rate \(app.averageHeartRate)")
        #expect(app.activeEnergy > 200)
        // The saved workout's figures are the ones the screen showed last.
        let saved = workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0
        #expect(abs(saved - app.distance) < 1, "saved \(saved) m, shown \(app.distance) m")
        #expect(workout.workoutEvents?.filter { $0.type == .pause }.count == 2)
        #expect(abs(workout.duration - 29 * 60) < 60, "active \(workout.duration) s")
    }

    @Test func aStrapThatLosesContactShowsNoHeartRateMeanwhile() async throws {
        let (app, _, workout) = try await run("strap-dropout.yaml")
        let samples = workout.statistics(for: HKQuantityType(.heartRate))
        #expect(samples?.averageQuantity() != nil)
        // The screen updated once a heart rate arrived: a minute and half a minute of silence show as fewer updates
        // than the workout's seconds.
        #expect(app.heartRateUpdates > 0 && Double(app.heartRateUpdates) < workout.duration - 80, "\(app.heartRateUpdates) updates in \(workout.duration) s")
        #expect(app.heartRate >= 60)
    }

    @Test func aRideWithADetourAndATunnel() async throws {
        let (app, run, workout) = try await run("course-detour.yaml")
        #expect(workout.workoutActivityType == .cycling)
        // Distance comes from the fixes: the 2 km through the tunnel, without one, are not counted (as `workout
        // replay` of the scenario says too), the detour is.
        #expect(abs(app.distance - (run.groundTruthDistance - 2_000)) < 150, "shown \(app.distance) m, ridden \(run.groundTruthDistance) m")
        let saved = workout.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0
        #expect(abs(saved - app.distance) < 1, "saved \(saved) m, shown \(app.distance) m")
    }
}
#endif
