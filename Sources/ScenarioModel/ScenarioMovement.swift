public import Foundation
import HealthKitModel

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
    /// Whether the athlete starts the scenario's structured workout with this step (``ScenarioPlan``).
    public var startsPlan = false
    /// For a detour: how far the athlete leaves the route, in metres, to its right and back again, over the step's
    /// distance (twice this), making no way along the route meanwhile.
    public var detour: Double?

    /// Describes a movement step.
    public init(extent: Extent, target: Target, rampTo: Target? = nil, cadence: Double? = nil) {
        self.extent = extent
        self.target = target
        self.rampTo = rampTo
        self.cadence = cadence
    }
}
