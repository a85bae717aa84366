import Foundation

/// A line from gpsd that is not one of its JSON reports.
struct GPSDLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line's start, for the message.
    let excerpt: String
    /// What is wrong with it.
    let reason: String

    var description: String { "gpsd sent a line that is not a JSON report (\(reason)): \(excerpt)" }
}
