public import Foundation
internal import GRDB

/// Finds the apps that saved samples of a type.
public final class HKSourceQuery: HKQuery, @unchecked Sendable {
    private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// A query for the sources of samples of `sampleType` matching `objectPredicate`.
    @preconcurrency
    public init(sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
                completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void) {
        self.completionHandler = completionHandler
        super.init(objectType: sampleType, predicate: objectPredicate)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let query = try store.objectQuery(types: objectType.map { [$0] }, predicate: predicate)
            let objects = try await store.reader().objects(query)
            if !isStopped { completionHandler(self, Set(objects.map(\.sourceRevision.source)), nil) }
        } catch {
            if !isStopped { completionHandler(self, nil, error) }
        }
    }
}
