public import Foundation
import Synchronization

/// Where sessions and builders get "now" from.
///
/// Nothing in the library reads the wall clock except ``SystemClock``. Tests and
/// scenario replays use a ``VirtualClock`` so a day-long workout runs in
/// milliseconds and gives the same result every time.
public protocol WorkoutClock: Sendable {
    /// The current date on this clock.
    var now: Date { get }
}

