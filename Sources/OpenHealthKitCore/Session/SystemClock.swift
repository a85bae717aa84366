public import Foundation
import Synchronization

/// The wall clock: the default for sessions and builders.
public struct SystemClock: WorkoutClock {
    /// Creates the wall clock.
    public init() {}

    /// The current wall-clock date.
    public var now: Date { Date() }
}
