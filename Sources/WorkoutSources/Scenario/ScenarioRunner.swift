public import Foundation
public import OpenHealthKitCore
public import PlanGuidance
import CourseGuidance
import GATT
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
        /// How the athlete rode the scenario's structured workout, if it has one.
        public var plan: PlanOutcome?
        /// How the athlete followed the scenario's course, if it has one.
        public var course: CourseOutcome?
    }

    /// How a course was followed, fix by fix, as `workout record --course` follows one.
    public struct CourseOutcome: Sendable {
        /// A time off the course.
        public struct Excursion: Sendable, Hashable, Encodable {
            /// When the rider was told (seconds on the timeline).
            public var at: Double
            /// Metres along the course where it was left.
            public var distanceAlong: Double
            /// When the rider was back on it, if they were.
            public var backAt: Double?
            /// Seconds from truly leaving the route (a detour's first metre) to the alert, when the rider left by a detour.
            public var alertDelay: Double?
        }
        /// A cue the rider passed on course.
        public struct PassedCue: Sendable, Hashable, Encodable {
            /// What it is: `left`, `summit`, ….
            public var kind: String
            /// Its name, if any.
            public var name: String?
            /// When it was passed (seconds on the timeline).
            public var at: Double
        }
        /// Each time off the course.
        public var excursions: [Excursion] = []
        /// The cues passed, in order.
        public var cues: [PassedCue] = []
        /// Metres along the course at the last fix.
        public var distanceAlong = 0.0
        /// Whether the rider was on the course at the last fix.
        public var onCourse = false
    }

    /// Follows the athlete's fixes along the scenario's course with the recorder's matcher and heading rule.
    private struct CourseTracker {
        var matcher: CourseMatcher
        var outcome = CourseOutcome()
        var nextCue = 0
        var truthOffSince: Double?

        mutating func take(_ tick: ScenarioTick) {
            if tick.offRoute > 0 { truthOffSince = truthOffSince ?? tick.time } else { truthOffSince = nil }
            guard let fix = tick.fix else { return }
            // The recorder's rule: the fix's course over ground when the rider moves (over 1 m/s).
            let heading = fix.course >= 0 && fix.speed > 1 ? fix.course : nil
            let position = matcher.match(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, heading: heading, at: tick.time)
            switch position.event {
            case .offCourse:
                outcome.excursions.append(CourseOutcome.Excursion(at: tick.time, distanceAlong: position.distanceAlong,
                                                                  alertDelay: truthOffSince.map { tick.time - $0 }))
            case .backOnCourse:
                if !outcome.excursions.isEmpty { outcome.excursions[outcome.excursions.count - 1].backAt = tick.time }
            case nil:
                break
            }
            let cues = matcher.course.cues
            // A cue is passed on course within 20 m of it, as GPS places a rider.
            while position.onCourse, nextCue < cues.count, position.distanceAlong >= cues[nextCue].distance - 20 {
                outcome.cues.append(CourseOutcome.PassedCue(kind: cues[nextCue].kind.rawValue, name: cues[nextCue].name, at: tick.time))
                nextCue += 1
            }
            outcome.distanceAlong = position.distanceAlong
            outcome.onCourse = position.onCourse
        }
    }

    /// How a structured workout was ridden: the step follower's view, as a head unit's.
    public struct PlanOutcome: Sendable {
        /// An out-of-target alert: when (moving seconds into the workout) and in which step (from 1).
        public struct Alert: Sendable, Hashable, Encodable {
            /// Moving seconds since the workout began.
            public var time: Double
            /// The step's number, from 1.
            public var step: Int
        }
        /// Each step reached, with how well it was held.
        public var compliance: [PlanFollower.Compliance] = []
        /// The alerts, in order.
        public var alerts: [Alert] = []
        /// Whether every step was done.
        public var finished = false
        /// The share of judged seconds in the target over every step reached, 0…1 (``PlanFollower/inTargetShare``).
        public var inTargetShare: Double?
    }

    /// Follows the athlete through the scenario's workout as the recorder would: moving time only, each new step a lap.
    private struct PlanTracker {
        var follower: PlanFollower
        var origin: (time: Double, distance: Double)?
        var alerts: [PlanOutcome.Alert] = []

        /// Takes what the tick measured; returns whether a new step began (a lap to close).
        mutating func take(_ tick: ScenarioTick, movingTime: Double) -> Bool {
            guard let origin, !follower.isFinished else { return false }
            let contact = tick.heartRate.flatMap { $0.contact == .notDetected || $0.beatsPerMinute == 0 ? nil : Double($0.beatsPerMinute) }
            let reading = PlanFollower.Reading(time: movingTime - origin.time, distance: tick.distance - origin.distance,
                                               power: tick.power, heartRate: contact, cadence: tick.cadence, speed: tick.speed)
            return handle(follower.take(reading))
        }

        mutating func lap() { _ = handle(follower.lap()) }

        private mutating func handle(_ events: [PlanFollower.Event]) -> Bool {
            var newStep = false
            for event in events {
                switch event {
                case .stepStarted(let index) where index > 0: newStep = true
                case .outOfTarget(let index, _, _, _): alerts.append(PlanOutcome.Alert(time: follower.status?.secondsIn ?? 0, step: index + 1))
                default: break
                }
            }
            return newStep
        }

        var outcome: PlanOutcome {
            PlanOutcome(compliance: follower.compliance, alerts: alerts, finished: follower.isFinished, inTargetShare: follower.inTargetShare)
        }
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
        var plan = scenario.plan.map { PlanTracker(follower: PlanFollower(steps: $0.steps)) }
        var running = false, movingTime = 0.0
        var course = scenario.course.map { CourseTracker(matcher: CourseMatcher(course: $0)) }
        while let tick = simulation.next() {
            try Task.checkCancellation()
            let previousTime = run.timelineDuration
            if case .speed(let factor) = pacing, factor > 0, tick.time > run.timelineDuration {
                try await sleep(.seconds((tick.time - run.timelineDuration) / factor))
            }
            let readings = converter.readings(of: tick)
            // Actions happen at the tick's start, so readings gathered before them go first.
            if !tick.actions.isEmpty {
                clock.set(to: scenario.start.addingTimeInterval(run.timelineDuration + tick.clockOffset))
                await deliver(&batch, to: driver, run: &run)
                for action in tick.actions {
                    try await driver.perform(action, at: clock.now)
                    switch action {
                    case .start, .resume: running = true
                    case .pause, .stop: running = false
                    // The lap button ends the workout's step on, as on a head unit.
                    case .lap: plan?.lap()
                    default: break
                    }
                }
            }
            if tick.startsPlan, plan?.origin == nil { plan?.origin = (movingTime, run.groundTruthDistance) }
            if running { movingTime += tick.time - previousTime }
            clock.set(to: scenario.start.addingTimeInterval(tick.time + tick.clockOffset))
            for case .status(let status) in readings { run.statuses.append(status) }
            batch += readings
            run.readingCount += readings.count
            if running { course?.take(tick) }
            // Once a second, as the sensors report: a new step closes a lap, once what came before it is delivered.
            if tick.heartRate != nil || tick.power != nil || tick.cadence != nil || simulation.tickLength >= 1,
               plan?.take(tick, movingTime: movingTime) == true {
                await deliver(&batch, to: driver, run: &run)
                try await driver.perform(.lap, at: clock.now)
            }
            if batch.count >= 256 { await deliver(&batch, to: driver, run: &run) }
            run.groundTruthDistance = tick.distance
            run.timelineDuration = tick.time
            run.clockOffset = tick.clockOffset
            ticks += 1
            if ticks % 900 == 0 { progress?(min(tick.time / estimated, 1)) }
        }
        await deliver(&batch, to: driver, run: &run)
        await driver.liveBuilder?.dataSource?.flush()
        run.plan = plan?.outcome
        run.course = course?.outcome
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

