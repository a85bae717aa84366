import Foundation
public import HealthKitModel
public import WorkoutFormats
import TrainingMetrics

/// A plan's step as one athlete rides it: its target in watts, beats per minute, revolutions per minute or metres
/// per second, worked out from the athlete's FTP, maximum heart rate and zones.
public struct GuidedStep: Sendable, Equatable {
    /// What a target measures.
    public enum Measure: String, Sendable {
        case power, heartRate, cadence, speed

        /// A value of the measure for people, in its unit's terms: km/h to a tenth for speed (given in m/s), whole
        /// numbers otherwise.
        public func text(_ value: Double) -> String {
            self == .speed ? String(format: "%.1f", value * 3.6) : String(Int(value.rounded()))
        }

        /// Its unit, for people.
        public var unit: String {
            switch self {
            case .power: "W"
            case .heartRate: "bpm"
            case .cadence: "rpm"
            case .speed: "km/h"
            }
        }
    }

    /// A band to stay in: `low` to `high` at the step's start, moving to `endLow`…`endHigh` at its end for a ramp.
    public struct Band: Sendable, Equatable {
        /// What it measures.
        public var measure: Measure
        /// The lowest value in the band at the step's start.
        public var low: Double
        /// The highest at the step's start.
        public var high: Double
        /// The lowest at the step's end (a ramp's), else `low`.
        public var endLow: Double
        /// The highest at the step's end, else `high`.
        public var endHigh: Double

        /// The band `fraction` (0…1) of the way through the step.
        public func at(_ fraction: Double) -> (low: Double, high: Double) {
            let f = min(max(fraction, 0), 1)
            return (low + (endLow - low) * f, high + (endHigh - high) * f)
        }
    }

    /// The plan's step, with its number and repetition.
    public var planned: WorkoutPlan.PlannedStep
    /// The band to stay in, if the step has a target.
    public var band: Band?
    /// The cadence to hold beside another target (a plan's `cadence: 90`, FIT's secondary target), ± 5 rpm; nil when
    /// the step has none, or when cadence is its target.
    public var cadenceBand: Band?

    /// From 1, in the order ridden.
    public var number: Int { planned.number }
    /// The plan's step.
    public var step: WorkoutPlan.Step { planned.step }
    /// The step's name, or its intensity's, with its repetition: `Sweet spot 2/3`.
    public var title: String { planned.title }

    /// The target for people: `220–233 W`, `ramp 125→188 W`, `140–150 bpm`, or `no target`.
    public var targetText: String {
        guard let band else { return "no target" }
        let value = band.measure.text
        if band.low != band.endLow {
            return "ramp \(value((band.low + band.high) / 2))→\(value((band.endLow + band.endHigh) / 2)) \(band.measure.unit)"
        }
        return band.low == band.high ? "\(value(band.low)) \(band.measure.unit)" : "\(value(band.low))–\(value(band.high)) \(band.measure.unit)"
    }
}

/// The athlete's figures a plan's targets are worked out from.
public struct PlanAthlete: Sendable, Equatable {
    /// Functional threshold power, in watts.
    public var functionalThresholdPower: Double?
    /// Maximum heart rate, in beats per minute.
    public var maximumHeartRate: Double?
    /// Heart-rate zones; from the maximum (50, 60, 70, 80, 90 %) when not given.
    public var heartRateZones: HeartRateZones?

    /// An athlete with these figures.
    public init(functionalThresholdPower: Double? = nil, maximumHeartRate: Double? = nil, heartRateZones: HeartRateZones? = nil) {
        self.functionalThresholdPower = functionalThresholdPower
        self.maximumHeartRate = maximumHeartRate
        self.heartRateZones = heartRateZones
    }

    /// The figures of `profile`: its FTP, its maximum heart rate (or Tanaka's estimate) and its chosen zones.
    public init(profile: AthleteProfile) {
        self.init(functionalThresholdPower: profile.functionalThresholdPower, maximumHeartRate: profile.estimatedMaximumHeartRate,
                  heartRateZones: HeartRateZoneChoice(profile: profile)?.zones)
    }
}

/// Why a plan cannot be ridden by an athlete: a target needs a figure the athlete lacks.
public struct PlanGuidanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is missing, and how to give it.
    public var description: String

    /// A problem told by `description`.
    public init(description: String) { self.description = description }
}

extension GuidedStep {
    /// The narrowest band a target may have: a target of one value is held within ±5 % (power, speed), ±3 bpm or
    /// ±5 rpm, as no rider holds an exact number.
    static func widened(_ low: Double, _ high: Double, _ measure: Measure) -> (Double, Double) {
        let half: Double = switch measure {
        case .power, .speed: 0.05 * (low + high) / 2
        case .heartRate: 3
        case .cadence: 5
        }
        guard high - low < 1e-9 else { return (low, high) }
        let middle = (low + high) / 2
        return (middle - half, middle + half)
    }

