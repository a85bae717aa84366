
/// An indoor ride's speed and distance from the trainer's power alone, as if on a flat road (``CyclingPhysics``):
/// in ERG the trainer holds the power whatever the gear, so its wheel speed says nothing of the effort, and a
/// ride's distance comes from here instead.
public struct ErgRide: Sendable {
    /// The road and rider.
    public let physics: CyclingPhysics
    /// Metres a second now.
    public private(set) var speed = 0.0
    /// Metres since the start.
    public private(set) var distance = 0.0

    /// A ride of a rider and bike as `physics` has them, from `speed` metres a second (a standstill by default).
    public init(physics: CyclingPhysics, speed: Double = 0) {
        self.physics = physics
        self.speed = speed.isFinite ? max(0, speed) : 0
    }

    /// Rides `seconds` at `watts` (the trainer's reading): the speed follows the power, the distance the speed.
    public mutating func ride(watts: Double, for seconds: Double) {
        guard seconds > 0, watts.isFinite else { return }
        var left = seconds
        while left > 1e-9 {
            let dt = min(0.1, left)
            let next = physics.speed(after: dt, at: max(0, watts), from: speed)
            distance += (speed + next) / 2 * dt
            speed = next
            left -= dt
        }
    }
}
