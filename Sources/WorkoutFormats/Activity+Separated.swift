import Foundation

extension Activity {
    /// The workouts the activity holds: itself, unless its sessions are separate workouts
    /// (``sessionsAreSeparateWorkouts``); then one activity per session, oldest first, each with the
    /// records, timer events, laps, markers and heartbeats from its start to the next one's, and the
    /// session's own totals.
    public func separated() -> [Activity] {
        guard sessionsAreSeparateWorkouts, sessions.count > 1 else { return [self] }
        let ordered = sessions.sorted { $0.start < $1.start }
        let notesByStart = Dictionary(zip(sessions.map(\.start), sessionNotes), uniquingKeysWith: { first, _ in first })
        return ordered.indices.map { index in
            let start = ordered[index].start
            let end = index + 1 < ordered.count ? ordered[index + 1].start : .distantFuture
            func inside(_ date: Date) -> Bool { date >= start && date < end }
            var part = Activity(records: records.filter { inside($0.date) }, timerEvents: timerEvents.filter { inside($0.date) },
                                laps: laps.filter { inside($0.start) }, sessions: [ordered[index]],
                                heartbeatIntervals: heartbeatIntervals.filter { inside($0.date) }, creator: creator)
            part.markers = markers.filter { inside($0.date) }
            part.elevationSource = elevationSource
            part.notes = notesByStart[start].flatMap { $0.isEmpty ? nil : $0 }
            part.discardedRecords = index == 0 ? discardedRecords : 0
            return part
        }
    }
}
