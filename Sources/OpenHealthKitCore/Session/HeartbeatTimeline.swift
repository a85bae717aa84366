import Foundation

/// The heartbeat series in progress, as a live workout's readings build it.
struct HeartbeatTimeline: Sendable, Equatable {
    /// When the series starts: the beat before the first one received.
    var seriesStart: Date?
    /// The last beat received.
    var lastBeat: Date?
    /// The RR intervals between beats with no gap between them, in seconds.
    var intervals: [TimeInterval] = []
}
