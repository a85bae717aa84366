import Foundation
internal import GRDB

extension HKHealthStore {
    /// Changes the metadata of an object the app saved, keeping its identifier: `setting`'s
    /// values replace or add keys, `removing`'s keys go. An OpenHealthKit addition: HealthKit's
    /// objects never change, so an app there deletes and saves again; a rider renaming a
    /// workout expects it to stay the same workout, with the same identifier.
    ///
    /// Anchored and observer queries see the change as the object saved again (its anchor
    /// moves forward), as they see an object saved again in HealthKit.
    ///
    /// - Returns: the object as it now is in the store.
    /// - Throws: ``HKError/Code/errorAuthorizationDenied`` for an object another app saved;
    ///   ``HKError/Code/errorInvalidArgument`` for an object not in the store or a value of a
    ///   kind metadata cannot hold.
    public func updateMetadata<Object: HKObject>(of object: Object, setting: [String: Any] = [:], removing: Set<String> = []) async throws -> Object {
        let database = try database()
        if let sample = object as? HKSample { try checkSharing(sample.sampleType, in: database) }
        let newValues = try ObjectCodec.storableValues(setting)
        let bundle = source.bundleIdentifier
        let location = self.location
        let uuid = object.uuid
        let (type, counter) = try await database.writer.write { db -> (String?, Int64) in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT object.type, object.metadata, source.bundle FROM object JOIN source ON source.id = object.source WHERE object.uuid = ?
                """, arguments: [uuid]) else {
                throw HKError(.errorInvalidArgument, "Object \(uuid) is not in the store at \(location); it may have been deleted.")
            }
            let owner: String = row["bundle"]
            guard owner == bundle else {
                throw HKError(.errorAuthorizationDenied, "Object \(uuid) was saved by \(owner); an app can change only the objects it saved")
            }
            let codec = ObjectCodec()
            var values = try codec.metadataValues(row["metadata"])
            for key in removing { values[key] = nil }
            values.merge(newValues) { _, new in new }
            let text = try codec.metadataText(values)
            let anchor = try database.reserveAnchors(1, in: db)
            try db.execute(sql: "UPDATE object SET id = ?, metadata = ? WHERE uuid = ?", arguments: [anchor, text, uuid])
            return (try database.typeName(row["type"], in: db), anchor)
        }
        database.notifyChanged(type.map { [$0] } ?? [], counter: counter)
        let reread = try await database.writer.read { db in
            try ObjectReader(database: database).objects(ObjectQuery(types: nil, filter: .uuids([uuid])), in: db)
        }
        guard let updated = reread.first as? Object else {
            throw HKError(.errorInvalidArgument, "Object \(uuid) is not in the store at \(location) after the change; it may have been deleted meanwhile.")
        }
        return updated
    }
}
