public import Foundation
internal import GRDB

/// A position in the store's history of saves and deletions.
///
/// Anchors only grow. Keep the anchor a query returns (it is `Codable`) and
/// pass it to the next query to get only what changed since.
public final class HKQueryAnchor: Hashable, Codable, Sendable, CustomStringConvertible {
    let value: Int64

    /// An anchor from a number kept earlier.
    public init(fromValue value: Int) { self.value = Int64(value) }

    init(_ value: Int64) { self.value = value }

    /// Anchors are equal when their values are.
    public static func == (lhs: HKQueryAnchor, rhs: HKQueryAnchor) -> Bool { lhs.value == rhs.value }
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
    /// The value.
    public var description: String { "HKQueryAnchor(\(value))" }
}

/// An object that was deleted, as anchored queries report it.
public final class HKDeletedObject: Hashable, Sendable {
    /// The deleted object's identifier.
    public let uuid: UUID
    let storedMetadata: [String: MetadataValue]?

    init(uuid: UUID, metadata: [String: MetadataValue]?) {
        self.uuid = uuid
        self.storedMetadata = metadata
    }

    /// The deleted object's metadata (sync identifiers, external identifiers).
    public var metadata: [String: Any]? { MetadataValue.decode(storedMetadata) }

    /// Equal when the identifiers are.
    public static func == (lhs: HKDeletedObject, rhs: HKDeletedObject) -> Bool { lhs.uuid == rhs.uuid }
    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

/// Changes after an anchor: objects added and objects deleted, in anchor order.
struct AnchoredChanges: Sendable {
    var added: [HKObject]
    var deleted: [HKDeletedObject]
    var anchor: HKQueryAnchor
}

extension ObjectReader {
    /// What changed after `anchor` for `query`'s types, at most `limit` changes.
    func changes(_ query: ObjectQuery, after anchor: HKQueryAnchor?, limit: Int?) async throws -> AnchoredChanges {
        try await database.writer.read { db in
            let start = anchor?.value ?? 0
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
                    let typeName = try database.typeName(row[3], in: db) ?? ""
                    if query.ownOnlyTypes.contains(typeName), try database.source(row[4], in: db).source.bundleIdentifier != query.ownBundle { continue }
                    let metadata = try (row[2] as String?).map { try decoder.decode([String: MetadataValue].self, from: Data($0.utf8)) }
                    deleted.append((row[0], HKDeletedObject(uuid: row[1], metadata: metadata)))
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
    private let state: NSLockedBox<(anchor: HKQueryAnchor?, update: Handler?)>

    /// A query for changes to `type` after `anchor` (`nil` for everything).
    public init(type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int, resultsHandler handler: @escaping Handler) {
        self.limit = limit
        self.resultsHandler = handler
        self.state = NSLockedBox((anchor, nil))
        super.init(objectType: type, predicate: predicate)
    }

    /// Called with each later batch of changes; setting it makes the query long-running.
    public var updateHandler: Handler? {
        get { state.value.update }
        set { state.mutate { $0.update = newValue } }
    }

    override var isLongRunning: Bool { updateHandler != nil }

    private func next(_ store: HKHealthStore, limit: Int?) async throws -> AnchoredChanges {
        let query = try store.objectQuery(types: objectType.map { [$0] }, predicate: predicate)
        let changes = try await store.reader().changes(query, after: state.value.anchor, limit: limit)
        state.mutate { $0.anchor = changes.anchor }
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

/// Tells an app that samples of a type changed, so it can run its own queries.
///
/// The update handler is called once when the query starts and again after
/// every save or deletion of matching samples, from this process or another.
public final class HKObserverQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, a completion to call when done, an error.
    public typealias Handler = @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void

    private let updateHandler: Handler
    private let anchor = NSLockedBox<HKQueryAnchor?>(nil)

    /// A query observing `sampleType`.
    public init(sampleType: HKSampleType, predicate: NSPredicate?, updateHandler: @escaping Handler) {
        self.updateHandler = updateHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    override var isLongRunning: Bool { true }

    override func start(on store: HKHealthStore) async {
        do {
            anchor.value = try await latestAnchor(store)
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
            let changes = try await store.reader().changes(query, after: anchor.value, limit: nil)
            anchor.value = changes.anchor
            guard !changes.added.isEmpty || !changes.deleted.isEmpty, !isStopped else { return }
            updateHandler(self, {}, nil)
        } catch {
            if !isStopped { updateHandler(self, {}, error) }
        }
    }
}

/// The completion an observer query's handler calls when it has handled an update.
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// Finds the apps that saved samples of a type.
public final class HKSourceQuery: HKQuery, @unchecked Sendable {
    private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// A query for the sources of samples of `sampleType` matching `objectPredicate`.
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

/// Finds correlations (blood pressure, food) whose members match predicates.
public final class HKCorrelationQuery: HKQuery, @unchecked Sendable {
    /// The correlation type.
    public let correlationType: HKCorrelationType
    /// For each member type, a predicate at least one member of that type must match.
    public let samplePredicates: [HKSampleType: NSPredicate]?
    private let completion: @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    /// A query for correlations of `type`.
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

/// A value behind a lock.
final class NSLockedBox<Value>: @unchecked Sendable {
    // Every access goes through `lock`.
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }

    func mutate<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&_value) } }
}
