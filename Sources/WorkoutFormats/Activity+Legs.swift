import Foundation

extension Activity {
    /// Each leg of a multisport activity as an activity of its own, in order: its records, timer events,
    /// laps and markers, with distances counted from the leg's start, so that a leg's splits and efforts
    /// are its own. An activity of one session is its one leg.
    public func legs() -> [Activity] {
        guard sessions.count > 1 else { return [self] }
        let ordered = sessions.sorted { $0.start < $1.start }
        let sortedRecords = records.sorted { $0.date < $1.date }
        return ordered.indices.map { index in
            let session = ordered[index]
            let start = session.start
            let end = index + 1 < ordered.count ? ordered[index + 1].start : .distantFuture
            func inside(_ date: Date) -> Bool { date >= start && date < end }
            // The distance already travelled when the leg starts: the device's count is cumulative.
            let before = sortedRecords.last { $0.date < start && $0.distance != nil }?.distance ?? 0
            var legRecords = sortedRecords.filter { inside($0.date) }
            for record in legRecords.indices {
                if let distance = legRecords[record].distance { legRecords[record].distance = max(0, distance - before) }
            }
            var events = timerEvents.filter { inside($0.date) }
            if events.first?.kind != .start { events.insert(ActivityTimerEvent(.start, at: start), at: 0) }
            var leg = Activity(records: legRecords, timerEvents: events, laps: laps.filter { inside($0.start) }, sessions: [session],
                               heartbeatIntervals: heartbeatIntervals.filter { inside($0.date) }, creator: creator)
            leg.markers = markers.filter { inside($0.date) }
            leg.elevationSource = elevationSource
            leg.timeZone = timeZone
            return leg
        }
    }
}
