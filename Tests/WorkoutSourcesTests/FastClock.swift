import Foundation
import OpenHealthKit

/// A clock running `speed` times faster than the real one, from `start`: a ride played faster by the fake BlueZ
/// arrives on it at about the times it was recorded.
struct FastClock: WorkoutClock {
    let start: Date
    let speed: Double
    private let origin = ContinuousClock.now

    init(start: Date, speed: Double) {
        self.start = start
        self.speed = speed
    }

    var now: Date {
        let elapsed = ContinuousClock.now - origin
        return start.addingTimeInterval((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) * speed)
    }
}
