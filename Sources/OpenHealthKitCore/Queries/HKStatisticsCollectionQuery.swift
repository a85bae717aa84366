public import Foundation
import Synchronization

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
    private let handlers = Mutex(Handlers())

    /// Called once with the first collection.
    @preconcurrency
    public var initialResultsHandler: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)? {
        get { handlers.withLock { $0.initial } }
        set { handlers.withLock { $0.initial = newValue } }
    }

    /// Called after each change to the store, once per bucket whose statistics changed.
    /// Setting it makes the query long-running.
    @preconcurrency
    public var statisticsUpdateHandler: (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)? {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
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

    /// The handlers and the last collection handed out, changed from any thread.
    private struct Handlers {
        var initial: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
        var update: (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
        var last: HKStatisticsCollection?
    }

    override var isLongRunning: Bool { handlers.withLock { $0.update != nil } }

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
            handlers.withLock { $0.last = collection }
            if !isStopped { handlers.withLock { $0.initial }?(self, collection, nil) }
        } catch {
            if !isStopped { handlers.withLock { $0.initial }?(self, nil, error) }
        }
    }

    override func storeDidChange(on store: HKHealthStore, types: Set<String>?) async {
        guard let update = handlers.withLock({ $0.update }) else { return }
        do {
            let collection = try await compute(store)
            let previous = handlers.withLock { handlers in defer { handlers.last = collection }; return handlers.last }
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
