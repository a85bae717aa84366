import Foundation

/// Reads changes after an anchor with Swift concurrency, once or as a live stream.
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: Sendable {
    /// One batch of changes.
    public struct Result: @unchecked Sendable {
        // Holds immutable samples.

        /// Samples added.
        public let addedSamples: [Sample]
        /// Objects deleted.
        public let deletedObjects: [HKDeletedObject]
        /// The anchor to pass next time.
        public let newAnchor: HKQueryAnchor
    }

    /// What to read.
    public let predicates: [HKSamplePredicate<Sample>]
    /// Where to start; `nil` for the beginning.
    public let anchor: HKQueryAnchor?
    /// The most changes per result, or `nil` for all.
    public let limit: Int?

    /// Describes an anchored query.
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    private func changes(_ store: HKHealthStore, after anchor: HKQueryAnchor?, limit: Int?) async throws -> Result {
        var added: [Sample] = [], deleted: [HKDeletedObject] = []
        var newAnchor = anchor ?? HKQueryAnchor(0)
        for predicate in predicates {
            let query = try store.objectQuery(types: [predicate.sampleType], predicate: predicate.nsPredicate)
            let changes = try await store.reader().changes(query, after: anchor, limit: limit)
            added += changes.added.compactMap { $0 as? Sample }
            deleted += changes.deleted
            newAnchor = predicates.count == 1 ? changes.anchor : HKQueryAnchor(max(newAnchor.value, changes.anchor.value))
        }
        return Result(addedSamples: added, deletedObjects: deleted, newAnchor: newAnchor)
    }

    /// Runs the query once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        try await changes(healthStore, after: anchor, limit: limit)
    }

    /// The changes now and after every later change to the store, until the consuming task is cancelled.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<Result, any Error> {
        let types = Set(predicates.map(\.sampleType.identifier))
        return StoreChangeStream.make(store: healthStore, typeIdentifiers: types) { previous in
            let result = try await changes(healthStore, after: previous?.newAnchor ?? anchor, limit: previous == nil ? limit : nil)
            if previous != nil, result.addedSamples.isEmpty, result.deletedObjects.isEmpty { return nil }
            return result
        }
    }
}
