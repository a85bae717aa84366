import Foundation

/// Computes statistics in store reads.
enum StatisticsEngine {
    /// Statistics over all matching samples, or `nil` when none match. The
    /// interval is the predicate's date range when it has one, else the samples' span.
    static func statistics(store: HKHealthStore, type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions) async throws -> HKStatistics? {
        try options.validate(for: type)
        let query = try store.objectQuery(types: [type], predicate: predicate)
        let data = try await store.reader().statisticRows(query, type: type)
        guard let first = data.rows.first else { return nil }
        let range = query.filter?.overlapRange
        let lo = range?.start?.timeIntervalSince1970 ?? first.start
        let hi = range?.end?.timeIntervalSince1970 ?? (data.rows.map(\.end).max() ?? first.end)
        // An unbounded end must still include samples that end at the last instant.
        let upper = range?.end == nil ? hi.nextUp : hi
        return make(type: type, rows: data.rows[...], data: data, lo: lo, hi: upper, displayEnd: hi, options: options)
    }

    static func make(type: HKQuantityType, rows: ArraySlice<StatisticRow>, data: StatisticRows, lo: Double, hi: Double,
                     displayEnd: Double? = nil, options: HKStatisticsOptions) -> HKStatistics? {
        let calculator = StatisticsCalculator(style: type.aggregationStyle, options: options, sourceRank: data.ranks)
        guard let merged = calculator.values(for: rows, lo: lo, hi: hi) else { return nil }
        var bySource: [String: StatisticValues]?
        var sources: [HKSource]?
        if options.contains(.separateBySource) {
            let values = calculator.valuesBySource(for: rows, lo: lo, hi: hi)
            bySource = Dictionary(uniqueKeysWithValues: values.compactMap { index, v in
                data.sources.indices.contains(Int(index)) ? (data.sources[Int(index)].bundleIdentifier, v) : nil
            })
            sources = values.keys.sorted().compactMap { data.sources.indices.contains(Int($0)) ? data.sources[Int($0)] : nil }
        }
        return HKStatistics(type: type, start: Date(timeIntervalSince1970: lo), end: Date(timeIntervalSince1970: displayEnd ?? hi),
                            merged: merged, bySource: bySource, sources: sources)
    }
}
