import Foundation

/// Computes statistics with Swift concurrency.
///
/// ```swift
/// let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.stepCount), predicate: today),
///                                              options: .cumulativeSum)
/// let steps = try await descriptor.result(for: store)?.sumQuantity()
/// ```
///
/// Unlike ``HKStatisticsQuery``, an option that does not fit the type throws
/// ``HKError/Code/errorInvalidArgument`` rather than trapping.
public struct HKStatisticsQueryDescriptor: Sendable {
    /// What to read.
    public let predicate: HKSamplePredicate<HKQuantitySample>
    /// What to compute.
    public let options: HKStatisticsOptions

    /// Describes a statistics query.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions = []) {
        self.predicate = predicate
        self.options = options
    }

    /// Runs the query; `nil` when no sample matches.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        guard let type = predicate.sampleType as? HKQuantityType else { return nil }
        return try await StatisticsEngine.statistics(store: healthStore, type: type, predicate: predicate.nsPredicate, options: options)
    }
}
