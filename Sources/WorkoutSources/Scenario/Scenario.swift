public import Foundation
public import OpenHealthKitCore

/// A scripted workout: who, where, which sensors, what happens and when, what
/// can go wrong, and what the result must be.
///
/// Scenario files are YAML (see `Scenarios/README.md` for the format); read one
/// with ``init(contentsOf:)`` or ``init(yaml:file:)``, then replay it with
/// ``ScenarioRunner``.
public struct Scenario: Sendable {
    /// A short title.
    public var name: String
    /// The workout's activity.
    public var activity: HKWorkoutActivityType
    /// Indoors, outdoors or unknown.
    public var location: HKWorkoutSessionLocationType
    /// When the timeline starts, on the sensors' (true) clock.
    public var start: Date
    /// The seed of every random choice: the same file and seed give the same workout.
    public var seed: UInt64
    /// The athlete, for the heart-rate model and energy; `nil` for a strap-only workout.
    public var athlete: AthleteProfile?
    /// Where the workout goes.
    public var route: ScenarioRoute?
    /// What the sensors report and how badly.
    public var sensors: ScenarioSensors
    /// What happens, in order.
    public var timeline: [ScenarioStep]
    /// What goes wrong, by time from the start of the timeline.
    public var faults: [ScenarioFault]
    /// What the result must be.
    public var expectations: [ScenarioExpectation]
    /// The file the scenario came from, for messages.
    public var file: String

    /// Describes a scenario in code.
    public init(name: String, activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType = .outdoor,
                start: Date, seed: UInt64 = 1, athlete: AthleteProfile? = nil, route: ScenarioRoute? = nil,
                sensors: ScenarioSensors = ScenarioSensors(), timeline: [ScenarioStep], faults: [ScenarioFault] = [],
                expectations: [ScenarioExpectation] = [], file: String = "<scenario>") {
        self.name = name
        self.activity = activity
        self.location = location
        self.start = start
        self.seed = seed
        self.athlete = athlete
        self.route = route
        self.sensors = sensors
        self.timeline = timeline
        self.faults = faults
        self.expectations = expectations
        self.file = file
    }

    /// Whether the workout moves along a route in the world (GPS applies).
    var isOutdoor: Bool { location != .indoor }
}

/// One step of a scenario's timeline.
public enum ScenarioStep: Sendable, Hashable {
    /// Prepares the session, then counts down for the given seconds.
    case prepare(countdown: TimeInterval)
    /// Starts the session and the builder's collection.
    case start
    /// Pauses the session.
    case pause
    /// Resumes the session.
    case resume
    /// Closes a lap that began at the previous lap or the start.
    case lap
    /// Marks a moment, optionally named.
    case marker(String?)
    /// Closes a segment that began at the previous segment or the start, optionally named.
    case segment(String?)
    /// Begins a new activity of a multisport workout (ending the current one).
    case activity(HKWorkoutActivityType, HKWorkoutSessionLocationType)
    /// Stops the session and ends the builder's collection.
    case stop
    /// Ends the session and finishes the workout.
    case end
    /// Moves (or stands) for a while, towards a target.
    case move(ScenarioMovement)
}

/// Movement for a duration or a distance, towards a target effort.
public struct ScenarioMovement: Sendable, Hashable {
    /// How long the step lasts.
    public enum Extent: Sendable, Hashable {
        /// For this many seconds.
        case duration(TimeInterval)
        /// Until this many metres are covered.
        case distance(Double)
    }

    /// What the athlete aims at.
    public enum Target: Sendable, Hashable {
        /// A speed in metres per second (a pace is written as one).
        case speed(Double)
        /// A power in watts; speed follows from it.
        case power(Double)
        /// A heart rate in beats per minute; speed stays as it was.
        case heartRate(Double)
    }

    /// How long the step lasts.
    public var extent: Extent
    /// The target at the start of the step.
    public var target: Target
    /// The target at the end of the step, for a ramp; `nil` holds ``target``.
    public var rampTo: Target?
    /// Cadence in revolutions or steps per minute, if given.
    public var cadence: Double?

    /// Describes a movement step.
    public init(extent: Extent, target: Target, rampTo: Target? = nil, cadence: Double? = nil) {
        self.extent = extent
        self.target = target
        self.rampTo = rampTo
        self.cadence = cadence
    }
}

