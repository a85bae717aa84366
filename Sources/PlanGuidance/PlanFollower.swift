import WorkoutFormats

/// Follows a rider through a structured workout's steps, reading by reading: which step is on, its target now, what
/// is left of it, when the rider has been out of the target too long, and how well each step was held.
///
/// A pure machine: it reads no clock. Give it the rider's moving time and distance since the workout began with
/// each reading (pauses are not moving time), and it moves from step to step as their times and distances are
/// done; an open step ends with ``lap()``.
///
/// - The value judged is power, cadence or speed averaged over the last 3 s, or the heart rate as read.
/// - A step's first seconds are not judged (10 s; 30 s for heart rate, which lags the effort).
/// - An alert (``Event/outOfTarget(step:value:low:high:)``) comes when the value has been outside the band for
///   ``alertAfter`` seconds, once, until it is back (``Event/backInTarget(step:)``).
/// - A cadence to hold beside another target (``GuidedStep/cadenceBand``) is judged the same way, on its own: its
///   seconds in and out of its band, and its alerts (``Event/cadenceOutOfTarget(step:value:low:high:)``).
public struct PlanFollower: Sendable {
    /// What the rider did at a moment.
    public struct Reading: Sendable, Equatable {
        /// Moving seconds since the workout began.
        public var time: Double
        /// Metres since the workout began.
        public var distance: Double
        /// Watts, if measured.
        public var power: Double?
        /// Beats per minute, if measured.
        public var heartRate: Double?
        /// Revolutions per minute, if measured.
        public var cadence: Double?
        /// Metres per second, if measured.
        public var speed: Double?

        /// A reading at `time` and `distance`.
        public init(time: Double, distance: Double, power: Double? = nil, heartRate: Double? = nil, cadence: Double? = nil, speed: Double? = nil) {
            self.time = time
            self.distance = distance
            self.power = power
            self.heartRate = heartRate
            self.cadence = cadence
            self.speed = speed
        }
    }

    /// Something to tell the rider.
    public enum Event: Sendable, Equatable {
        /// Step `step` (an index into ``steps``) began; the one before ended, so a recording closes a lap.
        case stepStarted(step: Int)
        /// The value has been outside the band for ``alertAfter`` seconds: `value` against `low`…`high`.
        case outOfTarget(step: Int, value: Double, low: Double, high: Double)
        /// The value is back in the band after an alert.
        case backInTarget(step: Int)
        /// The cadence has been outside the cadence to hold for ``alertAfter`` seconds: `value` against `low`…`high`.
        case cadenceOutOfTarget(step: Int, value: Double, low: Double, high: Double)
        /// The cadence is back in its band after an alert.
        case cadenceBackInTarget(step: Int)
        /// The last step ended.
        case finished
    }

    /// How well a step was held.
    public struct Compliance: Sendable, Equatable {
        /// The step.
        public var step: GuidedStep
        /// Moving seconds spent in it.
        public var seconds: Double = 0
        /// Metres ridden in it.
        public var distance: Double = 0
        /// Seconds judged against the target (not the first seconds, nor those without a value).
        public var judgedSeconds: Double = 0
        /// Judged seconds in the band.
        public var inTargetSeconds: Double = 0
        /// Judged seconds below it.
        public var belowSeconds: Double = 0
        /// Judged seconds above it.
        public var aboveSeconds: Double = 0
        /// Out-of-target alerts given.
        public var alerts = 0
        /// The value's average over the step's readings that had one.
        public var average: Double?
        fileprivate var valueTotal = 0.0, valueCount = 0
        /// Seconds the cadence to hold was judged (a step with one), and those in its band.
        public var cadenceJudgedSeconds: Double = 0
        /// Judged seconds the cadence was in its band.
        public var cadenceInTargetSeconds: Double = 0
        /// Cadence alerts given.
        public var cadenceAlerts = 0

        /// The share of judged seconds in the band, 0…1; nil when nothing was judged (no target, or no value).
        public var inTargetShare: Double? { judgedSeconds > 0 ? inTargetSeconds / judgedSeconds : nil }
        /// The share of judged seconds the cadence to hold was held, 0…1; nil when it was not judged.
        public var cadenceInTargetShare: Double? { cadenceJudgedSeconds > 0 ? cadenceInTargetSeconds / cadenceJudgedSeconds : nil }
    }

