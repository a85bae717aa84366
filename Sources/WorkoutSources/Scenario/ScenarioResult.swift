public import Foundation
import OpenHealthKitCore
import PlanGuidance
import CourseGuidance
import WorkoutFormats
public import ScenarioModel

/// What a replayed workout came to: the figures `workout replay` prints and
/// `workout check` judges. The same scenario and seed give the same result,
/// byte for byte in JSON.
public struct ScenarioResult: Sendable, Encodable {
    /// A measured or expected figure: ``ScenarioValue``.
    public typealias Value = ScenarioValue

    /// Minimum, average and maximum of a rate.
    public struct Range: Sendable, Encodable, Hashable {
        /// The time-weighted average, over active time.
        public var average: Double
        /// The lowest value.
        public var minimum: Double
        /// The highest value.
        public var maximum: Double
    }

    /// An event of the workout, with times in seconds from its start.
    public struct Event: Sendable, Encodable, Hashable {
        /// `pause`, `resume`, `lap`, `marker`, `segment`, `motionPaused`, ….
        public var type: String
        /// Seconds from the workout's start.
        public var start: Double
        /// Seconds the event lasts (laps and segments).
        public var duration: Double
        /// The event's name, when it has one.
        public var name: String?
    }

    /// One lap.
    public struct Lap: Sendable, Encodable, Hashable {
        /// From 1.
        public var index: Int
        /// Seconds from the workout's start.
        public var start: Double
        /// Seconds the lap lasted.
        public var duration: Double
        /// Metres counted in the lap.
        public var distanceMeters: Double
    }

    /// One activity of a multisport workout.
    public struct Activity: Sendable, Encodable, Hashable {
        /// The activity type's name.
        public var type: String
        /// Seconds from the workout's start.
        public var start: Double
        /// Seconds the activity lasted, if it ended.
        public var duration: Double?
    }

    /// How a fault showed in the workout.
    public struct Fault: Sendable, Encodable, Hashable {
        /// The fault's kind, as in the file.
        public var kind: String
        /// Seconds from the start of the timeline.
        public var at: Double
        /// Seconds it lasted.
        public var duration: Double
        /// The sensor concerned.
        public var sensor: String
        /// The statuses the sensor reported, in order.
        public var statuses: [String]
        /// The longest gap, in seconds, between the sensor's readings in the
        /// workout around the fault (positions for GPS, samples otherwise).
        public var gapSeconds: Double?
        /// For clock jumps: how far the host clock ended from true time, in seconds.
        public var clockOffsetSeconds: Double?
    }

    /// How the course was followed, as the recorder's matcher saw it.
    public struct CourseFollowed: Sendable, Encodable, Hashable {
        /// The course's name.
        public var name: String
        /// Its length in metres.
        public var lengthMeters: Double
        /// Each time off it: when told, where, when back, and the alert's delay after truly leaving.
        public var offCourse: [ScenarioRunner.CourseOutcome.Excursion]
        /// The cues passed, in order.
        public var cues: [ScenarioRunner.CourseOutcome.PassedCue]
        /// Metres along the course at the last fix.
        public var distanceAlongMeters: Double
        /// Whether the last fix was on the course.
        public var onCourse: Bool
    }

    /// How the structured workout was ridden, as the step follower saw it.
    public struct Steps: Sendable, Encodable, Hashable {
        /// One step reached.
        public struct Step: Sendable, Encodable, Hashable {
            /// From 1, in the order ridden.
            public var number: Int
            /// `Sweet spot 2/3`.
            public var title: String
            /// Its target for the athlete: `220–233 W`.
            public var target: String
            /// Moving seconds spent in it.
            public var seconds: Double
            /// The share of judged seconds in the target, in %; nil without a target.
            public var inTargetPercent: Double?
            /// Out-of-target alerts.
            public var alerts: Int
            /// The target's measure averaged over the step, if it has a target.
            public var average: Double?
        }
        /// The plan's name.
        public var plan: String
        /// Steps the plan has, repeats unrolled.
        public var planned: Int
        /// Steps reached.
        public var count: Int
        /// Whether the last step was done.
        public var completed: Bool
        /// Judged seconds in the target over every step, in %.
        public var inTargetPercent: Double?
        /// The lowest step's share, in %.
        public var lowestInTargetPercent: Double?
        /// Out-of-target alerts in all.
        public var alerts: Int
        /// Each step reached.
        public var steps: [Step]
    }

