import Foundation
import Testing
import TestSupport
@testable import OpenHealthKitCore

@Suite(.timeLimit(.minutes(10)), .serialized) struct WorkoutRecoveryTests {
    static let source = HKSource(name: "Recorder", bundleIdentifier: "org.openhealthkit.recovery-tests")

    @Test func aWorkoutSurvivesKillDashNine() async throws {
        let path = Scratch.url("recovery").appendingPathComponent("health.sqlite").path
        setenv("OHK_RECOVERY_STORE", path, 1)
        await #expect(processExitsWith: .signal(SIGKILL)) {
            // The child: record part of a run, then die without warning.
            let path = ProcessInfo.processInfo.environment["OHK_RECOVERY_STORE"]!
            let store = HKHealthStore(location: .file(path), source: WorkoutRecoveryTests.source)
            let heartRate = HKQuantityType(.heartRate)
            try await store.requestAuthorization(toShare: [heartRate, HKWorkoutType(), HKSeriesType.workoutRoute()], read: [heartRate, HKWorkoutType()])
            let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_709_251_200))
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = .running
            configuration.locationType = .outdoor
            let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
            let builder = session.associatedWorkoutBuilder()
            let updates = session.updates()
            session.startActivity(with: clock.now)
            try await builder.beginCollection(at: clock.now)
            let bpm = HKUnit(from: "count/min")
            for minute in 0..<5 {
                let t = clock.now.addingTimeInterval(Double(minute) * 60)
                try await builder.addSamples([HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 140 + Double(minute)), start: t, end: t)])
            }
            let route = builder.seriesBuilder(for: .workoutRoute())!
            for second in 0..<3 {
                let t = Date(timeIntervalSince1970: 1_709_251_200 + Double(second) * 10)
                try await route.insertRouteData([CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48.1 + Double(second) * 0.0001, longitude: 11.5),
                                                            altitude: 500, horizontalAccuracy: 5, verticalAccuracy: 8, timestamp: t)])
            }
            clock.advance(by: 300)
            session.pause()
            clock.advance(by: 60)
            session.resume()
            var seen = 0
            for await update in updates {
                if case .stateChanged = update { seen += 1 }
                if seen == 3 { break } // running, paused, running: each persisted before it is reported
            }
            kill(getpid(), SIGKILL)
        }

        // The parent: another process picks the workout up.
        let store = HKHealthStore(location: .file(path), source: Self.source)
        let clock = VirtualClock(start: at(600))
        let session = try #require(try await store.recoverActiveWorkoutSession(clock: clock))
        #expect(session.state == .running)
        #expect(session.startDate == at(0))
        let builder = session.associatedWorkoutBuilder()
        #expect(builder.startDate == at(0))
        #expect(builder.workoutEvents.map(\.type) == [.pause, .resume])
        #expect(builder.elapsedTime(at: at(600)) == 540)
        let recovered = try #require(builder.statistics(for: heartRate))
        #expect(abs(try #require(recovered.averageQuantity()).doubleValue(for: bpm) - 142) < 1e-9)

        // Carry on and finish.
        try await builder.addSamples([heartRateSample(150, at: 420)])
        try await builder.seriesBuilder(for: .workoutRoute())?.insertRouteData([CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 48.1005, longitude: 11.5), altitude: 500, horizontalAccuracy: 5, verticalAccuracy: 8, timestamp: at(420))])
        session.stopActivity(with: at(600))
        try await builder.endCollection(at: at(600))
        let workout = try #require(try await builder.finishWorkout())
        session.end()
        #expect(workout.duration == 540)
        let samples = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(from: workout))],
                                                        sortDescriptors: []).result(for: store)
        #expect(samples.count == 6)
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: store)
        #expect((routes.first as? HKWorkoutRoute)?.count == 4, "the three positions written before the crash and one after")
        #expect(try await store.recoverActiveWorkoutSession() == nil)
    }

    @Test func aFinishBeforeTheCrashIsReconciledNotRepeated() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate, HKWorkoutType()], source: Self.source)
        let clock = VirtualClock(start: at(0))
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .walking
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        try await builder.addSamples([heartRateSample(100, at: 10)])
        try await builder.endCollection(at: at(120))
        // The state as persisted just before finishing: the crash comes after the save.
        let parts = builder.persistedParts()
        let workout = try #require(try await builder.finishWorkout())
        store.persistActiveWorkout(builder.workoutUUID, state: PersistedWorkout(
            sessionState: HKWorkoutSessionState.running.rawValue, sessionStart: at(0), sessionEnd: nil, configuration: configuration.values,
            builderState: parts.state, start: parts.start, end: parts.end, events: parts.events, metadata: parts.metadata, activities: parts.activities,
            route: nil))

        let recovered = try #require(try await store.recoverActiveWorkoutSession(clock: clock))
        let again = try #require(try await recovered.associatedWorkoutBuilder().finishWorkout())
        #expect(again.uuid == workout.uuid)
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store)
        #expect(workouts.count == 1)
        #expect(try await store.recoverActiveWorkoutSession() == nil)
        session.end()
    }
}
