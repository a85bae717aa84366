import Foundation

/// A line from gpsd that is not one of its JSON reports.
package struct GPSDLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line's start, for the message.
    package let excerpt: String
    /// What is wrong with it.
    package let reason: String

    /// The error of a line beginning with `excerpt`, not a report because of `reason`.
    package init(excerpt: String, reason: String) {
        self.excerpt = excerpt
        self.reason = reason
    }

    package var description: String { "gpsd sent a line that is not a JSON report (\(reason)): \(excerpt)" }
}
