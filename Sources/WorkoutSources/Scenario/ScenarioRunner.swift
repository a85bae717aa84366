public import Foundation
public import OpenHealthKitCore
import Synchronization

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

/// Replays a scenario on a virtual clock against a session and live builder.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "Scenarios/easy-run.yaml"))
/// let runner = ScenarioRunner(scenario: scenario)
/// let result = try await runner.replay(in: HKHealthStore(location: .inMemory))
/// print(result.totalDistanceMeters)
/// ```
///
/// To test your own workout code, make it a ``ScenarioDriver`` created with
/// ``clock`` and call ``run(driving:pacing:progress:)``.
public final class ScenarioRunner: Sendable {
    /// How fast a replay goes.
    public enum Pacing: Sendable, Hashable {
        /// As fast as possible (the virtual clock jumps from tick to tick).
        case instant
        /// `n` times real time: a tick of one second takes 1/n s.
        case speed(Double)
    }

    /// The scenario.
    public let scenario: Scenario
    /// The virtual clock sessions and builders must use; it reads the host's
    /// time in the scenario, clock jumps included.
    public let clock: VirtualClock
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A runner for `scenario`; `sleep` paces non-instant replays.
    public init(scenario: Scenario, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.scenario = scenario
        self.clock = VirtualClock(start: scenario.start)
        self.sleep = sleep
    }

    /// What a run delivered, besides what the driver's workout shows.
    public struct Run: Sendable {
        /// Metres covered along the route: the ground truth distance.
        public var groundTruthDistance: Double
        /// Seconds the timeline lasted, on the sensors' clock.
        public var timelineDuration: TimeInterval
        /// The host clock's offset from true time at the end, in seconds.
        public var clockOffset: TimeInterval
        /// Every device status delivered, in order.
        public var statuses: [WorkoutSourceStatus]
        /// Readings delivered to the data source.
        public var readingCount: Int
        /// When each position delivered while the session was running was taken.
        public var locationDates: [Date] = []
    }

    /// Plays the timeline: actions go to `driver`, readings to its builder's
    /// data source, on ``clock``.
    ///
    /// - Parameter progress: called now and then with the fraction done.
    public func run(driving driver: some ScenarioDriver, pacing: Pacing = .instant,
                    progress: (@Sendable (Double) -> Void)? = nil) async throws -> Run {
        var simulation = ScenarioSimulation(scenario: scenario)
        var converter = ScenarioReadings(scenario: scenario)
        let estimated = max(simulation.estimatedDuration, 1)
        var run = Run(groundTruthDistance: 0, timelineDuration: 0, clockOffset: 0, statuses: [], readingCount: 0)
        var batch: [WorkoutReading] = []
        var ticks = 0
        while let tick = simulation.next() {
            try Task.checkCancellation()
            if case .speed(let factor) = pacing, factor > 0, tick.time > run.timelineDuration {
                try await sleep(.seconds((tick.time - run.timelineDuration) / factor))
            }
            let readings = converter.readings(of: tick)
            // Actions happen at the tick's start, so readings gathered before them go first.
            if !tick.actions.isEmpty {
                clock.set(to: scenario.start.addingTimeInterval(run.timelineDuration + tick.clockOffset))
                await deliver(&batch, to: driver, run: &run)
                for action in tick.actions { try await driver.perform(action, at: clock.now) }
            }
            clock.set(to: scenario.start.addingTimeInterval(tick.time + tick.clockOffset))
            for case .status(let status) in readings { run.statuses.append(status) }
            batch += readings
            run.readingCount += readings.count
            if batch.count >= 256 { await deliver(&batch, to: driver, run: &run) }
            run.groundTruthDistance = tick.distance
            run.timelineDuration = tick.time
            run.clockOffset = tick.clockOffset
            ticks += 1
            if ticks % 900 == 0 { progress?(min(tick.time / estimated, 1)) }
        }
        await deliver(&batch, to: driver, run: &run)
        await driver.liveBuilder?.dataSource?.flush()
        progress?(1)
        return run
    }

    private func deliver(_ batch: inout [WorkoutReading], to driver: some ScenarioDriver, run: inout Run) async {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        // Actions go between batches, so the whole batch meets one session state.
        if driver.liveBuilder?.workoutSession?.state == .running {
            for case .location(let location) in batch { run.locationDates.append(location.timestamp) }
        }
        await driver.liveBuilder?.dataSource?.deliver(batch, from: "scenario")
    }

    /// Replays the scenario with the standard ``ScenarioWorkout`` in `store`
    /// and summarises the workout.
    ///
    /// - Parameters:
    ///   - pacing: instantly (the default), or some times faster than real time.
    ///   - progress: called now and then with the fraction done.
    ///   - savingCollectedData: whether the workout's samples, route and
    ///     heartbeats are saved with it (the default). The result is the same
    ///     either way; see ``HKLiveWorkoutDataSource/savesCollectedData``.
    public func replay(in store: HKHealthStore, pacing: Pacing = .instant,
                       progress: (@Sendable (Double) -> Void)? = nil,
                       savingCollectedData: Bool = true) async throws -> ScenarioResult {
        let workout = try await ScenarioWorkout(scenario: scenario, store: store, clock: clock, savingCollectedData: savingCollectedData)
        let run = try await run(driving: workout, pacing: pacing, progress: progress)
        let result = await ScenarioResult(scenario: scenario, workout: workout, run: run)
        await workout.abandonIfUnfinished()
        return result
    }
}

