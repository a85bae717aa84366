import Foundation
import Testing
import TestSupport
import OpenHealthKit

/// A workout manager in the style of Apple's live-workout sample: delegate of
/// the session and the builder, unchanged but for the import and the injected
/// clock. Samples are added by the test, standing in for a data source.
final class WorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    let clock: VirtualClock
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    private let lock = NSLock()
    private var _states: [HKWorkoutSessionState] = []
    private var _events = 0
    private var _heartRate: Double = 0
    private var _energy: Double = 0
    let changes = AsyncStream<Void>.makeStream()

    var states: [HKWorkoutSessionState] { lock.withLock { _states } }
    var collectedEvents: Int { lock.withLock { _events } }
    var heartRate: Double { lock.withLock { _heartRate } }
    var activeEnergy: Double { lock.withLock { _energy } }

    init(healthStore: HKHealthStore, clock: VirtualClock) {
        self.healthStore = healthStore
        self.clock = clock
    }

    func startWorkout(workoutType: HKWorkoutActivityType) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = workoutType
        configuration.locationType = .outdoor
        session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration, clock: clock)
        builder = session?.associatedWorkoutBuilder()
        session?.delegate = self
        builder?.delegate = self
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let startDate = clock.now
        session?.startActivity(with: startDate)
        try await builder?.beginCollection(at: startDate)
    }

    func pause() { session?.pause() }
    func resume() { session?.resume() }
    func endWorkout() { session?.end() }

    // MARK: HKWorkoutSessionDelegate

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        lock.withLock { _states.append(toState) }
        changes.continuation.yield()
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}

    // MARK: HKLiveWorkoutBuilderDelegate

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        lock.withLock { _events += 1 }
        changes.continuation.yield()
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType else { continue }
            let statistics = workoutBuilder.statistics(for: quantityType)
            if quantityType == HKQuantityType(.heartRate) {
                let heartRateUnit = HKUnit.count().unitDivided(by: HKUnit.minute())
                lock.withLock { _heartRate = statistics?.mostRecentQuantity()?.doubleValue(for: heartRateUnit) ?? 0 }
            } else if quantityType == HKQuantityType(.activeEnergyBurned) {
                let energyUnit = HKUnit.kilocalorie()
                lock.withLock { _energy = statistics?.sumQuantity()?.doubleValue(for: energyUnit) ?? 0 }
            }
        }
        changes.continuation.yield()
    }

    func waitUntil(_ condition: () -> Bool) async {
        var iterator = changes.stream.makeAsyncIterator()
        while !condition(), !Task.isCancelled, await iterator.next() != nil {}
    }
}

/// Apple's live-workout sample as written for HealthKit: no clock, no sources
/// named in code, nothing but `import OpenHealthKit` instead of `import HealthKit`.
final class AppleWorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    // Apple's sample holds `HKHealthStore()`. A store of its own here: the process's
    // in-memory store is one device that every test shares, and a session
    // started on it by a test running beside this one (a replay, say) would
    // take over and end this one's, as a second workout on a watch does.
    let healthStore = HKHealthStore(location: .file(Scratch.url("apple-sample").appendingPathComponent("health.sqlite").path))
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    private let lock = NSLock()
    private var _heartRate: Double = 0
    private var _distance: Double = 0

    var heartRate: Double { lock.withLock { _heartRate } }
    var distance: Double { lock.withLock { _distance } }

    func requestAuthorization() async throws {
        let typesToShare: Set<HKSampleType> = [HKQuantityType.workoutType(), HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
                                               HKQuantityType(.distanceWalkingRunning), HKSeriesType.workoutRoute()]
        let typesToRead: Set<HKObjectType> = [HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned), HKQuantityType(.distanceWalkingRunning)]
        try await healthStore.requestAuthorization(toShare: typesToShare, read: typesToRead)
    }

    func startWorkout() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        builder = session?.associatedWorkoutBuilder()
        session?.delegate = self
        builder?.delegate = self
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let startDate = Date()
        session?.startActivity(with: startDate)
        try await builder?.beginCollection(at: startDate)
    }

    func endWorkout() async throws -> HKWorkout? {
        session?.end()
        try await builder?.endCollection(at: Date())
        return try await builder?.finishWorkout()
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType, let statistics = workoutBuilder.statistics(for: quantityType) else { continue }
            switch quantityType {
            case HKQuantityType(.heartRate):
                let value = statistics.mostRecentQuantity()?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) ?? 0
                lock.withLock { _heartRate = value }
            case HKQuantityType(.distanceWalkingRunning):
                let value = statistics.sumQuantity()?.doubleValue(for: .meter()) ?? 0
                lock.withLock { _distance = value }
            default:
                break
            }
        }
    }
}

/// The strap the fixture scheme hands out: the test sends its readings.
let fixtureStrap = ControlledSource()

