public import Foundation

/// Reads the quantities of quantity samples one by one: each value of a
/// series (a sample whose ``HKQuantitySample/count`` is more than one), and a
/// plain sample's own quantity.
///
/// ```swift
/// let query = HKQuantitySeriesSampleQuery(quantityType: HKQuantityType(.heartRate),
///                                         predicate: HKQuery.predicateForObjects(from: workout)) { _, quantity, interval, _, done, error in
///     if let quantity, let interval { print(interval.start, quantity) }
/// }
/// store.execute(query)
/// ```
///
/// The handler is called once per quantity, the last time with `done` set;
/// with no quantity at all it is called once with `done` and no quantity.
/// The predicate applies to each quantity as if it were a sample of its own
/// (its dates, its amount; every other condition is its sample's).
public final class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, a quantity, its interval, its sample
    /// (when ``includeSample`` is set), whether this is the last call, an error.
    public typealias QuantityHandler = @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?) -> Void

    /// Whether the handler receives each quantity's sample. Set before executing.
    public var includeSample = false
    /// Whether quantities come grouped by their samples, in order of the
    /// samples' starts, rather than in order of their own starts. Set before executing.
    public var orderByQuantitySampleStartDate = false

    private let quantityType: HKQuantityType
    private let quantityHandler: QuantityHandler

    /// A query for the quantities of `quantityType` that `predicate` selects.
    public init(quantityType: HKQuantityType, predicate: NSPredicate?, quantityHandler: @escaping QuantityHandler) {
        self.quantityType = quantityType
        self.quantityHandler = quantityHandler
        super.init(objectType: quantityType, predicate: predicate)
    }

    /// A query for the quantities of one sample.
    @available(*, deprecated, message: "Use init(quantityType:predicate:quantityHandler:) with HKQuery.predicateForObject(with:)")
    public convenience init(sample: HKQuantitySample, quantityHandler: @escaping QuantityHandler) {
        self.init(quantityType: sample.quantityType, predicate: HKQuery.predicateForObject(with: sample.uuid), quantityHandler: quantityHandler)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let query = try store.objectQuery(types: [quantityType], predicate: predicate)
            let entries = try await store.reader().seriesEntries(query, type: quantityType, groupedBySample: orderByQuantitySampleStartDate)
            guard !entries.isEmpty else {
                if !isStopped { quantityHandler(self, nil, nil, nil, true, nil) }
                return
            }
            for (index, entry) in entries.enumerated() where !isStopped {
                quantityHandler(self, entry.quantity, entry.dateInterval, includeSample ? entry.sample : nil, index == entries.count - 1, nil)
            }
        } catch {
            if !isStopped { quantityHandler(self, nil, nil, nil, true, error) }
        }
    }
}
