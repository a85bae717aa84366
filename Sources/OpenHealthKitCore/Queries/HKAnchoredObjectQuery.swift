public import Foundation
internal import GRDB
import Synchronization

extension ObjectReader {
    /// What changed after `anchor` for `query`'s types, at most `limit` changes.
    func changes(_ query: ObjectQuery, after anchor: HKQueryAnchor?, limit: Int?) async throws -> AnchoredChanges {
        try await database.writer.read { db in
            let start = anchor?.value ?? 0
            // Every insertion and deletion moves the store-wide counter: when it has not
            // moved past the anchor, nothing changed, and no table needs reading (a web
            // page polling 10,000 workouts spent most of its time scanning them).
            if anchor != nil, let counter = try Int64.fetchOne(db, sql: "SELECT value FROM change_counter"), counter <= start {
                return AnchoredChanges(added: [], deleted: [], anchor: HKQueryAnchor(start))
            }
            var added = query
            added.afterAnchor = start
            added.sqlOrder = "object.id"
            added.limit = limit
            let objects = try anchoredObjects(added, in: db)
            var deleted: [(Int64, HKDeletedObject)] = []
            if anchor != nil {
                let typeIDs = try (query.types ?? []).compactMap { try database.existingTypeID($0.identifier, in: db) }
                var sql = "SELECT id, uuid, metadata, type, source FROM deleted_object WHERE id > ?"
                var arguments: StatementArguments = [start]
                if query.types != nil {
                    sql += " AND type IN (\(typeIDs.isEmpty ? "NULL" : databaseQuestionMarks(count: typeIDs.count)))"
                    arguments += StatementArguments(typeIDs)
                }
                sql += " ORDER BY id"
                let decoder = JSONDecoder()
                for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                    let typeName = try database.typeName(row["type"], in: db) ?? ""
                    if query.ownOnlyTypes.contains(typeName), try database.source(row["source"], in: db).source.bundleIdentifier != query.ownBundle { continue }
                    let metadata = try (row["metadata"] as String?).map { try decoder.decode([String: MetadataValue].self, from: Data($0.utf8)) }
                    deleted.append((row["id"], HKDeletedObject(uuid: row["uuid"], metadata: metadata)))
                }
            }
            // Merge by anchor and cut at the limit.
            var changes: [(Int64, Either)] = objects.map { ($0.anchor, .added($0.object)) } + deleted.map { ($0.0, .deleted($0.1)) }
            changes.sort { $0.0 < $1.0 }
            if let limit, limit > 0, changes.count > limit { changes.removeLast(changes.count - limit) }
            let newAnchor: Int64
            if let limit, limit > 0, changes.count == limit, let last = changes.last {
                newAnchor = last.0
            } else {
                newAnchor = max(start, try Int64.fetchOne(db, sql: "SELECT value FROM change_counter") ?? start)
            }
            return AnchoredChanges(
                added: changes.compactMap { if case .added(let o) = $0.1 { o } else { nil } },
                deleted: changes.compactMap { if case .deleted(let d) = $0.1 { d } else { nil } },
                anchor: HKQueryAnchor(newAnchor))
        }
    }

    private enum Either {
        case added(HKObject)
        case deleted(HKDeletedObject)
    }
}

/// Reads the samples added and deleted after an anchor, and keeps reporting
/// changes while it runs if it has an ``updateHandler``.
///
/// ```swift
/// let query = HKAnchoredObjectQuery(type: HKQuantityType(.heartRate), predicate: nil,
///                                   anchor: savedAnchor, limit: HKObjectQueryNoLimit) { _, added, deleted, anchor, _ in … }
/// query.updateHandler = { _, added, deleted, anchor, _ in … }
/// store.execute(query)
/// ```
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, added samples, deleted objects, the new anchor, an error.
    public typealias Handler = @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void

    private let limit: Int
    private let resultsHandler: Handler
    private let state: Mutex<(anchor: HKQueryAnchor?, update: Handler?)>

    /// A query for changes to `type` after `anchor` (`nil` for everything).
    public init(type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int, resultsHandler handler: @escaping Handler) {
        self.limit = limit
        self.resultsHandler = handler
        self.state = Mutex((anchor, nil))
        super.init(objectType: type, predicate: predicate)
    }

    /// Called with each later batch of changes; setting it makes the query long-running.
    public var updateHandler: Handler? {
        get { state.withLock { $0.update } }
        set { state.withLock { $0.update = newValue } }
    }

    override var isLongRunning: Bool { updateHandler != nil }

    private func next(_ store: HKHealthStore, limit: Int?) async throws -> AnchoredChanges {
        let query = try store.objectQuery(types: objectType.map { [$0] }, predicate: predicate)
        let changes = try await store.reader().changes(query, after: state.withLock { $0.anchor }, limit: limit)
        state.withLock { $0.anchor = changes.anchor }
        return changes
    }

    override func start(on store: HKHealthStore) async {
        do {
            let changes = try await next(store, limit: limit > 0 ? limit : nil)
            if !isStopped { resultsHandler(self, changes.added.compactMap { $0 as? HKSample }, changes.deleted, changes.anchor, nil) }
        } catch {
            if !isStopped { resultsHandler(self, nil, nil, nil, error) }
        }
    }

    override func storeDidChange(on store: HKHealthStore, types: Set<String>?) async {
        guard let update = updateHandler else { return }
        do {
            let changes = try await next(store, limit: nil)
            guard !changes.added.isEmpty || !changes.deleted.isEmpty, !isStopped else { return }
            update(self, changes.added.compactMap { $0 as? HKSample }, changes.deleted, changes.anchor, nil)
        } catch {
            if !isStopped { update(self, nil, nil, nil, error) }
        }
    }
}

/// The completion an observer query's handler calls when it has handled an update.
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

