public import Foundation

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
