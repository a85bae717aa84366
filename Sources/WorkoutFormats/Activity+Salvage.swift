import Foundation

extension Activity {
    /// What a damaged or cut-short file's readable part holds, and no more.
    ///
    /// A device may write its summaries first (Strava's app does) or a
    /// damaged file may end inside a session: a lap or session that reaches
    /// past the last readable record is worked out again from the records it
    /// kept, clipped at that record, instead of keeping totals the records no
    /// longer back. Laps and sessions that start after it, and timer events and
    /// beat-to-beat intervals after it, are dropped.
    ///
    /// ```swift
    /// let kept = damaged.salvaged()   // 472 records over 5 minutes: 5 minutes, not the file's hour
    /// ```
    public func salvaged() -> Activity {
        guard let last = records.last?.date else { return self }
        var activity = self
        let slack: TimeInterval = 1
        activity.timerEvents = timerEvents.filter { $0.date <= last }
        activity.heartbeatIntervals = heartbeatIntervals.filter { $0.date <= last }
        let pauses = activity.pauses
        func clipped(_ summaries: [ActivitySummary]) -> [ActivitySummary] {
            summaries.compactMap { summary in
                guard summary.start <= last else { return nil }
                guard summary.end > last.addingTimeInterval(slack) else { return summary }
                return ActivitySummary(computedFrom: records, sport: summary.sport, interval: DateInterval(start: summary.start, end: last),
                                       pauses: pauses, trigger: summary.trigger)
            }
        }
        activity.sessions = clipped(sessions)
        activity.laps = clipped(laps)
        return activity.completingSummaries(sport: sport)
    }
}
