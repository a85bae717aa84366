public import Foundation
public import OpenHealthKitCore
import Synchronization
public import ScenarioModel

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
        /// When each position the scenario delivered was taken.
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
        // Every position the scenario delivers counts toward a GPS loss's gap. The session's
        // state was asked here before, but it moves on its own queue: under load an instant
        // replay ran ahead of it, no position counted, and a 90 s loss measured 0 s.
        for case .location(let location) in batch { run.locationDates.append(location.timestamp) }
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