    /// Where the rider is in the workout.
    public struct Status: Sendable, Equatable {
        /// The step on, as an index into ``steps``.
        public var index: Int
        /// Seconds into it.
        public var secondsIn: Double
        /// Metres into it.
        public var metersIn: Double
        /// Seconds left, for a step of a time.
        public var secondsLeft: Double?
        /// Metres left, for a step of a distance.
        public var metersLeft: Double?
        /// The band now, if the step has a target.
        public var band: (low: Double, high: Double)?
        /// The value judged now (3-s power, cadence or speed, or heart rate), if there is one.
        public var value: Double?
        /// Whether the value is in the band; nil when not judged now.
        public var inTarget: Bool?
        /// The 3-s cadence, when the step has a cadence to hold and there is one.
        public var cadence: Double?
        /// Whether the cadence is in its band; nil when not judged now.
        public var cadenceInTarget: Bool?

        public static func == (a: Status, b: Status) -> Bool {
            a.index == b.index && a.secondsIn == b.secondsIn && a.metersIn == b.metersIn && a.value == b.value && a.inTarget == b.inTarget
                && a.band?.low == b.band?.low && a.band?.high == b.band?.high && a.cadence == b.cadence && a.cadenceInTarget == b.cadenceInTarget
        }
    }

    /// The steps, in the order ridden.
    public let steps: [GuidedStep]
    /// Seconds out of the band before an alert.
    public let alertAfter: Double
    /// Each step's compliance so far; steps not reached are absent.
    public private(set) var compliance: [Compliance] = []
    /// Whether every step is done.
    public private(set) var isFinished = false
    /// Where the rider is; nil before the first reading and once finished.
    public private(set) var status: Status?

    private var index = -1
    private var stepStart = (time: 0.0, distance: 0.0)
    private var lastTime: Double?
    private var target = Judge()
    private var cadence = Judge()

    /// One band's judging through a step: the last 3 s of values, and since when the value has been out.
    private struct Judge {
        var outSince: Double?
        var alerted = false
        var window: [(time: Double, value: Double)] = []

        /// The value judged at `time`: the reading itself for heart rate, else the mean of the last 3 s.
        mutating func value(_ raw: Double, at time: Double, averaged: Bool) -> Double {
            guard averaged else { return raw }
            window.append((time, raw))
            window.removeAll { $0.time <= time - 3 }
            return window.reduce(0) { $0 + $1.value } / Double(window.count)
        }

        /// Whether `value` is in `band`; and whether an alert (out for `alertAfter` seconds) or a return is due now.
        mutating func judge(_ value: Double, in band: (low: Double, high: Double), at time: Double, alertAfter: Double) -> (inside: Bool, alert: Bool, back: Bool) {
            let inside = value >= band.low - 1e-9 && value <= band.high + 1e-9
            if inside {
                defer { outSince = nil; alerted = false }
                return (true, false, alerted)
            }
            let since = outSince ?? time
            outSince = since
            guard !alerted, time - since >= alertAfter - 1e-9 else { return (false, false, false) }
            alerted = true
            return (false, true, false)
        }
    }

    /// A follower of `steps`, alerting after `alertAfter` seconds out of the band.
    public init(steps: [GuidedStep], alertAfter: Double = 5) {
        self.steps = steps
        self.alertAfter = alertAfter
    }

    /// The share of judged seconds in the target over every step reached, 0…1; nil when nothing was judged.
    public var inTargetShare: Double? {
        let judged = compliance.reduce(0) { $0 + $1.judgedSeconds }
        return judged > 0 ? compliance.reduce(0) { $0 + $1.inTargetSeconds } / judged : nil
    }

    /// The step after the one on, if any.
    public var nextStep: GuidedStep? { index + 1 < steps.count ? steps[index + 1] : nil }

    /// Takes a reading; returns what to tell the rider, in order.
    public mutating func take(_ reading: Reading) -> [Event] {
        guard !isFinished, !steps.isEmpty else { return [] }
        var events: [Event] = []
        // The first step began with the workout, at time and distance 0, whenever the first reading comes.
        if index < 0 { events += begin(0, at: Reading(time: 0, distance: 0)) }
        // Steps of a time or distance that this reading has finished.
        while !isFinished, isDone(steps[index], at: reading) {
            let end = endPoint(of: steps[index])
            events += begin(index + 1, at: Reading(time: end.time ?? reading.time, distance: end.distance ?? reading.distance))
        }
        guard !isFinished else { return events }
        events += judge(reading)
        return events
    }

    /// Ends the step on (an open step's way to end; any other's too, as a device's lap button skips a step).
    public mutating func lap() -> [Event] {
        guard !isFinished, index >= 0, let lastTime else { return [] }
        let at = Reading(time: lastTime, distance: stepStart.distance + (status?.metersIn ?? 0))
        return begin(index + 1, at: at)
    }