/// The session, live builder and data source a replay drives by default,
/// doing what a workout app does for each timeline action.
public final class ScenarioWorkout: NSObject, ScenarioDriver, HKWorkoutSessionDelegate, @unchecked Sendable {
    /// The session.
    public let session: HKWorkoutSession
    /// The session's builder.
    public let builder: HKLiveWorkoutBuilder
    /// The data source the readings go to.
    public let dataSource: HKLiveWorkoutDataSource
    /// The finished workout, once the timeline ends the session.
    public var workout: HKWorkout? { state.withLock { $0.workout } }
    /// Errors the session or builder reported, in order.
    public var errors: [String] { state.withLock { $0.errors } }
    /// The scenario's configuration.
    let configuration: HKWorkoutConfiguration

    private let state = Mutex(State())
    private struct State {
        var workout: HKWorkout?
        var errors: [String] = []
        var lastLap: Date?
        var lastSegment: Date?
    }

    /// Makes the session and builder in `store`, asking for the types a workout app would.
    ///
    /// - Parameter savingCollectedData: whether the data source saves the
    ///   samples, route and heartbeats it collects (the default); see
    ///   ``HKLiveWorkoutDataSource/savesCollectedData``.
    public init(scenario: Scenario, store: HKHealthStore, clock: any WorkoutClock, savingCollectedData: Bool = true) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = scenario.activity
        configuration.locationType = scenario.location
        self.configuration = configuration
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
        dataSource.athleteProfile = scenario.athlete
        dataSource.savesCollectedData = savingCollectedData
        if scenario.activity == .swimBikeRun {
            for type in [HKQuantityType(.distanceCycling), HKQuantityType(.distanceSwimming), HKQuantityType(.cyclingPower), HKQuantityType(.cyclingCadence)] {
                dataSource.enableCollection(for: type, predicate: nil)
            }
        }
        if scenario.sensors.heartRate?.rrIntervals == true { dataSource.enableCollection(for: HKQuantityType(.heartRateVariabilitySDNN), predicate: nil) }
        if scenario.sensors.cadenceNoise != nil, scenario.activity == .cycling { dataSource.enableCollection(for: HKQuantityType(.cyclingCadence), predicate: nil) }
        var types: Set<HKSampleType> = Set(dataSource.typesToCollect.map { $0 as HKSampleType })
        types.formUnion([HKWorkoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat()])
        try await store.requestAuthorization(toShare: types, read: types)
        session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        builder = session.associatedWorkoutBuilder()
        self.dataSource = dataSource
        super.init()
        session.delegate = self
        builder.dataSource = dataSource
    }

    /// The builder, once collection has begun.
    public var liveBuilder: HKLiveWorkoutBuilder? { builder }

    /// Does what a workout app does for `step`.
    public func perform(_ step: ScenarioStep, at date: Date) async throws {
        switch step {
        case .prepare: session.prepare()
        case .start:
            session.startActivity(with: date)
            try await record { try await builder.beginCollection(at: date) }
            state.withLock { $0.lastLap = date; $0.lastSegment = date }
        case .pause: session.pause()
        case .resume: session.resume()
        case .lap:
            let from = state.withLock { s -> Date? in defer { s.lastLap = date }; return s.lastLap }
            try await addEvent(.lap, from: from ?? date, to: date, name: nil)
        case .segment(let name):
            let from = state.withLock { s -> Date? in defer { s.lastSegment = date }; return s.lastSegment }
            try await addEvent(.segment, from: from ?? date, to: date, name: name)
        case .marker(let name):
            try await addEvent(.marker, from: date, to: date, name: name)
        case .activity(let type, let location):
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = type
            configuration.locationType = location
            session.beginNewActivity(configuration: configuration, date: date, metadata: nil)
        case .stop:
            if session.currentActivity.endDate == nil, builder.currentWorkoutActivity != nil { session.endCurrentActivity(on: date) }
            session.stopActivity(with: date)
            try await record { try await builder.endCollection(at: date) }
        case .end:
            // The session moves to ended on its own queue; its updates finish once it has, so the result reads its final state.
            let updates = session.updates()
            session.end()
            if builder.state == .active { try await record { try await builder.endCollection(at: date) } }
            if builder.state == .ended {
                try await record {
                    let workout = try await builder.finishWorkout()
                    state.withLock { $0.workout = workout }
                }
            }
            for await _ in updates {}
        case .move:
            break
        }
    }

    private func addEvent(_ type: HKWorkoutEventType, from start: Date, to end: Date, name: String?) async throws {
        let metadata: [String: Any]? = name.map { [OpenHealthKitMetadataKeyEventName: $0] }
        try await record { try await builder.addWorkoutEvents([HKWorkoutEvent(type: type, dateInterval: DateInterval(start: start, end: max(start, end)), metadata: metadata)]) }
    }

    /// Runs `body`, keeping its error for the result instead of stopping the replay.
    private func record(_ body: () async throws -> Void) async throws {
        do { try await body() } catch let error as CancellationError { throw error } catch {
            state.withLock { $0.errors.append("\(error)") }
        }
    }

    /// Ends a session and discards a builder the timeline left open, so no
    /// half-done workout waits for recovery in the store.
    func abandonIfUnfinished() async {
        if builder.state == .active || builder.state == .ended { builder.discardWorkout() }
        if session.state != .ended { session.end() }
    }

    /// Keeps the failure for the result.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        state.withLock { $0.errors.append("\(error)") }
    }

    /// Nothing to do: the runner reads the state when it needs it.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                               from fromState: HKWorkoutSessionState, date: Date) {}
}
