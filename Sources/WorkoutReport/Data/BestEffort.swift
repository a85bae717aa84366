public import WorkoutFormats
/// A workout's best stretch: the fastest time over a distance, or the highest
/// average power over a time.
public struct BestEffort: Sendable, Equatable {
    /// What was measured.
    public enum Kind: Sendable, Equatable {
        /// The fastest moving time over this many metres.
        case fastest(meters: Double)
        /// The highest average power over this many seconds.
        case power(seconds: Double)
    }

    /// What was measured.
    public var kind: Kind
    /// Seconds (for ``Kind/fastest(meters:)``) or watts (for ``Kind/power(seconds:)``).
    public var value: Double
    /// Seconds since the start where the stretch began.
    public var startElapsed: Double

    /// The fastest moving time over `meters`, found by sliding a window along the
    /// distance; the stretch's start is interpolated between records. Nil when the
    /// workout is shorter.
    public static func fastest(_ meters: Double, in timeline: WorkoutTimeline) -> BestEffort? {
        guard let total = timeline.distance.last, total >= meters, meters > 0 else { return nil }
        var best: BestEffort?
        var first = 0
        for end in timeline.distance.indices where timeline.distance[end] >= meters {
            let from = timeline.distance[end] - meters
            while first + 1 < end, timeline.distance[first + 1] <= from { first += 1 }
            // The moving time when the distance was `from`, between records `first` and `first + 1`.
            let startTime = Split.movingTime(at: from, in: timeline, near: first + 1)
            let time = timeline.moving[end] - startTime
            if time > 0, time < (best?.value ?? .infinity) {
                best = BestEffort(kind: .fastest(meters: meters), value: time, startElapsed: timeline.elapsed[first])
            }
        }
        return best
    }

    /// The highest average power over `seconds` of the workout's time.
    ///
    /// Power holds between records for at most five seconds; a longer gap (a
    /// pause, a lost sensor) counts as zero, as coasting does. Nil without
    /// power or when the workout is shorter.
    public static func power(_ seconds: Double, in timeline: WorkoutTimeline) -> BestEffort? {
        guard seconds > 0, timeline.power.contains(where: { $0 != nil }), let last = timeline.elapsed.last, last - timeline.elapsed[0] >= seconds else { return nil }
        // Work done up to each record, in joules.
        var work = [Double](repeating: 0, count: timeline.count)
        for index in 1..<timeline.count {
            let step = min(timeline.elapsed[index] - timeline.elapsed[index - 1], 5)
            work[index] = work[index - 1] + (timeline.power[index - 1] ?? 0) * max(0, step)
        }
        var best: BestEffort?
        var first = 0
        for end in timeline.elapsed.indices where timeline.elapsed[end] - timeline.elapsed[0] >= seconds {
            let from = timeline.elapsed[end] - seconds
            while first + 1 < end, timeline.elapsed[first + 1] <= from { first += 1 }
            // Work at `from`: the record before it plus its power held until then.
            let held = min(from - timeline.elapsed[first], 5)
            let startWork = work[first] + (timeline.power[first] ?? 0) * max(0, held)
            let average = (work[end] - startWork) / seconds
            if average > (best?.value ?? -.infinity) {
                best = BestEffort(kind: .power(seconds: seconds), value: average, startElapsed: from)
            }
        }
        return best
    }
}
