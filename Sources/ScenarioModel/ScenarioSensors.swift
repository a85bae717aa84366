public import Foundation
import HealthKitModel

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
