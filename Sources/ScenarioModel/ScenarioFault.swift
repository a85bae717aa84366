public import Foundation
import HealthKitModel

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
    package var sensorName: String {
        switch kind {
        case .gpsLoss, .gpsdRestart: "gps"
        case .strapContactLost: "heartRate"
        case .sensorDisconnect: sensor ?? "gps"
        case .clockJump: "clock"
        }
    }

    /// Whether `time` (seconds from the start of the timeline) falls inside the fault.
    package func covers(_ time: TimeInterval) -> Bool { time >= at && time < at + duration }
}
