public import Foundation
import Synchronization

/// A clock that moves only when told to.
///
/// ```swift
/// let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
/// session.startActivity(with: clock.now)
/// clock.advance(by: 600)   // ten minutes later, instantly
/// ```
public final class VirtualClock: WorkoutClock {
    private let current: Mutex<Date>

    /// A clock that reads `start` until advanced.
    public init(start: Date) {
        current = Mutex(start)
    }

    /// The clock's current date.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds` (never backward).
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "VirtualClock moves forward only; use set(to:) to jump")
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`, forward or backward, as a clock jump would.
    public func set(to date: Date) {
        current.withLock { $0 = date }
    }
}
