public import Foundation
internal import GRDB
import Synchronization

/// Tells an app that samples of a type changed, so it can run its own queries.
///
/// The update handler is called once when the query starts and again after
/// every save or deletion of matching samples, from this process or another.
public final class HKObserverQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, a completion to call when done, an error.
    public typealias Handler = @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void

    private let updateHandler: Handler
    private let anchor = Mutex<HKQueryAnchor?>(nil)

    /// A query observing `sampleType`.
    public init(sampleType: HKSampleType, predicate: NSPredicate?, updateHandler: @escaping Handler) {
        self.updateHandler = updateHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    override var isLongRunning: Bool { true }

    override func start(on store: HKHealthStore) async {
        do {
            let latest = try await latestAnchor(store)
            anchor.withLock { $0 = latest }
            if !isStopped { updateHandler(self, {}, nil) }
        } catch {
            if !isStopped { updateHandler(self, {}, error) }
        }
    }

    private func latestAnchor(_ store: HKHealthStore) async throws -> HKQueryAnchor {
        let database = try store.database()
        let value = try await database.writer.read { db in try Int64.fetchOne(db, sql: "SELECT value FROM change_counter") ?? 0 }
        return HKQueryAnchor(value)
    }

    override func storeDidChange(on store: HKHealthStore, types: Set<String>?) async {
        do {
            let query = try store.objectQuery(types: objectType.map { [$0] }, predicate: predicate)
            let changes = try await store.reader().changes(query, after: anchor.withLock { $0 }, limit: nil)
            anchor.withLock { $0 = changes.anchor }
            guard !changes.added.isEmpty || !changes.deleted.isEmpty, !isStopped else { return }
            updateHandler(self, {}, nil)
        } catch {
            if !isStopped { updateHandler(self, {}, error) }
        }
    }
}
