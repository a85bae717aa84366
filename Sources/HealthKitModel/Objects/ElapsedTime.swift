package import Foundation

/// Active time by HealthKit's elapsed-time algorithm.
package enum ElapsedTime {
    /// The time between `start` and `end` (or `at`, if earlier) that is not
    /// inside a pause. Only `.pause` and `.resume` count; redundant ones are
    /// ignored, and an event before `start` or after the end stops the scan.
    package static func activeDuration(start: Date, end: Date?, events: [HKWorkoutEvent], at time: Date? = nil) -> TimeInterval {
        let t = time ?? end ?? start
        guard start < t else { return 0 }
        let limit = end.map { min(t, $0) } ?? t
        var total: TimeInterval = 0
        var running = true
        var segmentStart = start
        for event in events.sorted(by: { $0.dateInterval.start < $1.dateInterval.start }) {
            let s = event.dateInterval.start
            if s < start || s > limit { break }
            if event.type == .pause, running {
                total += s.timeIntervalSince(segmentStart)
                running = false
            } else if event.type == .resume, !running {
                segmentStart = s
                running = true
            }
        }
        if running { total += limit.timeIntervalSince(segmentStart) }
        return total
    }
}