/// The sensors of a scenario and their flaws.
public struct ScenarioSensors: Sendable, Hashable {
    /// A GPS receiver.
    public struct GPS: Sendable, Hashable {
        /// Fixes per second.
        public var rate: Double = 1
        /// Standard deviation of the horizontal position error, in metres.
        public var noise: Double = 2
        /// The horizontal accuracy the receiver reports, in metres.
        public var accuracy: Double = 5
        /// Standard deviation of the altitude error, in metres.
        public var verticalNoise: Double = 3
        /// The chance that a fix is missing.
        public var dropout: Double = 0
        /// Describes a receiver.
        public init(rate: Double = 1, noise: Double = 2, accuracy: Double = 5, verticalNoise: Double = 3, dropout: Double = 0) {
            self.rate = rate
            self.noise = noise
            self.accuracy = accuracy
            self.verticalNoise = verticalNoise
            self.dropout = dropout
        }
    }

    /// A heart-rate strap and the body it is on.
    public struct HeartRate: Sendable, Hashable {
        /// Seconds for the heart rate to close 63 % of the way to a higher target.
        public var riseTime: TimeInterval = 25
        /// Seconds for the heart rate to close 63 % of the way to a lower target.
        public var fallTime: TimeInterval = 45
        /// Cardiac drift, in beats per minute per hour of activity at full effort.
        public var drift: Double = 4
        /// Standard deviation of beat-to-beat noise on the reported rate, in bpm.
        public var noise: Double = 1
        /// Whether notifications carry RR intervals.
        public var rrIntervals: Bool = true
        /// Whether the strap reports energy expended (kJ, cumulative).
        public var energyField: Bool = false
        /// Describes a strap.
        public init(riseTime: TimeInterval = 25, fallTime: TimeInterval = 45, drift: Double = 4, noise: Double = 1,
                    rrIntervals: Bool = true, energyField: Bool = false) {
            self.riseTime = riseTime
            self.fallTime = fallTime
            self.drift = drift
            self.noise = noise
            self.rrIntervals = rrIntervals
            self.energyField = energyField
        }
    }

    /// The GPS receiver; `nil` for none (indoors by default).
    public var gps: GPS?
    /// The heart-rate strap; `nil` for none.
    public var heartRate: HeartRate?
    /// Standard deviation of a power meter's error in watts; `nil` for no power meter.
    public var powerNoise: Double?
    /// Standard deviation of a cadence sensor's error; `nil` for no cadence sensor.
    public var cadenceNoise: Double?
    /// Whether a footpod reports distance and steps (treadmills).
    public var footpod: Bool

    /// Describes the sensors.
    public init(gps: GPS? = GPS(), heartRate: HeartRate? = HeartRate(), powerNoise: Double? = nil, cadenceNoise: Double? = nil, footpod: Bool = false) {
        self.gps = gps
        self.heartRate = heartRate
        self.powerNoise = powerNoise
        self.cadenceNoise = cadenceNoise
        self.footpod = footpod
    }
}

/// Something that goes wrong during a scenario.
public struct ScenarioFault: Sendable, Hashable {
    /// What goes wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The GPS receiver loses its fix (a tunnel): no positions.
        case gpsLoss
        /// The strap loses skin contact: notifications say so and carry no usable rate.
        case strapContactLost
        /// A sensor disconnects, then reconnects.
        case sensorDisconnect
        /// The gpsd daemon restarts: the GPS source disconnects and reconnects.
        case gpsdRestart
        /// The host's clock jumps; sensor times stay true.
        case clockJump
    }

    /// What goes wrong.
    public var kind: Kind
    /// Seconds from the start of the timeline.
    public var at: TimeInterval
    /// How long it lasts, in seconds (0 for a clock jump).
    public var duration: TimeInterval
    /// The sensor, for ``Kind/sensorDisconnect``: `gps`, `heartRate`, `power` or `cadence`.
    public var sensor: String?
    /// The jump in seconds, for ``Kind/clockJump`` (negative goes back).
    public var jump: TimeInterval

    /// Describes a fault.
    public init(kind: Kind, at: TimeInterval, duration: TimeInterval = 0, sensor: String? = nil, jump: TimeInterval = 0) {
        self.kind = kind
        self.at = at
        self.duration = duration
        self.sensor = sensor
        self.jump = jump
    }

    /// The sensor the fault concerns: `gps`, `heartRate`, `power`, `cadence`, or `clock`.
    var sensorName: String {
        switch kind {
        case .gpsLoss, .gpsdRestart: "gps"
        case .strapContactLost: "heartRate"
        case .sensorDisconnect: sensor ?? "gps"
        case .clockJump: "clock"
        }
    }

    /// Whether `time` (seconds from the start of the timeline) falls inside the fault.
    func covers(_ time: TimeInterval) -> Bool { time >= at && time < at + duration }
}
