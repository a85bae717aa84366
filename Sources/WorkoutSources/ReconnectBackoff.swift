package import Foundation

/// How long a source (gpsd, a strap's serial device) waits before trying a device again: a quarter of a
/// second at first, doubling with each failure to connect up to four seconds, and the first again once it
/// has connected.
package struct ReconnectBackoff: Sendable, Equatable {
    /// The first wait, in seconds.
    package let first: TimeInterval
    /// The longest wait, in seconds.
    package let longest: TimeInterval

    /// The wait before the next try.
    package private(set) var delay: TimeInterval

    /// A backoff from `first` (a quarter of a second by default) doubling up to `longest`.
    package init(first: TimeInterval = 0.25, longest: TimeInterval = 4) {
        self.first = first
        self.longest = max(first, longest)
        delay = first
    }

    /// A try failed: the wait before the next one, doubling the one after.
    package mutating func failed() -> TimeInterval {
        defer { delay = min(delay * 2, longest) }
        return delay
    }

    /// The device answered: the next wait is the first again.
    package mutating func connected() {
        delay = first
    }
}
