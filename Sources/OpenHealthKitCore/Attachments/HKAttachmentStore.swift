public import Foundation
internal import GRDB

/// Files attached to objects in a store, as in HealthKit: a document with a
/// sample, or the file a workout was imported from, given back byte for byte.
///
/// The store keeps each file compressed (zlib) when that saves space, and
/// deletes an object's attachments with the object.
///
/// ```swift
/// let attachments = HKAttachmentStore(healthStore: store)
/// let original = try await attachments.addAttachment(to: workout, name: "ride.fit", contentType: .fit, dataURL: url)
/// let bytes = try await attachments.getData(for: original)
/// ```
public final class HKAttachmentStore: Sendable {
    /// The largest file one attachment may hold: 64 MiB.
    public static let maximumSize = 64 << 20

    private let healthStore: HKHealthStore
    private let clock: any WorkoutClock

    /// The attachments of objects in `healthStore`, dated by the system clock.
    public convenience init(healthStore: HKHealthStore) {
        self.init(healthStore: healthStore, clock: SystemClock())
    }

    /// The attachments of objects in `healthStore`, dated by `clock`.
    public init(healthStore: HKHealthStore, clock: any WorkoutClock) {
        self.healthStore = healthStore
        self.clock = clock
    }

    /// Attaches the file at `dataURL` to `object`, which must be saved in the store.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` when the file cannot be read or the
    ///   object is not in the store; ``HKError/Code/errorDataSizeExceeded`` for a file over
    ///   ``maximumSize``; the authorization errors of saving an object of its type.
    public func addAttachment(to object: HKObject, name: String, contentType: UTType, dataURL: URL,
                              metadata: [String: Any]? = nil) async throws -> HKAttachment {
        let data: Data
        do { data = try Data(contentsOf: dataURL) } catch {
            throw HKError(.errorInvalidArgument, "Cannot read \(dataURL.path) to attach it: \(error.localizedDescription). Check that the file exists and is readable.")
        }
        return try await addAttachment(to: object, name: name, contentType: contentType, data: data, metadata: metadata)
    }

    /// Attaches `data` to `object` under `name`: the form of
    /// ``addAttachment(to:name:contentType:dataURL:metadata:)`` for bytes already in
    /// memory (an upload, say). An OpenHealthKit addition.
    public func addAttachment(to object: HKObject, name: String, contentType: UTType, data: Data,
                              metadata: [String: Any]? = nil) async throws -> HKAttachment {
        guard data.count <= Self.maximumSize else {
            throw HKError(.errorDataSizeExceeded, "\(name) has \(data.count) bytes; an attachment holds at most \(Self.maximumSize) bytes.")
        }
        guard !name.isEmpty else { throw HKError(.errorInvalidArgument, "An attachment needs a name, such as the file's.") }
        // Kept as an object's metadata is: the same values, the same text.
        let encodedMetadata = try ObjectCodec().metadataText(try ObjectCodec.storableValues(metadata ?? [:]))
        let database = try healthStore.database()
        if let sample = object as? HKSample { try healthStore.checkSharing(sample.sampleType, in: database) }
        let attachment = HKAttachment(identifier: UUID(), name: name, contentType: contentType, size: data.count,
                                      creationDate: clock.now, metadata: metadata)
        let (stored, encoding) = AttachmentCompression.compress(data)
        let location = healthStore.location
        try await database.writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM object WHERE uuid = ?)", arguments: [object.uuid]) == true else {
                throw HKError(.errorInvalidArgument, "Object \(object.uuid) is not in the store at \(location); save it before attaching files to it.")
            }
            try db.execute(sql: """
                INSERT INTO attachment (id, object, name, content_type, size, created, metadata, encoding, data)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [attachment.identifier, object.uuid, name, contentType.identifier, data.count,
                                 attachment.creationDate.timeIntervalSince1970, encodedMetadata, encoding, stored])
        }
        return attachment
    }

    /// The files attached to `object`, oldest first.
    public func attachments(for object: HKObject) async throws -> [HKAttachment] {
        let database = try healthStore.database()
        let codec = ObjectCodec()
        return try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, name, content_type, size, created, metadata FROM attachment WHERE object = ? ORDER BY created, rowid
                """, arguments: [object.uuid]).map { row in
                let values = try codec.metadataValues(row["metadata"])
                return HKAttachment(identifier: row["id"], name: row["name"], contentType: UTType(importedAs: row["content_type"]),
                                    size: row["size"], creationDate: Date(timeIntervalSince1970: row["created"]),
                                    metadata: MetadataValue.decode(values))
            }
        }
    }

    /// The bytes that were attached, exactly.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` when the attachment was removed.
    public func getData(for attachment: HKAttachment) async throws -> Data {
        let database = try healthStore.database()
        let row = try database.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT encoding, data FROM attachment WHERE id = ?", arguments: [attachment.identifier])
        }
        guard let row else {
            throw HKError(.errorNoData, "The attachment \(attachment.name) is no longer in the store at \(healthStore.location).")
        }
        return try AttachmentCompression.decompress(row["data"] ?? Data(), encoding: row["encoding"], size: attachment.size, name: attachment.name)
    }

    /// Removes `attachment` from `object`.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` when `object` has no such attachment.
    public func removeAttachment(_ attachment: HKAttachment, from object: HKObject) async throws {
        let database = try healthStore.database()
        if let sample = object as? HKSample { try healthStore.checkSharing(sample.sampleType, in: database) }
        let removed = try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM attachment WHERE id = ? AND object = ?", arguments: [attachment.identifier, object.uuid])
            return db.changesCount
        }
        guard removed > 0 else {
            throw HKError(.errorNoData, "\(object.uuid) has no attachment \(attachment.name) (\(attachment.identifier)) in the store at \(healthStore.location).")
        }
    }

    // MARK: Completion handlers

    /// Completion-handler form of ``addAttachment(to:name:contentType:dataURL:metadata:)``.
    @preconcurrency
    public func addAttachment(to object: HKObject, name: String, contentType: UTType, dataURL: URL, metadata: [String: Any]? = nil,
                              completion: @escaping @Sendable (HKAttachment?, (any Error)?) -> Void) {
        let box = UncheckedMetadata(metadata)
        completing(completion) { try await self.addAttachment(to: object, name: name, contentType: contentType, dataURL: dataURL, metadata: box.value) }
    }

    /// Completion-handler form of ``attachments(for:)``.
    @preconcurrency
    public func getAttachments(for object: HKObject, completion: @escaping @Sendable ([HKAttachment]?, (any Error)?) -> Void) {
        completing(completion) { try await self.attachments(for: object) }
    }

    /// Completion-handler form of ``getData(for:)``.
    @preconcurrency
    public func getData(for attachment: HKAttachment, completion: @escaping @Sendable (Data?, (any Error)?) -> Void) {
        completing(completion) { try await self.getData(for: attachment) }
    }

    /// Completion-handler form of ``removeAttachment(_:from:)``.
    @preconcurrency
    public func removeAttachment(_ attachment: HKAttachment, from object: HKObject, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.removeAttachment(attachment, from: object) }
    }
}

/// Metadata handed to a detached task: its values are immutable.
private struct UncheckedMetadata: @unchecked Sendable {
    let value: [String: Any]?
    init(_ value: [String: Any]?) { self.value = value }
}
