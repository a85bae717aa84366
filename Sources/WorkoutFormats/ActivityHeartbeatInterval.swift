public import Foundation

/// One beat-to-beat interval.
public struct ActivityHeartbeatInterval: Sendable, Equatable {
    /// When the interval ended (the later beat), as well as the file tells it.
    public var date: Date
    /// The interval in seconds.
    public var seconds: Double

    /// An interval of `seconds` ending at `date`.
    public init(date: Date, seconds: Double) {
        self.date = date
        self.seconds = seconds
    }
}
