import Foundation

/// The stretch of time a workout's statistics cover: collection's start and
/// end, and the events whose pauses and resumes mask it.
struct WorkoutSpan: Sendable {
    /// When collection began, if it has.
    var start: Date?
    /// When collection ended, if it has.
    var end: Date?
    /// The workout's events, sorted by start.
    var events: [HKWorkoutEvent]

    /// Whether an interval row lies wholly inside one stretch of active time or
    /// wholly outside all of them, so masking keeps or drops it whole.
    func isWhollyActiveOrInactive(_ row: StatisticRow) -> Bool {
        guard let start = start?.timeIntervalSince1970, row.start >= start else { return false }
        if let end = end?.timeIntervalSince1970, row.end > end { return false }
        let changes = events.contains { event in
            let t = event.dateInterval.start.timeIntervalSince1970
            return (event.type == .pause || event.type == .resume) && t > row.start && t < row.end
        }
        return !changes
    }

    /// The end statistics run to before collection ends: the latest of `now`,
    /// the last sample's end and the last event's end, as HealthKit's snapshots do.
    func snapshotEnd(now: Date, latestSampleEnd: Double) -> Date? {
        guard let start else { return nil }
        if let end { return end }
        let latestEvent = events.last.map { $0.dateInterval.end.timeIntervalSince1970 } ?? -Double.infinity
        return max(now, start, Date(timeIntervalSince1970: max(latestSampleEnd, latestEvent)))
    }
}
