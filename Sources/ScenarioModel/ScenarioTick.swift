public import GATT
public import Foundation
public import HealthKitModel

/// What the simulated sensors and the athlete produce during one tick.
public struct ScenarioTick: Sendable {
    /// Seconds since the start of the timeline, on the sensors' (true) clock.
    public var time: TimeInterval
    /// The host clock's offset from true time (clock jumps), in seconds.
    public var clockOffset: TimeInterval
    /// Session actions taken at this tick, before its readings.
    public var actions: [ScenarioStep] = []
    /// A GPS fix, unless the receiver has none this tick.
    public var fix: CLLocation?
    /// A heart-rate notification, once a second while the strap is connected.
    public var heartRate: HeartRateMeasurement?
    /// Watts, once a second with a power meter.
    public var power: Double?
    /// Revolutions or steps per minute, once a second with a cadence sensor.
    public var cadence: Double?
    /// Metres and steps since the last tick, from a footpod.
    public var footpod: (meters: Double, steps: Double)?
    /// Device changes: fix lost, strap contact lost, disconnects.
    public var statuses: [(sensor: String, kind: WorkoutSourceStatus.Kind, detail: String)] = []
    /// Metres covered along the route since the start (ground truth).
    public var distance: Double
    /// The true speed in metres per second.
    public var speed: Double
    /// Whether the athlete starts the scenario's structured workout at this tick.
    public var startsPlan = false
    /// Metres the athlete is off the route (a detour's), the truth a course follower is judged against.
    public var offRoute = 0.0
}