    /// What the simulation knows for sure.
    public struct GroundTruth: Sendable, Encodable, Hashable {
        /// Metres covered along the route.
        public var distanceMeters: Double
        /// Seconds the timeline lasted.
        public var durationSeconds: Double
    }

    /// The scenario's name.
    public var scenario: String
    /// The session's final state: `notStarted`, `prepared`, `running`, `paused`, `stopped` or `ended`.
    public var state: String
    /// The activity type's name.
    public var activityType: String
    /// When collection began.
    public var start: Date?
    /// When collection ended.
    public var end: Date?
    /// Seconds from start to end, pauses included.
    public var duration: Double
    /// Active seconds: the workout's duration in HealthKit's sense, without pauses.
    public var elapsed: Double
    /// Metres of the activity's distance type(s), pauses left out.
    public var totalDistanceMeters: Double
    /// Active kilocalories, pauses left out.
    public var totalEnergyKilocalories: Double
    /// Heart rate in beats per minute.
    public var heartRate: Range?
    /// Power in watts.
    public var power: Range?
    /// Cadence per minute.
    public var cadence: Range?
    /// Average speed while moving, in metres per second.
    public var averageSpeedMetersPerSecond: Double?
    /// Highest Doppler speed, in metres per second.
    public var maximumSpeedMetersPerSecond: Double?
    /// Metres climbed (3 m hysteresis).
    public var elevationAscendedMeters: Double?
    /// Metres descended (3 m hysteresis).
    public var elevationDescendedMeters: Double?
    /// Events in order.
    public var events: [Event]
    /// Laps in order.
    public var laps: [Lap]
    /// Activities of a multisport workout.
    public var activities: [Activity]
    /// Samples the builder holds, by type's short name.
    public var sampleCounts: [String: Int]
    /// Faults and how they showed.
    public var faults: [Fault]
    /// Errors the session and builder reported.
    public var errors: [String]
    /// What the simulation knows for sure.
    public var groundTruth: GroundTruth
    /// How the structured workout was ridden, if the scenario has one.
    public var steps: Steps?
    /// How the course was followed, if the scenario has one.
    public var course: CourseFollowed?


