import Foundation

/// How long a source waits before trying a device again: a quarter of a
/// second at first, doubling with each failure to connect up to four seconds,
/// and a quarter again once it has connected.
struct ReconnectBackoff: Sendable, Equatable {
    /// The first wait, in seconds.
    static let first: TimeInterval = 0.25
    /// The longest wait, in seconds.
    static let longest: TimeInterval = 4

    /// The wait before the next try.
    private(set) var delay = Self.first

    /// A try failed: the wait before the next one, doubling the one after.
    mutating func failed() -> TimeInterval {
        defer { delay = min(delay * 2, Self.longest) }
        return delay
    }

    /// The device answered: the next wait is the first again.
    mutating func connected() {
        delay = Self.first
    }
}
