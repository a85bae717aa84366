public import Foundation

/// Computes statistics per interval with Swift concurrency, once or as a live stream.
public struct HKStatisticsCollectionQueryDescriptor: Sendable {
    /// One result of the live stream: the whole collection and the buckets that changed.
    public struct Result: Sendable {
        /// The collection.
        public let statisticsCollection: HKStatisticsCollection
        /// The buckets that changed since the previous result; `nil` for the first.
        public let updatedStatistics: [HKStatistics]?
    }

    /// What to read.
    public let predicate: HKSamplePredicate<HKQuantitySample>
    /// What to compute.
    public let options: HKStatisticsOptions
    /// The date one bucket starts at.
    public let anchorDate: Date
    /// How long each bucket is.
    public let intervalComponents: DateComponents

    /// Describes a statistics collection query.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date, intervalComponents: DateComponents) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    private func compute(_ store: HKHealthStore) async throws -> HKStatisticsCollection {
        guard let type = predicate.sampleType as? HKQuantityType else {
            throw HKError(.errorInvalidArgument, "\(predicate.sampleType.identifier) is not a quantity type")
        }
        return try await StatisticsEngine.collection(store: store, type: type, predicate: predicate.nsPredicate, options: options,
                                                     buckets: BucketScheme(anchor: anchorDate, components: intervalComponents))
    }

    /// Runs the query once.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        try await compute(healthStore)
    }

    /// The collection now and again after every change to the store, until the
    /// consuming task is cancelled.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<Result, any Error> {
        StoreChangeStream.make(store: healthStore, typeIdentifier: predicate.sampleType.identifier) { previous in
            let collection = try await compute(healthStore)
            let previousCollection = previous?.statisticsCollection
            let updated = previous == nil ? nil : HKStatisticsCollectionQuery.changed(from: previousCollection, to: collection)
            if let updated, updated.isEmpty { return nil }
            return Result(statisticsCollection: collection, updatedStatistics: updated)
        }
    }
}