    /// Summarises `workout` after `run`.
    init(scenario: Scenario, workout driver: ScenarioWorkout, run: ScenarioRunner.Run) async {
        let builder = driver.builder
        let session = driver.session
        self.scenario = scenario.name
        state = Self.name(of: session.state)
        activityType = scenario.activity.name
        start = builder.startDate
        let endDate = builder.endDate ?? driver.session.clock.now
        end = builder.endDate
        let origin = builder.startDate ?? scenario.start
        duration = builder.startDate.map { Self.round(endDate.timeIntervalSince($0)) } ?? 0
        // The dashboard's last frame, by the rules the saved workout's figures follow (``LiveFigures``).
        let (frame, figures) = LiveSnapshotter(activity: scenario.activity, gps: nil, strap: nil, zones: nil)
            .frame(session: session, builder: builder, dataSource: driver.dataSource, at: endDate)
        elapsed = Self.round(frame.elapsedSeconds)
        totalDistanceMeters = Self.round(frame.distanceMeters)
        totalEnergyKilocalories = Self.round(frame.energyKilocalories ?? 0)
        heartRate = Self.range(frame.averageHeartRate, figures.minimumHeartRate, figures.maximumHeartRate)
        power = Self.range(frame.averagePower, figures.minimumPower, figures.maximumPower)
        cadence = Self.range(frame.averageCadence, figures.minimumCadence, figures.maximumCadence)
        averageSpeedMetersPerSecond = frame.averageSpeed.map(Self.round)
        maximumSpeedMetersPerSecond = frame.maximumSpeed.map(Self.round)
        elevationAscendedMeters = frame.ascentMeters.map(Self.round)
        elevationDescendedMeters = frame.descentMeters.map(Self.round)
        let workoutEvents = builder.workoutEvents
        events = workoutEvents.map { event in
            Event(type: Self.name(of: event.type), start: Self.round(event.dateInterval.start.timeIntervalSince(origin)),
                  duration: Self.round(event.dateInterval.duration), name: event.metadata?[OpenHealthKitMetadataKeyEventName] as? String)
        }
        laps = LiveFigures.laps(of: builder, activity: scenario.activity, at: endDate).enumerated().map { index, lap in
            Lap(index: index + 1, start: Self.round(lap.start.timeIntervalSince(origin)), duration: Self.round(lap.movingSeconds),
                distanceMeters: Self.round(lap.distanceMeters))
        }
        activities = builder.workoutActivities.map { activity in
            Activity(type: activity.workoutConfiguration.activityType.name, start: Self.round(activity.startDate.timeIntervalSince(origin)),
                     duration: activity.endDate.map { Self.round($0.timeIntervalSince(activity.startDate)) })
        }
        sampleCounts = Dictionary(uniqueKeysWithValues: builder.sampleCounts.map { ($0.key.shortName, $0.value) })
        let locationDates = run.locationDates
        faults = scenario.faults.map { fault in
            let sensor = fault.sensorName
            let from = scenario.start.addingTimeInterval(fault.at), to = from.addingTimeInterval(fault.duration)
            let statuses = run.statuses.filter { $0.source == "scenario:\(sensor)" && $0.date >= from && $0.date <= to.addingTimeInterval(1) }.map(\.kind.rawValue)
            var gap: Double?
            switch sensor {
            case "gps": gap = Self.longestGap(in: locationDates, around: from...to)
            case "heartRate": gap = Self.longestGap(in: builder.sampleDates(of: HKQuantityType(.heartRate)), around: from...to)
            case "power": gap = Self.longestGap(in: builder.sampleDates(of: HKQuantityType(scenario.activity == .cycling ? .cyclingPower : .runningPower)), around: from...to)
            case "cadence": gap = Self.longestGap(in: builder.sampleDates(of: HKQuantityType(.cyclingCadence)), around: from...to)
            default: break
            }
            return Fault(kind: fault.kind.rawValue, at: fault.at, duration: fault.duration, sensor: sensor, statuses: statuses,
                         gapSeconds: gap.map(Self.round), clockOffsetSeconds: fault.kind == .clockJump ? run.clockOffset : nil)
        }
        // The session's and builder's, then the data source's (a store that refused a write, say).
        errors = driver.errors + driver.dataSource.failures
        groundTruth = GroundTruth(distanceMeters: Self.round(run.groundTruthDistance), durationSeconds: Self.round(run.timelineDuration))
        if let followed = scenario.course, let outcome = run.course {
            course = CourseFollowed(name: followed.name ?? "Course", lengthMeters: Self.round(followed.length),
                                    offCourse: outcome.excursions.map { excursion in
                                        var rounded = excursion
                                        rounded.distanceAlong = Self.round(excursion.distanceAlong)
                                        rounded.alertDelay = excursion.alertDelay.map(Self.round)
                                        return rounded
                                    },
                                    cues: outcome.cues, distanceAlongMeters: Self.round(outcome.distanceAlong), onCourse: outcome.onCourse)
        }
        if let plan = scenario.plan, let outcome = run.plan {
            let shares = outcome.compliance.compactMap(\.inTargetShare)
            steps = Steps(plan: plan.plan.name, planned: plan.steps.count, count: outcome.compliance.count, completed: outcome.finished,
                          inTargetPercent: outcome.inTargetShare.map { Self.round(100 * $0) },
                          lowestInTargetPercent: shares.min().map { Self.round(100 * $0) }, alerts: outcome.alerts.count,
                          steps: outcome.compliance.map { step in
                              Steps.Step(number: step.step.number, title: step.step.title, target: step.step.targetText, seconds: Self.round(step.seconds),
                                         inTargetPercent: step.inTargetShare.map { Self.round(100 * $0) }, alerts: step.alerts,
                                         average: step.average.map(Self.round))
                          })
        }
    }