    /// The plan's steps for `athlete`, repeats unrolled, in the order ridden.
    ///
    /// Power zones are Coggan's (55, 75, 90, 105, 120 and 150 % of FTP; zone 7 up to 200 %); heart-rate zones are the
    /// athlete's. A target of one value is widened as ``widened(_:_:_:)`` says; a ramp is held within ±5 % of its level.
    ///
    /// - Throws: ``PlanGuidanceError`` when a target needs an FTP or a maximum heart rate the athlete lacks.
    public static func steps(of plan: WorkoutPlan, for athlete: PlanAthlete) throws(PlanGuidanceError) -> [GuidedStep] {
        var steps: [GuidedStep] = []
        for planned in plan.unrolled {
            let label = "step \(planned.number) (\(planned.step.name ?? planned.step.intensity.rawValue))"
            func watts(_ level: WorkoutPlan.Power) throws(PlanGuidanceError) -> Double {
                switch level {
                case .watts(let watts): return watts
                case .ftp(let fraction):
                    guard let ftp = athlete.functionalThresholdPower, ftp > 0 else {
                        throw PlanGuidanceError(description: "\(label) aims at \(Int((fraction * 100).rounded())) % of FTP, and no FTP is known: give --ftp WATTS, or keep it with `workout athlete set --ftp`")
                    }
                    return fraction * ftp
                }
            }
            func bpm(_ level: WorkoutPlan.HeartRate) throws(PlanGuidanceError) -> Double {
                switch level {
                case .bpm(let bpm): return bpm
                case .maximum(let fraction):
                    guard let maximum = athlete.maximumHeartRate, maximum > 0 else {
                        throw PlanGuidanceError(description: "\(label) aims at \(Int((fraction * 100).rounded())) % of maximum heart rate, and none is known: give --max-heart-rate BPM")
                    }
                    return fraction * maximum
                }
            }
            var band: Band?
            switch planned.step.target {
            case .none:
                band = nil
            case .power(let a, let b):
                let (low, high) = widened(min(try watts(a), try watts(b)), max(try watts(a), try watts(b)), .power)
                band = Band(measure: .power, low: low, high: high, endLow: low, endHigh: high)
            case .powerRamp(let a, let b):
                let (from, to) = (try watts(a), try watts(b))
                band = Band(measure: .power, low: from * 0.95, high: from * 1.05, endLow: to * 0.95, endHigh: to * 1.05)
            case .powerZone(let zone):
                guard let ftp = athlete.functionalThresholdPower, ftp > 0 else {
                    throw PlanGuidanceError(description: "\(label) aims at power zone \(zone), and no FTP is known: give --ftp WATTS")
                }
                let bounds = [0] + PowerZones.upperShares + [2.0]
                let z = min(max(zone, 1), 7)
                band = Band(measure: .power, low: bounds[z - 1] * ftp, high: bounds[z] * ftp, endLow: bounds[z - 1] * ftp, endHigh: bounds[z] * ftp)
            case .heartRate(let a, let b):
                let (low, high) = widened(min(try bpm(a), try bpm(b)), max(try bpm(a), try bpm(b)), .heartRate)
                band = Band(measure: .heartRate, low: low, high: high, endLow: low, endHigh: high)
            case .heartRateZone(let zone):
                guard let zones = athlete.heartRateZones ?? athlete.maximumHeartRate.map({ HeartRateZones(maximum: $0) }) else {
                    throw PlanGuidanceError(description: "\(label) aims at heart-rate zone \(zone), and no maximum heart rate is known: give --max-heart-rate BPM")
                }
                let z = min(max(zone, 1), 5)
                let top = z < 5 ? zones.lowerBounds[z] : (athlete.maximumHeartRate ?? zones.lowerBounds[4] / 0.9)
                band = Band(measure: .heartRate, low: zones.lowerBounds[z - 1], high: top, endLow: zones.lowerBounds[z - 1], endHigh: top)
            case .cadence(let a, let b):
                let (low, high) = widened(a, b, .cadence)
                band = Band(measure: .cadence, low: low, high: high, endLow: low, endHigh: high)
            case .speed(let a, let b):
                let (low, high) = widened(a, b, .speed)
                band = Band(measure: .speed, low: low, high: high, endLow: low, endHigh: high)
            }
            var step = GuidedStep(planned: planned, band: band)
            if let cadence = planned.step.cadence, band?.measure != .cadence {
                let (low, high) = widened(cadence, cadence, .cadence)
                step.cadenceBand = Band(measure: .cadence, low: low, high: high, endLow: low, endHigh: high)
            }
            steps.append(step)
        }
        return steps
    }
}
