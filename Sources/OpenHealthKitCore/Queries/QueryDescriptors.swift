public import Foundation

/// A sample type and an optional predicate, typed by the kind of sample it reads.
///
/// ```swift
/// let heartRate = HKSamplePredicate.quantitySample(type: HKQuantityType(.heartRate), predicate: today)
/// let runs = HKSamplePredicate.workout(HKQuery.predicateForWorkouts(with: .running))
/// ```
public struct HKSamplePredicate<Sample: HKSample>: @unchecked Sendable {
    // Predicates are immutable once made.

    /// The type read.
    public let sampleType: HKSampleType
    /// The predicate, if any.
    public let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = predicate
    }

    /// Samples of any kind of `type`.
    public static func sample(type: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKSample> where Sample == HKSample {
        HKSamplePredicate<HKSample>(sampleType: type, predicate: predicate)
    }

    /// Quantity samples of `type`.
    public static func quantitySample(type: HKQuantityType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKQuantitySample> where Sample == HKQuantitySample {
        HKSamplePredicate<HKQuantitySample>(sampleType: type, predicate: predicate)
    }

    /// Category samples of `type`.
    public static func categorySample(type: HKCategoryType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKCategorySample> where Sample == HKCategorySample {
        HKSamplePredicate<HKCategorySample>(sampleType: type, predicate: predicate)
    }

    /// Correlations of `type`.
    public static func correlation(type: HKCorrelationType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKCorrelation> where Sample == HKCorrelation {
        HKSamplePredicate<HKCorrelation>(sampleType: type, predicate: predicate)
    }

    /// Workouts.
    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> where Sample == HKWorkout {
        HKSamplePredicate<HKWorkout>(sampleType: HKWorkoutType(), predicate: predicate)
    }

    /// States of mind.
    public static func stateOfMind(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKStateOfMind> where Sample == HKStateOfMind {
        HKSamplePredicate<HKStateOfMind>(sampleType: HKStateOfMindType(), predicate: predicate)
    }
}

/// Reads samples with Swift concurrency.
///
/// ```swift
/// let descriptor = HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRate))],
///                                          sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 10)
/// let latest = try await descriptor.result(for: store)
/// ```
public struct HKSampleQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    // Sort descriptors over key paths are immutable values.

    /// What to read.
    public let predicates: [HKSamplePredicate<Sample>]
    /// The order of the results.
    public let sortDescriptors: [SortDescriptor<Sample>]
    /// The most results, or `nil` for all.
    public let limit: Int?

    /// Describes a sample query.
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Runs the query.
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        var results: [Sample] = []
        let sqlOrder = Self.sqlOrder(sortDescriptors)
        for predicate in predicates {
            var query = try healthStore.objectQuery(types: [predicate.sampleType], predicate: predicate.nsPredicate)
            if let sqlOrder {
                query.sqlOrder = sqlOrder
                query.limit = predicates.count == 1 ? limit : nil
            }
            results += try await healthStore.reader().objects(query).compactMap { $0 as? Sample }
        }
        if sqlOrder == nil || predicates.count > 1 { results.sort(using: sortDescriptors) }
        if let limit, results.count > limit { results.removeLast(results.count - limit) }
        return results
    }

    /// SQL for descriptors over start and end dates, so limits apply in the database.
    static func sqlOrder(_ descriptors: [SortDescriptor<Sample>]) -> String? {
        var parts: [String] = []
        for descriptor in descriptors {
            let direction = descriptor.order == .forward ? "ASC" : "DESC"
            switch descriptor.keyPath {
            case \Sample.startDate: parts.append("object.start \(direction)")
            case \Sample.endDate: parts.append("object.end \(direction)")
            default: return nil
            }
        }
        return (parts + ["object.id ASC"]).joined(separator: ", ")
    }
}

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

/// Builds live result streams from store change notifications.
enum StoreChangeStream {
    static func make<Element: Sendable>(store: HKHealthStore, typeIdentifier: String,
                                        next: @escaping @Sendable (Element?) async throws -> Element?) -> AsyncThrowingStream<Element, any Error> {
        make(store: store, typeIdentifiers: [typeIdentifier], next: next)
    }

    /// Yields `next(nil)` at once, then `next(previous)` after each relevant change;
    /// a `nil` from `next` means nothing changed.
    static func make<Element: Sendable>(store: HKHealthStore, typeIdentifiers: Set<String>,
                                        next: @escaping @Sendable (Element?) async throws -> Element?) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do {
                let database = try store.database()
                let observer = database.addObserver { types in
                    if let types, types.isDisjoint(with: typeIdentifiers) { return }
                    signal.yield()
                }
                defer { database.removeObserver(observer) }
                var last = try await next(nil)
                if let last { continuation.yield(last) }
                for await _ in signals {
                    if Task.isCancelled { break }
                    if let element = try await next(last) {
                        last = element
                        continuation.yield(element)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            signal.finish()
        }
        return stream
    }
}
