import Foundation

extension Activity {
    /// Legs of one multisport session further apart than this (from one leg's end to the next one's start) are
    /// separate workouts: an older Garmin's history export can wrap activities days apart in one
    /// `<MultiSportSession>`, while a race's transitions last minutes and its legs follow at once.
    public static let separateLegsApart: Double = 3 * 3_600

    /// The workouts the activity holds: itself, unless its sessions are separate workouts
    /// (``sessionsAreSeparateWorkouts``) or some of its legs are more than ``separateLegsApart`` apart; then one
    /// activity per workout, oldest first, each with the records, timer events, laps, markers and heartbeats from
    /// its start to the next one's, and its sessions' own totals.
    public func separated() -> [Activity] {
        guard sessions.count > 1 else { return [self] }
        let ordered = sessions.sorted { $0.start < $1.start }
        var groups: [[ActivitySummary]] = []
        for session in ordered {
            if !sessionsAreSeparateWorkouts, let previous = groups.last?.last,
               session.start.timeIntervalSince(previous.end) <= Self.separateLegsApart {
                groups[groups.count - 1].append(session)
            } else {
                groups.append([session])
            }
        }
        guard groups.count > 1 else { return [self] }
        let notesByStart = Dictionary(zip(sessions.map(\.start), sessionNotes), uniquingKeysWith: { first, _ in first })
        return groups.indices.map { index in
            let group = groups[index]
            let start = group[0].start
            let end = index + 1 < groups.count ? groups[index + 1][0].start : .distantFuture
            func inside(_ date: Date) -> Bool { date >= start && date < end }
            var part = Activity(records: records.filter { inside($0.date) }, timerEvents: timerEvents.filter { inside($0.date) },
                                laps: laps.filter { inside($0.start) }, sessions: group,
                                heartbeatIntervals: heartbeatIntervals.filter { inside($0.date) }, creator: creator)
            part.markers = markers.filter { inside($0.date) }
            part.elevationSource = elevationSource
            part.sensors = sensors
            part.timeZone = timeZone
            part.notes = group.lazy.compactMap { notesByStart[$0.start].flatMap { $0.isEmpty ? nil : $0 } }.first
                ?? (sessionsAreSeparateWorkouts ? nil : notes)
            part.discardedRecords = index == 0 ? discardedRecords : 0
            return part
        }
    }
}
