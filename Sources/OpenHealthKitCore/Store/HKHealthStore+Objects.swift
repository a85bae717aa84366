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
        let database = try database()
        let plan = try planSave(objects, in: database)
        guard plan.rowCount > 0 else { return }
        let counter = try await database.writer.write { db in try self.insert(objects, plan: plan, into: db, database: database) }
        database.notifyChanged(plan.types, counter: counter)
    }

    /// Completion-handler form of ``save(_:)-(HKObject)``.
    @preconcurrency
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    /// Completion-handler form of ``save(_:)-([HKObject])``.
    @preconcurrency
    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.save(objects) }
    }

    /// Saves objects atomically and waits: the synchronous twin of ``save(_:)-([HKObject])``
    /// for tools and importers that are not async.
    public func saveSynchronously(_ objects: [HKObject]) throws {
        let database = try database()
        let plan = try planSave(objects, in: database)
        guard plan.rowCount > 0 else { return }
        let counter = try database.writer.write { db in try self.insert(objects, plan: plan, into: db, database: database) }
        database.notifyChanged(plan.types, counter: counter)
    }

    /// What a save will write: how many rows, of which types.
    struct SavePlan: Sendable {
        var rowCount = 0
        var types: Set<String> = []
    }

    /// Checks that every object is a sample the app may save and counts the rows.
    /// The rows `objects` make and their types, checking the app may share each type unless
    /// `checkingSharing` is false: what a live data source collects for a workout is the
    /// system's, saved whatever the app may share (HealthKit's proportional collection).
    func planSave(_ objects: [HKObject], in database: StoreDatabase, checkingSharing: Bool = true) throws -> SavePlan {
        var plan = SavePlan()
        var seen: Set<ObjectIdentifier> = []
        func visit(_ object: HKObject) throws {
            guard let sample = object as? HKSample else {
                throw HKError(.errorInvalidArgument, "Only samples can be saved; \(type(of: object)) is not one")
            }
            plan.rowCount += 1
            if seen.insert(ObjectIdentifier(sample.sampleType)).inserted, plan.types.insert(sample.sampleType.identifier).inserted, checkingSharing {
                try checkSharing(sample.sampleType, in: database)
            }
            if let correlation = sample as? HKCorrelation {
                for member in correlation.objects { try visit(member) }
            }
        }
        for object in objects { try visit(object) }
        return plan
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

    /// Saves samples whose rows point to `parent` (the workout they belong to).
    func saveRows(_ samples: [HKSample], parent: UUID, database: StoreDatabase) async throws {
        let plan = try planSave(samples, in: database)
        guard plan.rowCount > 0 else { return }
        let counter = try await database.writer.write { db in try self.insert(samples, plan: plan, parent: parent, into: db, database: database) }
        database.notifyChanged(plan.types, counter: counter)
    }

    func insert(_ objects: [HKObject], plan: SavePlan, parent: UUID? = nil, into db: Database, database: StoreDatabase) throws -> Int64 {
        let current = HKSourceRevision.current
        let sourceID = try database.sourceID(HKSourceRevision(source: source, version: current.version, productType: current.productType,
                                                              operatingSystemVersionString: current.operatingSystemVersionString), in: db)
        let firstAnchor = try database.reserveAnchors(plan.rowCount, in: db)
        var writer = try RowWriter(db: db, database: database, sourceID: sourceID, firstAnchor: firstAnchor)
        for object in objects {
            guard let sample = object as? HKSample else { continue }
            try Self.validateForSave(sample)
            try writer.write(sample, parent: parent)
        }
        try writer.finish()
        return firstAnchor + Int64(plan.rowCount) - 1
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
    @preconcurrency
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        delete([object], withCompletion: completion)
    }

    /// Completion-handler form of ``delete(_:)-([HKObject])``.
    @preconcurrency
    public func delete(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.delete(objects) }
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
    @preconcurrency
    public func deleteObjects(of type: HKObjectType, predicate: NSPredicate,
                              withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void) {
        let box = NSPredicateBox(predicate)
        Task.detached {
            do { completion(true, try await self.deleteObjects(of: type, predicate: box.predicate), nil) } catch { completion(false, 0, error) }
        }
    }

    /// Deletes the samples this app saved for a workout that will not be saved.
    func deleteAssociated(with workout: UUID) async throws {
        let database = try database()
        let bundle = source.bundleIdentifier
        let (types, counter) = try await database.writer.write { db in
            try Self.deleteRows(matching: "parent = ?", arguments: [workout], ownBundle: bundle, in: db, database: database)
        }
        if counter > 0 { database.notifyChanged(types, counter: counter) }
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
            let bundle: String = row["bundle"]
            guard bundle == ownBundle else {
                throw HKError(.errorAuthorizationDenied, "Object \(row["uuid"] as UUID) was saved by \(bundle); an app can delete only the objects it saved")
            }
            uuids.append(row["uuid"])
            if let name = try database.typeName(row["type"], in: db) { types.insert(name) }
        }
        let children = try Row.fetchAll(db, sql: "SELECT uuid, type FROM object WHERE parent IN (SELECT uuid FROM object WHERE kind = \(ObjectKind.correlation.rawValue) AND \(condition))", arguments: arguments)
        for child in children {
            uuids.append(child["uuid"])
            if let name = try database.typeName(child["type"], in: db) { types.insert(name) }
        }
        guard !uuids.isEmpty else { return ([], 0) }
        var anchor = try database.reserveAnchors(uuids.count, in: db)
        for uuid in uuids {
            try db.execute(sql: "INSERT INTO deleted_object (id, uuid, type, source, metadata) SELECT ?, uuid, type, source, metadata FROM object WHERE uuid = ?",
                           arguments: [anchor, uuid])
            try db.execute(sql: "DELETE FROM object WHERE uuid = ?", arguments: [uuid])
            try QuantitySeriesChunks.delete(series: uuid, in: db)
            try deleteLocations(route: uuid, in: db)
            try db.execute(sql: "DELETE FROM heartbeat WHERE series = ?", arguments: [uuid])
            try db.execute(sql: "DELETE FROM attachment WHERE object = ?", arguments: [uuid])
            anchor += 1
        }
        return (types, anchor - 1)
    }
}


extension HKHealthStore {
    /// How many samples of each type the store holds, from every source,
    /// workouts' samples included and correlations' members not counted twice;
    /// a quantity series counts as many as the values it holds.
    ///
    /// A summary for tools; it reveals counts, never values.
    public func sampleCountsByType() async throws -> [HKObjectType: Int] {
        let database = try database()
        let counts = try await database.writer.read { db -> [String: Int] in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT data_type.identifier, SUM(CASE WHEN object.kind = \(ObjectKind.quantitySeries.rawValue) THEN object.count ELSE 1 END) AS samples
                FROM object JOIN data_type ON data_type.id = object.type
                WHERE object.parent IS NULL OR object.parent NOT IN (SELECT uuid FROM object AS member WHERE member.kind = \(ObjectKind.correlation.rawValue))
                GROUP BY object.type
                """) {
                counts[row["identifier"]] = row["samples"]
            }
            return counts
        }
        var result: [HKObjectType: Int] = [:]
        for (identifier, count) in counts {
            if let type = HKObjectType.from(identifier: identifier) { result[type] = count }
        }
        return result
    }
}