    /// The longest gap between consecutive dates that overlaps `window`.
    static func longestGap(in dates: [Date], around window: ClosedRange<Date>) -> Double {
        var longest = 0.0
        for (a, b) in zip(dates, dates.dropFirst()) where b > window.lowerBound && a < window.upperBound {
            longest = max(longest, b.timeIntervalSince(a))
        }
        return longest
    }

    private static func range(_ average: Double?, _ minimum: Double?, _ maximum: Double?) -> Range? {
        guard let average, let minimum, let maximum else { return nil }
        return Range(average: round(average), minimum: round(minimum), maximum: round(maximum))
    }

    /// Rounds to a millionth, so float noise never reaches the output.
    static func round(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    static func name(of state: HKWorkoutSessionState) -> String {
        switch state {
        case .notStarted: "notStarted"
        case .prepared: "prepared"
        case .running: "running"
        case .paused: "paused"
        case .stopped: "stopped"
        case .ended: "ended"
        }
    }

    static func name(of type: HKWorkoutEventType) -> String {
        switch type {
        case .pause: "pause"
        case .resume: "resume"
        case .lap: "lap"
        case .marker: "marker"
        case .motionPaused: "motionPaused"
        case .motionResumed: "motionResumed"
        case .segment: "segment"
        case .pauseOrResumeRequest: "pauseOrResumeRequest"
        }
    }

    /// The value at `key`, such as `heartRate.average`, `events`, `events.lap`,
    /// `sampleCounts.heartRate` or `faults.gpsLoss.gapSeconds`; `nil` when the
    /// result has none.
    public func value(forKey key: String) -> Value? {
        let parts = key.split(separator: ".").map(String.init)
        switch parts.first {
        case "state": return .text(state)
        case "activityType": return .text(activityType)
        case "duration": return .number(duration)
        case "elapsed": return .number(elapsed)
        case "totalDistanceMeters": return .number(totalDistanceMeters)
        case "totalEnergyKilocalories": return .number(totalEnergyKilocalories)
        case "heartRate", "power", "cadence":
            guard parts.count == 2, let range = parts[0] == "heartRate" ? heartRate : parts[0] == "power" ? power : cadence else { return nil }
            switch parts[1] {
            case "average": return .number(range.average)
            case "minimum": return .number(range.minimum)
            case "maximum": return .number(range.maximum)
            default: return nil
            }
        case "averageSpeedMetersPerSecond": return averageSpeedMetersPerSecond.map(Value.number)
        case "maximumSpeedMetersPerSecond": return maximumSpeedMetersPerSecond.map(Value.number)
        case "elevationAscendedMeters": return elevationAscendedMeters.map(Value.number)
        case "elevationDescendedMeters": return elevationDescendedMeters.map(Value.number)
        case "events":
            if parts.count == 2 { return .number(Double(events.filter { $0.type == parts[1] }.count)) }
            return .list(events.map(\.type))
        case "laps": return .number(Double(laps.count))
        case "activities": return .list(activities.map(\.type))
        case "errors": return .list(errors)
        case "sampleCounts":
            guard parts.count == 2 else { return nil }
            return .number(Double(sampleCounts[parts[1]] ?? 0))
        case "offCourse":
            guard let course, parts.count == 2 else { return nil }
            switch parts[1] {
            case "count": return .number(Double(course.offCourse.count))
            case "within": return course.offCourse.compactMap(\.alertDelay).max().map(Value.number)
            case "backOnCourse": return .number(Double(course.offCourse.filter { $0.backAt != nil }.count))
            default: return nil
            }
        case "cues":
            guard let course else { return nil }
            return .list(course.cues.map(\.kind))
        case "course":
            guard let course, parts.count == 2 else { return nil }
            switch parts[1] {
            case "distanceAlongMeters": return .number(course.distanceAlongMeters)
            case "onCourse": return .text(course.onCourse ? "yes" : "no")
            default: return nil
            }
        case "steps":
            guard let steps, parts.count >= 2 else { return nil }
            if parts.count == 3, let number = Int(parts[1]), let step = steps.steps.first(where: { $0.number == number }) {
                switch parts[2] {
                case "inTarget": return step.inTargetPercent.map(Value.number)
                case "seconds": return .number(step.seconds)
                case "alerts": return .number(Double(step.alerts))
                case "average": return step.average.map(Value.number)
                default: return nil
                }
            }
            switch parts[1] {
            case "count": return .number(Double(steps.count))
            case "planned": return .number(Double(steps.planned))
            case "completed": return .text(steps.completed ? "yes" : "no")
            case "inTarget": return steps.inTargetPercent.map(Value.number)
            case "lowestInTarget": return steps.lowestInTargetPercent.map(Value.number)
            case "alerts": return .number(Double(steps.alerts))
            case "titles": return .list(steps.steps.map(\.title))
            default: return nil
            }
        case "groundTruth":
            return parts.count == 2 && parts[1] == "distanceMeters" ? .number(groundTruth.distanceMeters) : nil
        case "faults":
            guard parts.count == 3, let fault = faults.first(where: { $0.kind == parts[1] }) else { return nil }
            switch parts[2] {
            case "gapSeconds": return fault.gapSeconds.map(Value.number)
            case "clockOffsetSeconds": return fault.clockOffsetSeconds.map(Value.number)
            case "statuses": return .list(fault.statuses)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The result as JSON with sorted keys, the same bytes for the same run.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    /// `h:mm:ss` or `m:ss`, as every surface writes times (``WorkoutFigures/clock(_:alwaysHours:)``).
    static func clock(_ seconds: Double) -> String { WorkoutFigures.clock(seconds) }

    /// A readable summary, a few lines per part.
    public var summary: String {
        var lines: [String] = []
        lines.append("\(scenario) — \(activityType), \(state)")
        if let start {
            lines.append("  start       \(WorkoutDateText.long(start, in: .current))")
        }
        lines.append("  time        \(Self.clock(elapsed)) active, \(Self.clock(duration)) in all")
        if totalDistanceMeters > 0 || groundTruth.distanceMeters > 0 {
            var distance = String(format: "  distance    %.2f km", totalDistanceMeters / 1000)
            if groundTruth.distanceMeters > 0 { distance += String(format: " (route: %.2f km)", groundTruth.distanceMeters / 1000) }
            lines.append(distance)
        }
        if let speed = averageSpeedMetersPerSecond, speed > 0 {
            // Runners and walkers read pace; everyone else speed.
            if ["running", "walking", "hiking"].contains(activityType) {
                func pace(_ metersPerSecond: Double) -> String { Self.clock(1000 / metersPerSecond) + " /km" }
                lines.append("  pace        \(pace(speed)) average" + (maximumSpeedMetersPerSecond.map { ", \(pace($0)) best" } ?? ""))
            } else {
                lines.append(String(format: "  speed       %.1f km/h average", speed * 3.6) + (maximumSpeedMetersPerSecond.map { String(format: ", %.1f km/h top", $0 * 3.6) } ?? ""))
            }
        }
        if let up = elevationAscendedMeters, let down = elevationDescendedMeters, up + down > 0 {
            lines.append(String(format: "  elevation   +%.0f m / -%.0f m", up, down))
        }
        lines.append(String(format: "  energy      %.0f kcal", totalEnergyKilocalories))
        if let heartRate {
            lines.append(String(format: "  heart rate  %.0f bpm average, %.0f–%.0f", heartRate.average, heartRate.minimum, heartRate.maximum))
        }
        if let power { lines.append(String(format: "  power       %.0f W average, %.0f W top", power.average, power.maximum)) }
        // On foot in steps per minute, twice the strides the records hold, as every surface shows a run's cadence.
        if let cadence { lines.append("  cadence     \(WorkoutFigures.cadenceText(cadence.average, onFoot: ["running", "walking", "hiking"].contains(activityType))) average") }
        if !events.isEmpty {
            var counts: [(String, Int)] = []
            for event in events {
                if let index = counts.firstIndex(where: { $0.0 == event.type }) { counts[index].1 += 1 } else { counts.append((event.type, 1)) }
            }
            lines.append("  events      " + counts.map { $0.1 > 1 ? "\($0.0) ×\($0.1)" : $0.0 }.joined(separator: ", "))
        }
        for lap in laps {
            lines.append(String(format: "  lap %-3d     %@  %.2f km", lap.index, Self.clock(lap.duration), lap.distanceMeters / 1000))
        }
        for activity in activities {
            lines.append("  activity    \(activity.type) from \(Self.clock(activity.start))" + (activity.duration.map { " for \(Self.clock($0))" } ?? ""))
        }
        for fault in faults {
            var line = "  fault       \(fault.kind) at \(Self.clock(fault.at))"
            if !fault.statuses.isEmpty { line += ": " + fault.statuses.joined(separator: " → ") }
            if let gap = fault.gapSeconds { line += String(format: "; %.0f s without %@", gap, fault.sensor == "gps" ? "positions" : fault.sensor) }
            if let offset = fault.clockOffsetSeconds { line += "; host clock off by \(Self.clock(offset))" }
            lines.append(line)
        }
        if let course {
            lines.append(String(format: "  course      %@: %.2f of %.2f km, ", course.name, course.distanceAlongMeters / 1000, course.lengthMeters / 1000)
                         + (course.onCourse ? "on course" : "off course") + " at the end")
            for excursion in course.offCourse {
                var text = "  off course  at \(Self.clock(excursion.at))" + String(format: ", %.2f km along", excursion.distanceAlong / 1000)
                if let delay = excursion.alertDelay { text += String(format: ", told %.0f s after leaving", delay) }
                text += excursion.backAt.map { ", back at \(Self.clock($0))" } ?? ", not back"
                lines.append(text)
            }
            if !course.cues.isEmpty {
                lines.append("  cues        " + course.cues.map { "\($0.kind) at \(Self.clock($0.at))" }.joined(separator: ", "))
            }
        }
        if let steps {
            var line = "  workout     \(steps.plan): \(steps.count) of \(steps.planned) steps"
            if let share = steps.inTargetPercent { line += String(format: ", %.0f %% in target", share) }
            line += ", \(steps.alerts) alert\(steps.alerts == 1 ? "" : "s")" + (steps.completed ? "" : ", not finished")
            lines.append(line)
            for step in steps.steps {
                var text = String(format: "  step %-3d    %@  %@  ", step.number, Self.clock(step.seconds), step.title) + step.target
                if let share = step.inTargetPercent { text += String(format: "  %.0f %% in target", share) }
                if step.alerts > 0 { text += "  \(step.alerts) alert\(step.alerts == 1 ? "" : "s")" }
                lines.append(text)
            }
        }
        lines.append("  samples     " + sampleCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for error in errors { lines.append("  error       \(error)") }
        return lines.joined(separator: "\n")
    }
}
