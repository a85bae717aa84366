import Foundation
import OpenHealthKit

/// What the recording dashboard shows: the recording's snapshot, the time of day and the log, so the
/// screen is a pure function of it and of the terminal's size.
struct DashboardState: Sendable {
    /// The recording's figures, as the live page shows them too.
    var snapshot: LiveSnapshot
    /// The time of day on the recording's clock, `HH:mm:ss`.
    var timeOfDay = ""
    /// Messages, oldest first.
    var log: [String] = []
}
