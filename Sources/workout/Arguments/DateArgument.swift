import ArgumentParser
import Foundation

/// Reads a date: `2024-03-01`, `2024-03-01T06:30:00Z` or `2024-03-01T06:30:00+01:00`.
struct DateArgument: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        if let full = try? Date(argument, strategy: .iso8601) {
            date = full
        } else if let day = try? Date(argument + "T00:00:00Z", strategy: .iso8601) {
            date = day
        } else {
            return nil
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
