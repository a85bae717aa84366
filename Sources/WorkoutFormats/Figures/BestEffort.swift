public import TrainingMetrics

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
            let startTime = timeline.movingTime(atDistance: from, near: first + 1)
            let time = timeline.moving[end] - startTime
            if time > 0, time < (best?.value ?? .infinity) {
                best = BestEffort(kind: .fastest(meters: meters), value: time, startElapsed: timeline.elapsed[first])
            }
        }
        return best
    }

    /// The best average power held for at least `seconds` of moving time — the point of the power curve
    /// (``MeanMaximalPower``, the one definition every surface uses) — on the one-a-second series the
    /// training metrics use (``SecondSeries``), with where its stretch starts; nil when the workout is
    /// shorter. `curve` is the curve of `power`, made once for every duration asked.
    public static func power(_ seconds: Int, in power: SecondSeries, curve: MeanMaximalPower, timeline: WorkoutTimeline) -> BestEffort? {
        guard let best = MeanMaximalPower.bestHeld(seconds, in: power.values, curve: curve) else { return nil }
        // The moving second the stretch starts at, as elapsed time: the record at or after it, less the difference.
        let start = Double(power.start + best.start)
        var elapsed = start
        if let index = timeline.moving.firstIndex(where: { $0 >= start }) { elapsed = timeline.elapsed[index] - (timeline.moving[index] - start) }
        return BestEffort(kind: .power(seconds: Double(seconds)), value: best.average, startElapsed: elapsed)
    }
}
