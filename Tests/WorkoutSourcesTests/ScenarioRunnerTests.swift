import Foundation
import Testing
import OpenHealthKit
import WorkoutSources
import TestSupport
import ScenarioModel

/// A store of its own in a temporary file: in-memory stores are one per process
/// (like a device's), and tests run in parallel.
func temporaryStore() -> HKHealthStore {
    let path = Scratch.url("scenario").appendingPathComponent("health.sqlite").path
    return HKHealthStore(location: .file(path))
}

@Suite(.timeLimit(.minutes(10))) struct ScenarioRunnerTests {
    static func scenario(_ extra: String = "", timeline: String = """
          - start
          - move: {duration: 10m, pace: "5:00/km"}
          - pause
          - rest: 1m
          - resume
          - move: {duration: 10m, pace: "5:00/km"}
          - lap
          - stop
          - end
        """) throws -> Scenario {
        try Scenario(yaml: """
            activity: running
            seed: 5
            athlete: {age: 30, sex: male, mass: 70, maxHeartRate: 190, restingHeartRate: 50}
            route:
              loop: {center: [51.5, -0.1, 10], length: 2km, climb: 10}
            \(extra)
            timeline:
            \(timeline)
            """, file: "test.yaml")
    }

    @Test func aReplayDrivesTheRealSessionAndBuilder() async throws {
        let result = try await ScenarioRunner(scenario: try Self.scenario()).replay(in: temporaryStore())
        #expect(result.state == "ended")
        #expect(result.elapsed == 1200)
        #expect(result.duration == 1260)
        // Events sort by start, and the lap began at the start.
        #expect(result.events.map(\.type) == ["lap", "pause", "resume"])
        #expect(result.laps.count == 1)
        // 20 minutes at 5:00/km, less the acceleration: 4 km along the route; GPS noise adds a little.
        #expect(abs(result.groundTruth.distanceMeters - 4000) < 10)
        #expect(abs(result.totalDistanceMeters - result.groundTruth.distanceMeters) / result.groundTruth.distanceMeters < 0.02)
        let heartRate = try #require(result.heartRate)
        #expect(heartRate.maximum > heartRate.average && heartRate.average > heartRate.minimum)
        #expect(result.totalEnergyKilocalories > 150 && result.totalEnergyKilocalories < 400)
        // The data source collects only while the session runs: not during the minute paused.
        #expect(result.sampleCounts["heartRate"] == 1200)
        #expect(result.errors.isEmpty)
    }

    @Test func theSameScenarioGivesTheSameBytes() async throws {
        let scenario = try Self.scenario()
        let first = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore()).json()
        let second = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore()).json()
        #expect(first == second)
        var reseeded = scenario
        reseeded.seed = 6
        let third = try await ScenarioRunner(scenario: reseeded).replay(in: temporaryStore()).json()
        #expect(third != first)
    }

    @Test func notSavingTheCollectedDataChangesNothingButTheStore() async throws {
        let scenario = try Self.scenario()
        let saving = temporaryStore(), notSaving = temporaryStore()
        let saved = try await ScenarioRunner(scenario: scenario).replay(in: saving)
        let unsaved = try await ScenarioRunner(scenario: scenario).replay(in: notSaving, savingCollectedData: false)
        #expect(unsaved.json() == saved.json())
        let heartRate = HKSamplePredicate.quantitySample(type: HKQuantityType(.heartRate))
        // Readings, not rows: the live builder writes them as series.
        #expect(try await HKSampleQueryDescriptor(predicates: [heartRate], sortDescriptors: []).result(for: saving).reduce(0) { $0 + $1.count } == 1200)
        #expect(try await HKSampleQueryDescriptor(predicates: [heartRate], sortDescriptors: []).result(for: notSaving).isEmpty)
        #expect(try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: notSaving).count == 1)
    }

    @Test func everyFaultShowsInTheResult() async throws {
        let scenario = try Self.scenario("""
            faults:
              - gpsLoss: {at: 2m, duration: 60s}
              - strapContactLost: {at: 4m, duration: 30s}
              - sensorDisconnect: {sensor: heartRate, at: 12m, duration: 20s}
              - gpsdRestart: {at: 15m, duration: 10s}
              - clockJump: {at: 16m, by: 1h}
            """)
        let result = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        let faults = Dictionary(uniqueKeysWithValues: result.faults.map { ($0.kind, $0) })
        #expect(faults["gpsLoss"]?.statuses == ["noFix", "fix3D"])
        #expect((faults["gpsLoss"]?.gapSeconds ?? 0) >= 60)
        #expect(faults["strapContactLost"]?.statuses == ["contactLost", "contactRestored"])
        #expect((faults["strapContactLost"]?.gapSeconds ?? 0) >= 30)
        #expect(faults["sensorDisconnect"]?.statuses == ["disconnected", "reconnecting", "connected"])
        #expect((faults["sensorDisconnect"]?.gapSeconds ?? 0) >= 20)
        #expect(faults["gpsdRestart"]?.statuses == ["disconnected", "reconnecting", "connected"])
        #expect((faults["gpsdRestart"]?.gapSeconds ?? 0) >= 10)
        #expect(faults["clockJump"]?.clockOffsetSeconds == 3600)
        // The host clock jumped an hour: the session's end is an hour past the sensors' time.
        #expect(result.duration > 3600)
        #expect(result.value(forKey: "faults.gpsLoss.gapSeconds") == faults["gpsLoss"]?.gapSeconds.map { .number($0) })
    }

    @Test func pausedReadingsDoNotCount() async throws {
        // Standing still for ten minutes while paused must not lower the average heart rate.
        let paused = try await ScenarioRunner(scenario: try Self.scenario(timeline: """
              - start
              - move: {duration: 10m, pace: "4:30/km"}
              - pause
              - rest: 10m
              - resume
              - move: {duration: 10s, pace: "4:30/km"}
              - stop
              - end
            """)).replay(in: temporaryStore())
        let running = try await ScenarioRunner(scenario: try Self.scenario(timeline: """
              - start
              - move: {duration: 10m, pace: "4:30/km"}
              - rest: 10m
              - move: {duration: 10s, pace: "4:30/km"}
              - stop
              - end
            """)).replay(in: temporaryStore())
        #expect(paused.elapsed == 610)
        #expect(running.elapsed == 1210)
        #expect(try #require(paused.heartRate?.average) > (try #require(running.heartRate?.average)) + 10)
    }

    @Test func expectationsAreJudged() async throws {
        let scenario = try Self.scenario("""
            expect:
              state: ended
              elapsed: 20m ± 1s
              laps: 2
            """)
        let result = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        let report = ScenarioReport(file: "test.yaml", scenario: scenario, result: result)
        #expect(report.passed == 2)
        #expect(report.failed == 1)
        #expect(report.text.contains("✗ laps: expected 2, measured 1"))
        let junit = ScenarioReport.junit([report])
        #expect(junit.contains("<testcase classname=\"test.yaml\" name=\"laps\">"))
        #expect(junit.contains("failures=\"1\""))
    }

    /// A workout manager of the app's own, in Apple's style, driven by the runner.
    final class AppWorkoutManager: NSObject, ScenarioDriver, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
        let healthStore: HKHealthStore
        let clock: any WorkoutClock
        var session: HKWorkoutSession?
        var builder: HKLiveWorkoutBuilder?
        private let lock = NSLock()
        private var _states: [HKWorkoutSessionState] = []
        var states: [HKWorkoutSessionState] { lock.withLock { _states } }
        var workout: HKWorkout?

        init(healthStore: HKHealthStore, clock: any WorkoutClock) {
            self.healthStore = healthStore
            self.clock = clock
        }

        var liveBuilder: HKLiveWorkoutBuilder? { builder }

        func perform(_ step: ScenarioStep, at date: Date) async throws {
            switch step {
            case .start:
                let configuration = HKWorkoutConfiguration()
                configuration.activityType = .running
                configuration.locationType = .outdoor
                session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration, clock: clock)
                builder = session?.associatedWorkoutBuilder()
                session?.delegate = self
                builder?.delegate = self
                builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration, sources: [])
                session?.startActivity(with: date)
                try await builder?.beginCollection(at: date)
            case .pause: session?.pause()
            case .resume: session?.resume()
            case .stop:
                session?.stopActivity(with: date)
                try await builder?.endCollection(at: date)
            case .end:
                session?.end()
                workout = try await builder?.finishWorkout()
            default: break
            }
        }

        func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {
            lock.withLock { _states.append(toState) }
        }
        func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
        func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}
        func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    }

    @Test func aScenarioDrivesTheAppsOwnWorkoutCode() async throws {
        let store = temporaryStore()
        let types: Set<HKSampleType> = [HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.runningSpeed), HKQuantityType(.basalEnergyBurned), HKWorkoutType(), HKSeriesType.workoutRoute()]
        try await store.requestAuthorization(toShare: types, read: types)
        let runner = ScenarioRunner(scenario: try Self.scenario())
        let manager = AppWorkoutManager(healthStore: store, clock: runner.clock)
        let run = try await runner.run(driving: manager)
        let workout = try #require(manager.workout)
        #expect(workout.duration == 1200)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        let heartRate = try #require(workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity())
        #expect(heartRate.doubleValue(for: HKUnit(from: "count/min")) > 100)
        let distance = try #require(workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity())
        #expect(abs(distance.doubleValue(for: .meter()) - run.groundTruthDistance) < run.groundTruthDistance * 0.02)
    }
}
