public import Foundation

/// A structured workout as a plan file holds it: named steps of a time, a distance or until the lap button, each
/// with a target (power, heart rate, cadence or speed, as a band, a zone or a ramp), and blocks of steps repeated.
///
/// Read from FIT workout files (``readFIT(_:)``), Zwift's `.zwo` (``readZWO(_:)``) and OpenHealthKit's YAML form;
/// written as FIT workout files (``fitData(createdAt:)``) that Garmin's SDK and devices read.
public struct WorkoutPlan: Sendable, Equatable {
    /// What a step is for, as FIT's `intensity` says.
    public enum Intensity: String, Sendable, CaseIterable {
        case active, rest, warmup, cooldown, recovery, interval, other

        /// FIT's `intensity` value.
        public var fitValue: Double {
            switch self {
            case .active: 0
            case .rest: 1
            case .warmup: 2
            case .cooldown: 3
            case .recovery: 4
            case .interval: 5
            case .other: 6
            }
        }

        /// The intensity of FIT's value; `.active` for values it does not know.
        public init(fitValue: Double) {
            self = Intensity.allCases.first { $0.fitValue == fitValue } ?? .active
        }
    }

    /// How long a step lasts.
    public enum Extent: Sendable, Equatable {
        /// This many seconds of moving time.
        case time(Double)
        /// This many metres.
        case distance(Double)
        /// Until the rider presses lap (FIT's `open`).
        case open
    }

    /// A power level: watts, or a fraction of the athlete's FTP (0.95 is 95 %).
    public enum Power: Sendable, Equatable {
        case watts(Double)
        case ftp(Double)
    }

    /// A heart-rate level: beats per minute, or a fraction of the athlete's maximum (0.8 is 80 %).
    public enum HeartRate: Sendable, Equatable {
        case bpm(Double)
        case maximum(Double)
    }

    /// What the rider aims at during a step.
    public enum Target: Sendable, Equatable {
        /// Nothing in particular.
        case none
        /// Power between `low` and `high`.
        case power(low: Power, high: Power)
        /// Power moving from `from` to `to` through the step, as Zwift's warm-ups and ramps do.
        case powerRamp(from: Power, to: Power)
        /// One of the athlete's power zones, from 1 (Coggan's seven).
        case powerZone(Int)
        /// Heart rate between `low` and `high`.
        case heartRate(low: HeartRate, high: HeartRate)
        /// One of the athlete's heart-rate zones, from 1 (five, by fractions of the maximum).
        case heartRateZone(Int)
        /// Cadence between `low` and `high`, per minute.
        case cadence(low: Double, high: Double)
        /// Speed between `low` and `high`, in metres per second.
        case speed(low: Double, high: Double)
    }

    /// One step.
    public struct Step: Sendable, Equatable {
        /// Its name, if it has one ("Sweet spot", "Recover").
        public var name: String?
        /// What it is for.
        public var intensity: Intensity
        /// How long it lasts.
        public var extent: Extent
        /// What to aim at.
        public var target: Target
        /// A cadence to hold as well, per minute, if the plan gives one (Zwift's `Cadence`).
        public var cadence: Double?
        /// Words for the rider.
        public var notes: String?

        /// A step of `extent` aiming at `target`.
        public init(name: String? = nil, intensity: Intensity = .active, extent: Extent, target: Target = .none,
                    cadence: Double? = nil, notes: String? = nil) {
            self.name = name
            self.intensity = intensity
            self.extent = extent
            self.target = target
            self.cadence = cadence
            self.notes = notes
        }
    }

    /// A step, or steps done several times over.
    public indirect enum Block: Sendable, Equatable {
        case step(Step)
        case repeated(times: Int, [Block])
    }

    /// The workout's name.
    public var name: String
    /// Its sport.
    public var sport: ActivitySport
    /// Its blocks, in order.
    public var blocks: [Block]

    /// A plan named `name` of `blocks`.
    public init(name: String, sport: ActivitySport = .cycling, blocks: [Block]) {
        self.name = name
        self.sport = sport
        self.blocks = blocks
    }

    /// A step as it comes in the ride: repeats unrolled, with which repetition it is.
    public struct PlannedStep: Sendable, Equatable {
        /// The step.
        public var step: Step
        /// From 1, in the order ridden.
        public var number: Int
        /// Which time round and of how many, innermost repeat first, empty outside repeats: `[(2, 5)]` is "2 of 5".
        public var repetition: [(index: Int, of: Int)]

        /// The step's name, or its intensity's, with its repetition: `Sweet spot 2/3`, `Recovery`.
        public var title: String {
            let name = step.name ?? step.intensity.rawValue.prefix(1).uppercased() + step.intensity.rawValue.dropFirst()
            guard let innermost = repetition.first else { return name }
            return "\(name) \(innermost.index)/\(innermost.of)"
        }

        public static func == (a: PlannedStep, b: PlannedStep) -> Bool {
            a.step == b.step && a.number == b.number && a.repetition.map(\.index) == b.repetition.map(\.index)
                && a.repetition.map(\.of) == b.repetition.map(\.of)
        }
    }

    /// Every step in the order ridden, repeats unrolled.
    public var unrolled: [PlannedStep] {
        var steps: [PlannedStep] = []
        func walk(_ blocks: [Block], _ repetition: [(index: Int, of: Int)]) {
            for block in blocks {
                switch block {
                case .step(let step): steps.append(PlannedStep(step: step, number: steps.count + 1, repetition: repetition))
                case .repeated(let times, let inner):
                    for round in 1...max(times, 1) { walk(inner, [(round, times)] + repetition) }
                }
            }
        }
        walk(blocks, [])
        return steps
    }

    /// Seconds of the steps given by time; steps by distance or open are not counted.
    public var timedSeconds: Double {
        unrolled.reduce(0) { total, planned in
            if case .time(let seconds) = planned.step.extent { total + seconds } else { total }
        }
    }
}

extension WorkoutPlan {
    /// The extensions a plan file may have, and the forms they are: FIT workout files, Zwift workouts, the YAML form.
    public static let fileExtensions = ["fit", "zwo", "yaml", "yml"]

    /// The plan `data` holds, read as its file's extension says (``fileExtensions``).
    ///
    /// - Throws: ``WorkoutPlanError`` (with the line and column, or byte offset) or ``FITDecodingError``.
    public static func read(_ data: Data, fileExtension: String) throws -> WorkoutPlan {
        switch fileExtension.lowercased() {
        case "fit": return try readFIT(data)
        case "zwo": return try readZWO(data)
        case "yaml", "yml":
            guard let text = String(data: data, encoding: .utf8) else { throw WorkoutPlanError(message: "the file is not UTF-8 text") }
            return try readYAML(text)
        default:
            throw WorkoutPlanError(message: "a plan is a FIT workout file (.fit), a Zwift workout (.zwo) or the YAML form (.yaml), not .\(fileExtension)")
        }
    }
}
