public import Foundation

/// A recorded workout's laps as every surface counts them, live and saved: the rider's laps, with laps added
/// where they leave part of a session (a leg of a multisport workout, else the whole workout) uncovered by more
/// than a second, so the laps always cover the sessions, as a device's laps do and as readers of FIT and TCX
/// files sum them. A lap is cut to its session.
///
/// ```swift
/// let laps = LapCover.intervals(laps: [firstTenMinutes], sessions: [wholeRide])
/// // [firstTenMinutes, the rest of the ride]
/// ```
public enum LapCover {
    /// The laps covering `sessions` (in order, not overlapping): each of `laps` (in order) that starts inside a
    /// session, cut to it, and the uncovered parts between and after them.
    public static func intervals(laps: [DateInterval], sessions: [DateInterval]) -> [DateInterval] {
        guard !laps.isEmpty else { return [] }
        var covered: [DateInterval] = []
        for session in sessions {
            var cursor = session.start
            for lap in laps where lap.start >= session.start && lap.start < session.end {
                if lap.start.timeIntervalSince(cursor) > 1 { covered.append(DateInterval(start: cursor, end: lap.start)) }
                covered.append(DateInterval(start: max(lap.start, cursor), end: min(max(lap.end, cursor), session.end)))
                cursor = min(max(lap.end, cursor), session.end)
            }
            if session.end.timeIntervalSince(cursor) > 1 { covered.append(DateInterval(start: cursor, end: session.end)) }
        }
        return covered.filter { $0.duration > 0 }
    }
}
