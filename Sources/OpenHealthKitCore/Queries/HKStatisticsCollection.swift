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

/// Bucket boundaries: `anchor + k × components` for every integer k, on a calendar.
struct BucketScheme: Sendable {
    let anchor: Date
    let components: DateComponents
    let calendar: Calendar

    init(anchor: Date, components: DateComponents, calendar: Calendar = .current) {
        self.anchor = anchor
        self.components = components
        self.calendar = calendar
    }

    /// The boundary `k` intervals from the anchor.
    func boundary(_ k: Int) -> Date {
        var scaled = DateComponents()
        if let v = components.year { scaled.year = v * k }
        if let v = components.month { scaled.month = v * k }
        if let v = components.weekOfYear { scaled.weekOfYear = v * k }
        if let v = components.day { scaled.day = v * k }
        if let v = components.hour { scaled.hour = v * k }
        if let v = components.minute { scaled.minute = v * k }
        if let v = components.second { scaled.second = v * k }
        return calendar.date(byAdding: scaled, to: anchor) ?? anchor
    }

    /// Roughly how long one interval is, to jump near a date before stepping.
    var approximateLength: Double {
        var seconds = 0.0
        seconds += Double(components.year ?? 0) * 365.2425 * 86_400
        seconds += Double(components.month ?? 0) * 30.436875 * 86_400
        seconds += Double(components.weekOfYear ?? 0) * 7 * 86_400
        seconds += Double(components.day ?? 0) * 86_400
        seconds += Double(components.hour ?? 0) * 3_600
        seconds += Double(components.minute ?? 0) * 60
        seconds += Double(components.second ?? 0)
        return max(seconds, 1)
    }

    /// The index k of the bucket `[boundary(k), boundary(k+1))` containing `date`.
    func index(containing date: Date) -> Int {
        var k = Int((date.timeIntervalSince(anchor) / approximateLength).rounded(.down))
        while boundary(k) > date { k -= 1 }
        while boundary(k + 1) <= date { k += 1 }
        return k
    }

    func interval(containing date: Date) -> DateInterval {
        let k = index(containing: date)
        return DateInterval(start: boundary(k), end: boundary(k + 1))
    }

    func boundary(after date: Date) -> Date {
        boundary(index(containing: date) + 1)
    }

    /// Every boundary from the bucket containing `start` to the end of the one containing `end`.
    func boundaries(from start: Date, to end: Date) -> [Date] {
        let first = index(containing: start), last = index(containing: end)
        return (first...(last + 1)).map(boundary)
    }

    /// Whether the components describe a positive interval.
    var isValid: Bool {
        [components.year, components.month, components.weekOfYear, components.day, components.hour, components.minute, components.second]
            .contains { ($0 ?? 0) > 0 }
            && ![components.year, components.month, components.weekOfYear, components.day, components.hour, components.minute, components.second]
            .contains { ($0 ?? 0) < 0 }
    }
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

/// Statistics per interval, kept up to date while it runs.
///
/// ```swift
/// let query = HKStatisticsCollectionQuery(quantityType: HKQuantityType(.heartRate),
///                                         quantitySamplePredicate: nil, options: [.discreteAverage, .discreteMax],
///                                         anchorDate: midnight, intervalComponents: DateComponents(day: 1))
/// query.initialResultsHandler = { _, collection, _ in … }
/// query.statisticsUpdateHandler = { _, changed, collection, _ in … }
/// store.execute(query)
/// ```
public final class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
    /// The date one bucket starts at.
    public let anchorDate: Date
    /// What to compute.
    public let options: HKStatisticsOptions
    /// How long each bucket is.
    public let intervalComponents: DateComponents
    private let quantityType: HKQuantityType
    private let handlers = HandlerStore()

    /// Called once with the first collection.
    public var initialResultsHandler: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)? {
        get { handlers.initial }
        set { handlers.initial = newValue }
    }

    /// Called after each change to the store, once per bucket whose statistics changed.
    /// Setting it makes the query long-running.
    public var statisticsUpdateHandler: (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)? {
        get { handlers.update }
        set { handlers.update = newValue }
    }

    /// A query for statistics of `quantityType` per interval.
    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                anchorDate: Date, intervalComponents: DateComponents) {
        self.anchorDate = anchorDate
        self.options = options
        self.intervalComponents = intervalComponents
        self.quantityType = quantityType
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    private final class HandlerStore: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var _initial: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
        private var _update: (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
        var last: HKStatisticsCollection?

        var initial: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)? {
            get { lock.withLock { _initial } }
            set { lock.withLock { _initial = newValue } }
        }
        var update: (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)? {
            get { lock.withLock { _update } }
            set { lock.withLock { _update = newValue } }
        }
        func swapLast(_ collection: HKStatisticsCollection) -> HKStatisticsCollection? {
            lock.withLock { defer { last = collection }; return last }
        }
    }

    override var isLongRunning: Bool { handlers.update != nil }

    override func execute(on store: HKHealthStore) {
        do { try options.validate(for: quantityType) } catch { fatalError(error.localizedDescription) }
        super.execute(on: store)
    }

    private func compute(_ store: HKHealthStore) async throws -> HKStatisticsCollection {
        try await StatisticsEngine.collection(store: store, type: quantityType, predicate: predicate, options: options,
                                              buckets: BucketScheme(anchor: anchorDate, components: intervalComponents))
    }

    override func start(on store: HKHealthStore) async {
        do {
            let collection = try await compute(store)
            _ = handlers.swapLast(collection)
            if !isStopped { handlers.initial?(self, collection, nil) }
        } catch {
            if !isStopped { handlers.initial?(self, nil, error) }
        }
    }

    override func storeDidChange(on store: HKHealthStore, types: Set<String>?) async {
        guard let update = handlers.update else { return }
        do {
            let collection = try await compute(store)
            let previous = handlers.swapLast(collection)
            for statistics in Self.changed(from: previous, to: collection) where !isStopped {
                update(self, statistics, collection, nil)
            }
        } catch {
            if !isStopped { update(self, nil, nil, error) }
        }
    }

    /// The buckets of `new` whose values differ from `old`'s, including buckets that emptied.
    static func changed(from old: HKStatisticsCollection?, to new: HKStatisticsCollection) -> [HKStatistics] {
        var before: [Double: StatisticValues] = [:]
        for s in old?.statistics() ?? [] { before[s.startDate.timeIntervalSince1970] = s.merged }
        var result: [HKStatistics] = []
        for s in new.statistics() {
            let key = s.startDate.timeIntervalSince1970
            if before.removeValue(forKey: key) != s.merged { result.append(s) }
        }
        for key in before.keys.sorted() {
            if let emptied = new.statistics(for: Date(timeIntervalSince1970: key)) { result.append(emptied) }
        }
        return result
    }
}
