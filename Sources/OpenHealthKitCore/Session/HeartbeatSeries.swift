public import Foundation
internal import GRDB

/// Beat times and heart-rate variability from RR intervals.
public enum HeartbeatSeries {
    /// Beat times in seconds from the first beat, built from the running sum of
    /// RR intervals. A `nil` interval marks a gap (lost contact, missed beats):
    /// the next beat starts a new run at `resumeAt`, its time since the start,
    /// and is flagged as preceded by a gap.
    public static func beats(fromRRIntervals intervals: [(interval: TimeInterval?, resumeAt: TimeInterval)]) -> [(time: TimeInterval, precededByGap: Bool)] {
        var result: [(time: TimeInterval, precededByGap: Bool)] = []
        var time = 0.0
        var gap = false
        for entry in intervals {
            guard let interval = entry.interval, interval > 0, interval.isFinite else {
                gap = true
                time = max(time, entry.resumeAt)
                continue
            }
            time += interval
            result.append((time, gap))
            gap = false
        }
        return result
    }

    /// SDNN: the standard deviation of the intervals, in seconds (population form).
    public static func sdnn(_ intervals: [TimeInterval]) -> TimeInterval? {
        guard intervals.count >= 2 else { return nil }
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        return (intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)).squareRoot()
    }

    /// RMSSD: the root mean square of successive differences, in seconds.
    public static func rmssd(_ intervals: [TimeInterval]) -> TimeInterval? {
        guard intervals.count >= 2 else { return nil }
        let squares = zip(intervals, intervals.dropFirst()).map { ($1 - $0) * ($1 - $0) }
        return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }
}
