public import Foundation

/// Statistics for consecutive intervals: one ``HKStatistics`` per bucket.
///
/// Buckets run both ways from the query's anchor date, each as long as its
/// interval components, with no gaps (on the current calendar and time zone).
/// ``statistics()`` returns only buckets with data; ``statistics(for:)`` and
/// ``enumerateStatistics(from:to:with:)`` also return empty buckets, whose
/// quantities are `nil`.
public final class HKStatisticsCollection: Sendable {
    let type: HKQuantityType
    let buckets: BucketScheme
    let filled: [HKStatistics]
    private let indexByStart: [Double: Int]
    private let sourceList: [HKSource]

    init(type: HKQuantityType, buckets: BucketScheme, filled: [HKStatistics], sources: [HKSource]) {
        self.type = type
        self.buckets = buckets
        self.filled = filled
        self.sourceList = sources
        var index: [Double: Int] = [:]
        for (i, s) in filled.enumerated() { index[s.startDate.timeIntervalSince1970] = i }
        self.indexByStart = index
    }

    /// The buckets that have data, in time order.
    public func statistics() -> [HKStatistics] { filled }

    /// The bucket containing `date`, empty if no data falls in it.
    public func statistics(for date: Date) -> HKStatistics? {
        let interval = buckets.interval(containing: date)
        if let index = indexByStart[interval.start.timeIntervalSince1970] { return filled[index] }
        return HKStatistics(type: type, start: interval.start, end: interval.end, merged: StatisticValues(), bySource: nil, sources: nil)
    }

    /// Calls `block` for every bucket from the one containing `startDate` to the
    /// one containing `endDate`, including empty ones; set `stop` to end early.
    public func enumerateStatistics(from startDate: Date, to endDate: Date, with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop: ObjCBool = false
        var interval = buckets.interval(containing: startDate)
        while interval.start <= endDate {
            guard let statistics = statistics(for: interval.start) else { break }
            withUnsafeMutablePointer(to: &stop) { block(statistics, $0) }
            if stop.boolValue { return }
            interval = DateInterval(start: interval.end, end: buckets.boundary(after: interval.end))
        }
    }

    /// The sources that contributed to any bucket.
    public func sources() -> Set<HKSource> { Set(sourceList) }
}

extension StatisticsEngine {
    /// Computes a whole collection: assigns each row to the buckets it overlaps
    /// and runs the calculator on each bucket that has rows.
    static func collection(store: HKHealthStore, type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions,
                           buckets: BucketScheme) async throws -> HKStatisticsCollection {
        try options.validate(for: type)
        guard buckets.isValid else {
            throw HKError(.errorInvalidArgument, "intervalComponents must describe a positive interval, such as DateComponents(day: 1)")
        }
        let query = try store.objectQuery(types: [type], predicate: predicate)
        if let fast = try await onePassCollection(store: store, query: query, type: type, options: options, buckets: buckets) {
            return fast
        }
        let data = try await store.reader().statisticRows(query, type: type)
        guard let first = data.rows.first else {
            return HKStatisticsCollection(type: type, buckets: buckets, filled: [], sources: [])
        }
        let lastEnd = data.rows.lazy.map(\.end).max() ?? first.end
        let edges = buckets.boundaries(from: Date(timeIntervalSince1970: first.start), to: Date(timeIntervalSince1970: lastEnd))
            .map(\.timeIntervalSince1970)
        var members = Array(repeating: [Int](), count: max(edges.count - 1, 0))
        for (i, row) in data.rows.enumerated() {
            var b = max(upperBound(edges, row.start) - 1, 0)
            if row.isInstant {
                if b < members.count { members[b].append(i) }
                continue
            }
            while b < members.count, edges[b] < row.end {
                if row.belongs(lo: edges[b], hi: edges[b + 1]) { members[b].append(i) }
                b += 1
            }
        }
        var filled: [HKStatistics] = []
        var used = Set<Int32>()
        for (b, indexes) in members.enumerated() where !indexes.isEmpty {
            let rows = indexes.map { data.rows[$0] }
            for row in rows { used.insert(row.source) }
            if let statistics = make(type: type, rows: rows[...], data: data, lo: edges[b], hi: edges[b + 1], options: options) {
                filled.append(statistics)
            }
        }
        let sources = used.sorted().compactMap { data.sources.indices.contains(Int($0)) ? data.sources[Int($0)] : nil }
        return HKStatisticsCollection(type: type, buckets: buckets, filled: filled, sources: sources)
    }

    /// The options a single ordered pass gives exactly for instantaneous samples.
    private static let onePassOptions: HKStatisticsOptions = [.cumulativeSum, .discreteAverage, .discreteMin, .discreteMax]

    /// A collection computed in one ordered pass, when the type's samples are all
    /// instants and the options are sums, averages, minima and maxima.
    /// For instants, temporally weighted averages weigh each sample by its
    /// count, exactly as the row-by-row calculator does.
    private static func onePassCollection(store: HKHealthStore, query: ObjectQuery, type: HKQuantityType, options: HKStatisticsOptions,
                                      buckets: BucketScheme) async throws -> HKStatisticsCollection? {
        guard onePassOptions.isSuperset(of: options), !options.isEmpty, type.aggregationStyle != .discreteEquivalentContinuousLevel else { return nil }
        guard let computed = try await store.reader().instantBucketTotals(query, type: type, edges: { first, last in
            buckets.boundaries(from: Date(timeIntervalSince1970: first), to: Date(timeIntervalSince1970: last)).map(\.timeIntervalSince1970)
        }) else { return nil }
        let cumulative = type.aggregationStyle == .cumulative
        var filled: [HKStatistics] = []
        filled.reserveCapacity(computed.totals.count)
        for aggregate in computed.totals {
            var values = StatisticValues()
            if cumulative {
                values.sum = aggregate.sum
            } else {
                if options.contains(.discreteAverage) { values.average = aggregate.weightedSum / aggregate.weight }
                if options.contains(.discreteMin) { values.minimum = aggregate.minimum }
                if options.contains(.discreteMax) { values.maximum = aggregate.maximum }
            }
            filled.append(HKStatistics(type: type, start: Date(timeIntervalSince1970: computed.boundaries[aggregate.index]),
                                       end: Date(timeIntervalSince1970: computed.boundaries[aggregate.index + 1]),
                                       merged: values, bySource: nil, sources: nil))
        }
        return HKStatisticsCollection(type: type, buckets: buckets, filled: filled, sources: computed.sources)
    }

    /// The first index whose value is greater than `value`.
    private static func upperBound(_ values: [Double], _ value: Double) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

