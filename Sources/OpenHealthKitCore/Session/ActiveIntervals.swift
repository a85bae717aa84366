import Foundation

/// A workout's active time as intervals, and rows cut to it.
enum ActiveIntervals {
    /// The intervals between `start` and `end` not inside a pause.
    static func between(start: Double, end: Double, events: [HKWorkoutEvent]) -> [(Double, Double)] {
        var intervals: [(Double, Double)] = []
        var running = true
        var segmentStart = start
        for event in events {
            let t = event.dateInterval.start.timeIntervalSince1970
            guard t >= start, t <= end else { continue }
            if event.type == .pause, running {
                if t > segmentStart { intervals.append((segmentStart, t)) }
                running = false
            } else if event.type == .resume, !running {
                segmentStart = t
                running = true
            }
        }
        if running, end >= segmentStart { intervals.append((segmentStart, end)) }
        return intervals
    }

    /// Keeps instants inside an active interval and cuts intervals to their
    /// active parts, pro-rating cumulative values.
    static func mask(_ rows: some Sequence<StatisticRow>, to active: [(Double, Double)], cumulative: Bool) -> [StatisticRow] {
        var result: [StatisticRow] = []
        result.reserveCapacity(rows.underestimatedCount)
        for row in rows {
            if row.isInstant {
                if active.contains(where: { row.start >= $0.0 && row.start <= $0.1 }) { result.append(row) }
                continue
            }
            for (lo, hi) in active {
                let a = max(row.start, lo), b = min(row.end, hi)
                guard b > a else { continue }
                if a == row.start && b == row.end {
                    result.append(row) // the whole row: no pro-rating, no rounding
                    continue
                }
                var piece = row
                piece.start = a
                piece.end = b
                if cumulative { piece.value = row.value * (b - a) / (row.end - row.start) }
                result.append(piece)
            }
        }
        return result
    }
}
