public import Foundation
internal import GRDB

/// Finds correlations (blood pressure, food) whose members match predicates.
public final class HKCorrelationQuery: HKQuery, @unchecked Sendable {
    /// The correlation type.
    public let correlationType: HKCorrelationType
    /// For each member type, a predicate at least one member of that type must match.
    public let samplePredicates: [HKSampleType: NSPredicate]?
    private let completion: @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    /// A query for correlations of `type`.
    @preconcurrency
    public init(type correlationType: HKCorrelationType, predicate: NSPredicate?, samplePredicates: [HKSampleType: NSPredicate]?,
                completion: @escaping @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void) {
        self.correlationType = correlationType
        self.samplePredicates = samplePredicates
        self.completion = completion
        super.init(objectType: correlationType, predicate: predicate)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let query = try store.objectQuery(types: [correlationType], predicate: predicate)
            let correlations = try await store.reader().objects(query).compactMap { $0 as? HKCorrelation }
            let matching = correlations.filter { correlation in
                (samplePredicates ?? [:]).allSatisfy { type, predicate in
                    correlation.objects(for: type).contains { predicate.evaluate(with: $0) }
                }
            }
            if !isStopped { completion(self, matching, nil) }
        } catch {
            if !isStopped { completion(self, nil, error) }
        }
    }
}
