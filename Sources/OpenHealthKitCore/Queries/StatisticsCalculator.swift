import Foundation

/// Computes statistics over rows for one interval, following HealthKit's rules.
///
/// - **Cumulative** types are summed, each sample pro-rated by the share of its
///   duration inside the interval. Where samples from several sources overlap,
///   time is cut into slices at every sample boundary; in each slice only the
///   highest-priority source with data counts, so one walk recorded by a watch
///   and a phone is not counted twice. Instantaneous samples count unless a
///   higher-priority source covers their instant.
/// - **Discrete arithmetic** types average their samples, each weighted by its
///   `count`.
/// - **Discrete temporally weighted** types weight each sample by the time it
///   covers inside the interval; when every sample is an instant, the average
///   is arithmetic.
/// - **Equivalent continuous level** types (sound) average energy:
///   `10·log10(Σ wᵢ·10^(Lᵢ/10) / Σ wᵢ)`, weighted like temporally weighted types.
/// - `mostRecent` is the sample with the latest end (then latest start);
///   `duration` is the length of the union of the samples' intervals.
struct StatisticsCalculator: Sendable {
    let style: HKQuantityAggregationStyle
    let options: HKStatisticsOptions
    /// The rank of each source id: lower ranks win overlaps. Unknown sources rank last.
    let sourceRank: [Int32: Int]

    func values(for rows: some Collection<StatisticRow>, lo: Double, hi: Double) -> StatisticValues? {
        let inside = rows.filter { $0.belongs(lo: lo, hi: hi) }
        guard !inside.isEmpty else { return nil }
        var result = StatisticValues()
        if options.contains(.cumulativeSum), style == .cumulative {
            result.sum = mergedSum(inside, lo: lo, hi: hi)
        }
        if style.isDiscrete, !options.isDisjoint(with: HKStatisticsOptions.discreteOnly) {
            if options.contains(.discreteAverage) { result.average = average(inside, lo: lo, hi: hi) }
            if options.contains(.discreteMin) { result.minimum = inside.lazy.map(\.value).min() }
            if options.contains(.discreteMax) { result.maximum = inside.lazy.map(\.value).max() }
        }
        if options.contains(.mostRecent), let latest = inside.max(by: { ($0.end, $0.start) < ($1.end, $1.start) }) {
            result.mostRecent = latest.value
            result.mostRecentInterval = DateInterval(start: Date(timeIntervalSince1970: latest.start),
                                                     end: Date(timeIntervalSince1970: latest.end))
        }
        if options.contains(.duration) {
            result.duration = unionLength(inside, lo: lo, hi: hi)
        }
        return result
    }

    /// Values per source id, computed from each source's rows alone.
    func valuesBySource(for rows: some Collection<StatisticRow>, lo: Double, hi: Double) -> [Int32: StatisticValues] {
        var groups: [Int32: [StatisticRow]] = [:]
        for row in rows where row.belongs(lo: lo, hi: hi) { groups[row.source, default: []].append(row) }
        return groups.compactMapValues { values(for: $0, lo: lo, hi: hi) }
    }

    private func average(_ rows: [StatisticRow], lo: Double, hi: Double) -> Double {
        switch style {
        case .cumulative, .discreteArithmetic:
            var total = 0.0, weight = 0.0
            for row in rows { total += row.value * Double(row.count); weight += Double(row.count) }
            return total / weight
        case .discreteTemporallyWeighted:
            let weights = timeWeights(rows, lo: lo, hi: hi)
            var total = 0.0, weight = 0.0
            for (row, w) in zip(rows, weights) { total += row.value * w; weight += w }
            return total / weight
        case .discreteEquivalentContinuousLevel:
            let weights = timeWeights(rows, lo: lo, hi: hi)
            var energy = 0.0, weight = 0.0
            for (row, w) in zip(rows, weights) { energy += w * pow(10, row.value / 10); weight += w }
            return 10 * log10(energy / weight)
        }
    }

    /// Each row's overlap with the interval, or equal weights when all are instants.
    private func timeWeights(_ rows: [StatisticRow], lo: Double, hi: Double) -> [Double] {
        let weights = rows.map { $0.overlap(lo: lo, hi: hi) }
        return weights.contains(where: { $0 > 0 }) ? weights : rows.map { Double($0.count) }
    }

    private func unionLength(_ rows: [StatisticRow], lo: Double, hi: Double) -> Double {
        let intervals = rows.map { (max($0.start, lo), min($0.end, hi)) }.sorted { $0.0 < $1.0 }
        var total = 0.0
        var current: (Double, Double)?
        for interval in intervals {
            if let c = current, interval.0 <= c.1 {
                current = (c.0, max(c.1, interval.1))
            } else {
                if let c = current { total += c.1 - c.0 }
                current = interval
            }
        }
        if let c = current { total += c.1 - c.0 }
        return total
    }

    private func rank(_ source: Int32) -> Int { sourceRank[source] ?? Int.max }

    /// The sum with overlapping sources merged by priority (see the type's documentation).
    func mergedSum(_ rows: [StatisticRow], lo: Double, hi: Double) -> Double {
        let firstSource = rows[0].source
        if rows.allSatisfy({ $0.source == firstSource }) {
            return rows.reduce(0) { $0 + $1.proRated(lo: lo, hi: hi) }
        }
        let spans = rows.filter { !$0.isInstant }
        var total = 0.0
        // Instants count unless a better-ranked source covers them.
        for row in rows where row.isInstant {
            let covered = spans.contains { rank($0.source) < rank(row.source) && $0.start <= row.start && $0.end >= row.start }
            if !covered { total += row.value }
        }
        guard !spans.isEmpty else { return total }
        // Sweep over slice boundaries, keeping the rows active in each slice.
        enum Edge { case open(Int), close(Int) }
        var edges: [(time: Double, edge: Edge)] = []
        edges.reserveCapacity(spans.count * 2)
        for (index, row) in spans.enumerated() {
            edges.append((max(row.start, lo), .open(index)))
            edges.append((min(row.end, hi), .close(index)))
        }
        edges.sort { a, b in
            if a.time != b.time { return a.time < b.time }
            if case .close = a.edge { return true }
            return false
        }
        var active = Set<Int>()
        var previous = edges[0].time
        for (time, edge) in edges {
            if time > previous, !active.isEmpty {
                let best = active.map { rank(spans[$0].source) }.min()!
                for index in active where rank(spans[index].source) == best {
                    total += spans[index].proRated(lo: previous, hi: time)
                }
            }
            previous = time
            switch edge {
            case .open(let index): active.insert(index)
            case .close(let index): active.remove(index)
            }
        }
        return total
    }
}
