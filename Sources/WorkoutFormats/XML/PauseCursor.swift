import Foundation

/// Walks an activity's pauses alongside its records, oldest first, telling
/// a writer when a record comes after a pause: where GPX starts a new
/// `trkseg` and TCX a new `Track`.
struct PauseCursor {
    private let pauses: [DateInterval]
    private var index = 0

    init(_ pauses: [DateInterval]) { self.pauses = pauses }

    /// Whether a pause ended since the previous record, at or before `date`.
    mutating func crossedPause(before date: Date) -> Bool {
        var crossed = false
        while index < pauses.count && pauses[index].end <= date {
            crossed = true
            index += 1
        }
        return crossed
    }
}