@Suite(.timeLimit(.minutes(10)), .serialized) struct LiveWorkoutManagerExampleTests {
    /// `import OpenHealthKit` alone hears the built-in sources: a scenario named in
    /// `OPENHEALTHKIT_SOURCES` (15 seconds of running, in real time, as sensors would
    /// send it to a session on the wall clock) feeds Apple's sample code with no registration call.
    @Test func appleSampleCodeHearsTheSourcesTheEnvironmentNames() async throws {
        let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("apple-sample-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: scenario) }
        try """
            name: two minutes for the sample app
            activity: running
            seed: 11
            athlete: {age: 30, sex: male, mass: 72, height: 180, maxHeartRate: 190}
            route:
              loop: {center: [48.14, 11.58], length: 2km}
            timeline:
              - start
              - move: {duration: 15s, pace: "5:00/km"}
              - stop
            """.write(to: scenario, atomically: true, encoding: .utf8)
        let manager = AppleWorkoutManager()
        try await manager.requestAuthorization()
        // The data source reads the environment as it is made.
        try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]) { try await manager.startWorkout() }
        let dataSource = try #require(manager.builder?.dataSource)
        #expect(dataSource.configurationError == nil)
        #expect(dataSource.sources.map(\.name) == ["scenario:\(scenario.path)"])
        await dataSource.untilSourcesFinish()
        let workout = try #require(try await manager.endWorkout())
        #expect(manager.heartRate > 60, "heart rate \(manager.heartRate)")
        #expect(manager.distance > 20, "distance \(manager.distance)")
        #expect((workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")) ?? 0) > 60)
        #expect(workout.duration > 1)
    }

    @Test func theHealthKitDataSourceReadsTheSourcesTheProcessIsConfiguredWith() async throws {
        WorkoutSourceRegistry.register(scheme: "fixture-strap") { _ in fixtureStrap }
        let (store, _) = try await makeAuthorizedStore([heartRate, HKQuantityType(.activeEnergyBurned), HKWorkoutType(),
                                                        HKQuantityType(.bodyMass), HKQuantityType(.height)])
        // The user's characteristics, as the Health app holds them: energy is estimated from them, as HealthKit does.
        try await store.setUserProfile(HKUserProfile(dateOfBirth: DateComponents(year: 1990, month: 6, day: 1), biologicalSex: .female))
        try await store.save([HKQuantitySample(type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 61),
                                               start: at(-86_400), end: at(-86_400)),
                              HKQuantitySample(type: HKQuantityType(.height), quantity: HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 168),
                                               start: at(-86_400), end: at(-86_400))])
        let clock = VirtualClock(start: at(0))
        let manager = WorkoutManager(healthStore: store, clock: clock)
        try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "fixture-strap:/dev/ttyTEST0?framing=hrm1"]) {
            try await manager.startWorkout(workoutType: .running)
        }
        let builder = try #require(manager.builder)
        let dataSource = try #require(builder.dataSource)
        #expect(dataSource.sources.map(\.name) == [fixtureStrap.name])
        #expect(dataSource.configurationError == nil)
        let profile = try #require(dataSource.athleteProfile)
        #expect(profile.sex == .female && profile.massKilograms == 61 && profile.heightCentimeters == 168 && profile.age == 33)
        // The strap reports heart rate and its own energy field; energy comes from heart rate with the user's profile.
        for second in stride(from: 0.0, through: 30, by: 5) {
            fixtureStrap.send(.quantity(heartRateSample(120 + second, at: second)))
            fixtureStrap.send(.quantity(HKQuantitySample(type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 0.5),
                                                         start: at(second), end: at(second + 5))))
        }
        fixtureStrap.finish()
        await dataSource.untilSourcesFinish()
        await manager.waitUntil { manager.heartRate == 150 && manager.activeEnergy > 0 }
        #expect(manager.heartRate == 150)
        #expect(manager.activeEnergy > 0)
        #expect(!dataSource.failures.contains { $0.hasPrefix("energy:") }, "the store held every characteristic: \(dataSource.failures)")
        manager.endWorkout()
    }

    @Test func managerSeesStatesEventsHeartRateAndElapsedTimeWithoutThePause() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate, HKQuantityType(.activeEnergyBurned), HKWorkoutType()])
        let clock = VirtualClock(start: at(0))
        let manager = WorkoutManager(healthStore: store, clock: clock)
        try await manager.startWorkout(workoutType: .running)
        let builder = try #require(manager.builder)
        await manager.waitUntil { manager.states == [.running] }

        try await builder.addSamples([heartRateSample(140, at: 30)])
        await manager.waitUntil { manager.heartRate == 140 }
        clock.advance(by: 600)
        manager.pause()
        await manager.waitUntil { manager.states == [.running, .paused] && manager.collectedEvents == 1 }
        clock.advance(by: 120)
        #expect(builder.elapsedTime == 600)
        manager.resume()
        await manager.waitUntil { manager.states == [.running, .paused, .running] && manager.collectedEvents == 2 }
        clock.advance(by: 300)
        #expect(builder.elapsedTime == 900)
        try await builder.addSamples([heartRateSample(165, at: 1000)])
        await manager.waitUntil { manager.heartRate == 165 }

        manager.session?.stopActivity(with: clock.now)
        try await builder.endCollection(at: clock.now)
        let workout = try #require(try await builder.finishWorkout())
        manager.endWorkout()
        await manager.waitUntil { manager.states.last == .ended }
        #expect(manager.states == [.running, .paused, .running, .stopped, .ended])
        #expect(workout.duration == 900)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(abs(try #require(workout.statistics(for: heartRate)?.averageQuantity()).doubleValue(for: bpm) - 152.5) < 1e-9)
    }
}
