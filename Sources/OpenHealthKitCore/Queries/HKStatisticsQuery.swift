public import Foundation

/// Computes statistics over every matching sample of one quantity type.
///
/// ```swift
/// let query = HKStatisticsQuery(quantityType: HKQuantityType(.stepCount),
///                               quantitySamplePredicate: today, options: .cumulativeSum) { _, result, _ in
///     let steps = result?.sumQuantity()?.doubleValue(for: .count()) ?? 0
/// }
/// store.execute(query)
/// ```
///
/// Options that do not fit the type's aggregation style trap when the query
/// runs, with Apple's message; ``HKStatisticsQueryDescriptor`` throws instead.
/// When no sample matches, the handler gets no statistics and
/// ``HKError/Code/errorNoData`` ("No data available for the specified predicate."),
/// as HealthKit's does; the descriptor answers `nil`.
public final class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    /// What to compute.
    public let options: HKStatisticsOptions
    private let quantityType: HKQuantityType
    private let completionHandler: @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// A query for statistics of `quantityType` over samples matching `quantitySamplePredicate`.
    @preconcurrency
    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                completionHandler handler: @escaping @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void) {
        self.options = options
        self.quantityType = quantityType
        self.completionHandler = handler
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    override func execute(on store: HKHealthStore) {
        do { try options.validate(for: quantityType) } catch { fatalError(error.localizedDescription) }
        super.execute(on: store)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let statistics = try await StatisticsEngine.statistics(store: store, type: quantityType, predicate: predicate, options: options)
            guard !isStopped else { return }
            if let statistics {
                completionHandler(self, statistics, nil)
            } else {
                // HealthKit's answer when no sample matches: no statistics, and this error.
                completionHandler(self, nil, HKError(.errorNoData, "No data available for the specified predicate."))
            }
        } catch {
            if !isStopped { completionHandler(self, nil, error) }
        }
    }
}