    private func isDone(_ step: GuidedStep, at reading: Reading) -> Bool {
        switch step.step.extent {
        case .time(let seconds): reading.time - stepStart.time >= seconds - 1e-9
        case .distance(let meters): reading.distance - stepStart.distance >= meters - 1e-9
        case .open: false
        }
    }

    /// When the step on ends by its own measure: its time, or its distance.
    private func endPoint(of step: GuidedStep) -> (time: Double?, distance: Double?) {
        switch step.step.extent {
        case .time(let seconds): (stepStart.time + seconds, nil)
        case .distance(let meters): (nil, stepStart.distance + meters)
        case .open: (nil, nil)
        }
    }

    private mutating func begin(_ next: Int, at reading: Reading) -> [Event] {
        // The step ending lasted until now.
        if !compliance.isEmpty {
            compliance[compliance.count - 1].seconds = reading.time - stepStart.time
            compliance[compliance.count - 1].distance = reading.distance - stepStart.distance
        }
        index = next
        target = Judge()
        cadence = Judge()
        guard next < steps.count else {
            isFinished = true
            status = nil
            return [.finished]
        }
        stepStart = (reading.time, reading.distance)
        compliance.append(Compliance(step: steps[next]))
        status = Status(index: next, secondsIn: 0, metersIn: 0)
        return [.stepStarted(step: next)]
    }

    private func fraction(at reading: Reading) -> Double {
        switch steps[index].step.extent {
        case .time(let seconds): seconds > 0 ? (reading.time - stepStart.time) / seconds : 1
        case .distance(let meters): meters > 0 ? (reading.distance - stepStart.distance) / meters : 1
        case .open: 0
        }
    }

    private mutating func judge(_ reading: Reading) -> [Event] {
        let step = steps[index]
        // Seconds since the last reading, or since the step began; a gap (a sensor away) counts 5 s at most.
        let dt = min(max(reading.time - max(lastTime ?? reading.time, stepStart.time), 0), 5)
        lastTime = reading.time
        let secondsIn = reading.time - stepStart.time
        var current = compliance[compliance.count - 1]
        current.seconds = secondsIn
        current.distance = reading.distance - stepStart.distance
        var status = Status(index: index, secondsIn: secondsIn, metersIn: reading.distance - stepStart.distance)
        switch step.step.extent {
        case .time(let seconds): status.secondsLeft = max(0, seconds - secondsIn)
        case .distance(let meters): status.metersLeft = max(0, meters - status.metersIn)
        case .open: break
        }
        var events: [Event] = []
        if let band = step.band {
            let now = band.at(fraction(at: reading))
            status.band = now
            let raw: Double? = switch band.measure {
            case .power: reading.power
            case .heartRate: reading.heartRate
            case .cadence: reading.cadence
            case .speed: reading.speed
            }
            var value: Double?
            if let raw, raw.isFinite {
                value = target.value(raw, at: reading.time, averaged: band.measure != .heartRate)
                current.valueTotal += raw
                current.valueCount += 1
                current.average = current.valueTotal / Double(current.valueCount)
            }
            status.value = value
            let grace: Double = band.measure == .heartRate ? 30 : 10
            if let value, secondsIn >= grace {
                let judged = target.judge(value, in: now, at: reading.time, alertAfter: alertAfter)
                status.inTarget = judged.inside
                current.judgedSeconds += dt
                if judged.inside { current.inTargetSeconds += dt } else if value < now.low { current.belowSeconds += dt } else { current.aboveSeconds += dt }
                if judged.back { events.append(.backInTarget(step: index)) }
                if judged.alert {
                    current.alerts += 1
                    events.append(.outOfTarget(step: index, value: value, low: now.low, high: now.high))
                }
            }
        }
        // The cadence to hold, judged on its own beside the target.
        if let band = step.cadenceBand, let raw = reading.cadence, raw.isFinite {
            let now = band.at(fraction(at: reading))
            let value = cadence.value(raw, at: reading.time, averaged: true)
            status.cadence = value
            if secondsIn >= 10 {
                let judged = cadence.judge(value, in: now, at: reading.time, alertAfter: alertAfter)
                status.cadenceInTarget = judged.inside
                current.cadenceJudgedSeconds += dt
                if judged.inside { current.cadenceInTargetSeconds += dt }
                if judged.back { events.append(.cadenceBackInTarget(step: index)) }
                if judged.alert {
                    current.cadenceAlerts += 1
                    events.append(.cadenceOutOfTarget(step: index, value: value, low: now.low, high: now.high))
                }
            }
        }
        compliance[compliance.count - 1] = current
        self.status = status
        return events
    }
}
