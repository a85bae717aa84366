public import Foundation

/// The limit that means "no limit".
public let HKObjectQueryNoLimit = 0

/// Reads samples once: of one type, filtered, sorted and limited.
///
/// ```swift
/// let newestFirst = NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)
/// let query = HKSampleQuery(sampleType: HKQuantityType(.heartRate), predicate: today, limit: 10,
///                           sortDescriptors: [newestFirst]) { _, samples, error in … }
/// store.execute(query)
/// ```
///
/// swift-corelibs-foundation has no key-value coding, so sort descriptors are
/// written with key paths (`NSSortDescriptor(keyPath: \HKSample.startDate, …)`)
/// rather than `HKSampleSortIdentifierStartDate`.
public final class HKSampleQuery: HKQuery, @unchecked Sendable {
    /// The most samples to return; ``HKObjectQueryNoLimit`` for all.
    public let limit: Int
    /// The order of the results.
    public let sortDescriptors: [NSSortDescriptor]?
    private let descriptors: [HKQueryDescriptor]
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// A query for samples of `sampleType`.
    @preconcurrency
    public init(sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.descriptors = [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]
        self.resultsHandler = resultsHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query for samples matching any of `queryDescriptors`.
    @preconcurrency
    public init(queryDescriptors: [HKQueryDescriptor], limit: Int,
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = nil
        self.descriptors = queryDescriptors
        self.resultsHandler = resultsHandler
        super.init(objectType: queryDescriptors.first?.sampleType, predicate: queryDescriptors.first?.predicate)
    }

    override func start(on store: HKHealthStore) async {
        do {
            var all: [HKSample] = []
            for descriptor in descriptors {
                var query = try store.objectQuery(types: [descriptor.sampleType], predicate: descriptor.predicate)
                query.limit = limit > 0 ? limit : nil
                if let sortDescriptors, !sortDescriptors.isEmpty {
                    let (sql, sort) = SampleOrder.from(sortDescriptors)
                    query.sqlOrder = sql ?? query.sqlOrder
                    query.sort = sort
                }
                all += try await store.reader().objects(query).compactMap { $0 as? HKSample }
            }
            if descriptors.count > 1, limit > 0, all.count > limit { all.removeLast(all.count - limit) }
            if !isStopped { resultsHandler(self, all, nil) }
        } catch {
            if !isStopped { resultsHandler(self, nil, error) }
        }
    }
}

extension HKHealthStore {
    func reader() throws(HKError) -> ObjectReader { ObjectReader(database: try database()) }

    /// A query over `types` with read authorization applied: types the app may
    /// not read return only its own objects.
    func objectQuery(types: [HKObjectType]?, predicate: NSPredicate?) throws(HKError) -> ObjectQuery {
        let database = try database()
        var query = ObjectQuery(types: types, filter: SampleFilter.from(predicate))
        query.ownBundle = source.bundleIdentifier
        for type in types ?? [] where !canReadAll(type, in: database) { query.ownOnlyTypes.insert(type.identifier) }
        return query
    }
}
