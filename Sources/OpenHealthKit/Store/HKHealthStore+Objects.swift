public import Foundation
internal import GRDB

extension HKHealthStore {
    /// Saves one object.
    ///
    /// - Throws: ``HKError/Code/errorAuthorizationNotDetermined`` or
    ///   ``HKError/Code/errorAuthorizationDenied`` when the app may not save the
    ///   type; ``HKError/Code/errorInvalidArgument`` when the object is invalid
    ///   or already saved.
    public func save(_ object: HKObject) async throws {
        try await save([object])
    }

    /// Saves objects atomically: all of them or, on any error, none.
    public func save(_ objects: [HKObject]) async throws {
        let (database, prepared) = try prepareSave(objects)
        guard !prepared.rows.isEmpty else { return }
        let counter = try await database.writer.write { db in try self.insert(prepared, into: db, database: database) }
        database.notifyChanged(prepared.types, counter: counter)
    }

    /// Completion-handler form of ``save(_:)-(HKObject)``.
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    /// Completion-handler form of ``save(_:)-([HKObject])``.
    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached {
            do { try await self.save(objects); completion(true, nil) } catch { completion(false, error) }
        }
    }

    /// Saves objects atomically and waits: the synchronous twin of ``save(_:)-([HKObject])``
    /// for tools and importers that are not async.
    public func saveSynchronously(_ objects: [HKObject]) throws {
        let (database, prepared) = try prepareSave(objects)
        guard !prepared.rows.isEmpty else { return }
        let counter = try database.writer.write { db in try self.insert(prepared, into: db, database: database) }
        database.notifyChanged(prepared.types, counter: counter)
    }

    struct PreparedSave: @unchecked Sendable {
        // Built once, read inside one write transaction.
        var rows: [ObjectCodec.Row] = []
        var types: Set<String> = []
    }

    private func prepareSave(_ objects: [HKObject]) throws -> (StoreDatabase, PreparedSave) {
        let database = try database()
        var prepared = PreparedSave()
        var checkedTypes: Set<String> = []
        var codec = ObjectCodec()
        prepared.rows.reserveCapacity(objects.count)
        for object in objects {
            guard let sample = object as? HKSample else {
                throw HKError(.errorInvalidArgument, "Only samples can be saved; \(type(of: object)) is not one")
            }
            if checkedTypes.insert(sample.sampleType.identifier).inserted {
                try checkSharing(sample.sampleType, in: database)
            }
            try Self.validateForSave(sample)
            for row in try codec.rows(for: sample) {
                prepared.rows.append(row)
                prepared.types.insert(row.type)
            }
        }
        for type in prepared.types where !checkedTypes.contains(type) {
            if let objectType = HKObjectType.from(identifier: type) { try checkSharing(objectType, in: database) }
        }
        return (database, prepared)
    }

    /// Apple's creation checks, repeated at save time with code 3.
    static func validateForSave(_ sample: HKSample) throws(HKError) {
        switch sample {
        case let quantity as HKQuantitySample:
            try HKQuantitySample.validate(type: quantity.quantityType, quantity: quantity.quantity, start: quantity.startDate,
                                          end: quantity.endDate, count: quantity.count, metadata: quantity.metadata)
        default:
            try HKSample.validateDates(type: sample.sampleType, start: sample.startDate, end: sample.endDate)
            try HKSample.validateMetadata(sample.metadata, type: sample.sampleType)
        }
    }

    private func insert(_ prepared: PreparedSave, into db: Database, database: StoreDatabase) throws -> Int64 {
        let sourceID = try database.sourceID(.init(source: source, version: HKSourceRevision.current.version,
                                                   productType: HKSourceRevision.current.productType,
                                                   operatingSystemVersionString: HKSourceRevision.current.operatingSystemVersionString), in: db)
        var anchor = try database.reserveAnchors(prepared.rows.count, in: db)
        let statement = try db.cachedStatement(sql: """
            INSERT INTO object (id, uuid, kind, type, start, end, value, raw_value, unit, count, source, device, metadata, payload, parent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var typeIDs: [String: Int64] = [:]
        for row in prepared.rows {
            let typeID: Int64
            if let cached = typeIDs[row.type] { typeID = cached } else {
                typeID = try database.typeID(row.type, in: db)
                typeIDs[row.type] = typeID
            }
            statement.setUncheckedArguments([anchor, row.uuid, row.kind.rawValue, typeID, row.start, row.end, row.value, row.rawValue,
                                             row.unit, row.count, sourceID, row.device, row.metadata, row.payload, row.parent])
            do {
                try statement.execute()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw HKError(.errorInvalidArgument, "An object with UUID \(row.uuid) is already in the store; save a new object instead")
            }
            anchor += 1
        }
        return anchor - 1
    }

    // MARK: Deleting

    /// Deletes one object the app saved.
    public func delete(_ object: HKObject) async throws {
        try await delete([object])
    }

    /// Deletes objects the app saved, atomically. Deleting a correlation deletes its members.
    ///
    /// - Throws: ``HKError/Code/errorAuthorizationDenied`` for an object another app saved.
    public func delete(_ objects: [HKObject]) async throws {
        let database = try database()
        for type in Set(objects.compactMap { ($0 as? HKSample)?.sampleType }) { try checkSharing(type, in: database) }
        let ids = objects.map(\.uuid)
        let bundle = source.bundleIdentifier
        let (types, counter) = try await database.writer.write { db in
            try Self.deleteRows(matching: "uuid IN (\(databaseQuestionMarks(count: ids.count)))", arguments: StatementArguments(ids),
                                ownBundle: bundle, in: db, database: database)
        }
        database.notifyChanged(types, counter: counter)
    }

    /// Completion-handler form of ``delete(_:)-(HKObject)``.
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        delete([object], withCompletion: completion)
    }

    /// Completion-handler form of ``delete(_:)-([HKObject])``.
    public func delete(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached {
            do { try await self.delete(objects); completion(true, nil) } catch { completion(false, error) }
        }
    }

    /// Deletes the app's objects of `type` that match `predicate`, returning how many were deleted.
    public func deleteObjects(of type: HKObjectType, predicate: NSPredicate) async throws -> Int {
        let database = try database()
        try checkSharing(type, in: database)
        let query = ObjectQuery(types: [type], filter: SampleFilter.from(predicate), restrictToBundle: source.bundleIdentifier)
        let matches = try await ObjectReader(database: database).objects(query)
        guard !matches.isEmpty else { return 0 }
        try await delete(matches)
        return matches.count
    }

    /// Completion-handler form of ``deleteObjects(of:predicate:)``.
    public func deleteObjects(of type: HKObjectType, predicate: NSPredicate,
                              withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void) {
        let box = NSPredicateBox(predicate)
        Task.detached {
            do { completion(true, try await self.deleteObjects(of: type, predicate: box.predicate), nil) } catch { completion(false, 0, error) }
        }
    }

    private static func deleteRows(matching condition: String, arguments: StatementArguments, ownBundle: String,
                                   in db: Database, database: StoreDatabase) throws -> (Set<String>, Int64) {
        let rows = try Row.fetchAll(db, sql: """
            SELECT object.id, object.uuid, object.type, source.bundle, object.kind FROM object JOIN source ON source.id = object.source
            WHERE object.\(condition)
            """, arguments: arguments)
        var uuids: [UUID] = []
        var types: Set<String> = []
        for row in rows {
            let bundle: String = row[3]
            guard bundle == ownBundle else {
                throw HKError(.errorAuthorizationDenied, "Object \(row[1] as UUID) was saved by \(bundle); an app can delete only the objects it saved")
            }
            uuids.append(row[1])
            if let name = try database.typeName(row[2], in: db) { types.insert(name) }
        }
        let children = try Row.fetchAll(db, sql: "SELECT uuid, type FROM object WHERE parent IN (SELECT uuid FROM object WHERE kind = \(ObjectKind.correlation.rawValue) AND \(condition))", arguments: arguments)
        for child in children {
            uuids.append(child[0])
            if let name = try database.typeName(child[1], in: db) { types.insert(name) }
        }
        guard !uuids.isEmpty else { return ([], 0) }
        var anchor = try database.reserveAnchors(uuids.count, in: db)
        for uuid in uuids {
            try db.execute(sql: "INSERT INTO deleted_object (id, uuid, type, source, metadata) SELECT ?, uuid, type, source, metadata FROM object WHERE uuid = ?",
                           arguments: [anchor, uuid])
            try db.execute(sql: "DELETE FROM object WHERE uuid = ?", arguments: [uuid])
            anchor += 1
        }
        return (types, anchor - 1)
    }
}


extension HKHealthStore {
    /// How many samples of each type the store holds, from every source.
    ///
    /// A summary for tools; it reveals counts, never values.
    public func sampleCountsByType() async throws -> [HKObjectType: Int] {
        let database = try database()
        let rows = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT data_type.identifier, COUNT(*) FROM object JOIN data_type ON data_type.id = object.type WHERE object.parent IS NULL GROUP BY object.type")
        }
        var result: [HKObjectType: Int] = [:]
        for row in rows {
            if let type = HKObjectType.from(identifier: row[0]) { result[type] = row[1] }
        }
        return result
    }
}
