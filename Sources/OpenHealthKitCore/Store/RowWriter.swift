import Foundation
internal import GRDB
internal import GRDBSQLite

/// Writes object rows inside one write transaction, binding values straight
/// to a prepared SQLite statement.
///
/// Quantity samples, which make up nearly every large batch, take a fast path
/// with per-batch caches for their type and for each unit's conversion into
/// that type's canonical unit; other objects go through ``ObjectCodec``.
/// Every object of the batch stays alive for the whole write, so caching by
/// object identity is safe.
struct RowWriter {
    private let db: Database
    private let database: StoreDatabase
    private let statement: Statement
    private let sourceID: Int64
    private var anchor: Int64
    private var codec = ObjectCodec()
    private var types: [ObjectIdentifier: Int64] = [:]
    private var typeIDsByName: [String: Int64] = [:]
    private var longest: [Int64: Double] = [:]
    private var units: [UnitKey: UnitEncoding] = [:]

    /// A sample's unit together with its type: the same unit converts
    /// differently into different types' canonical units (`count/min` is
    /// canonical for cadence but 1/60 of `count/s`, heart rate's).
    private struct UnitKey: Hashable {
        var typeID: Int64
        var unit: ObjectIdentifier
    }

    private struct UnitEncoding {
        var canonical: Bool
        var text: String
        /// `canonical = value × factor + shift`, the same arithmetic as ``HKUnit``'s conversion.
        var scale: Double
        var offset: Double
        var canonicalScale: Double
        var canonicalOffset: Double
    }

    init(db: Database, database: StoreDatabase, sourceID: Int64, firstAnchor: Int64) throws {
        self.db = db
        self.database = database
        self.sourceID = sourceID
        self.anchor = firstAnchor
        // Cached: a live workout writes every second, and preparing the statement each time was a fifth of a write's work.
        statement = try db.cachedStatement(sql: """
            INSERT INTO object (id, uuid, kind, type, start, end, value, raw_value, unit, count, source, device, metadata, payload, parent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    mutating func write(_ sample: HKSample, parent: UUID?) throws {
        if let quantity = sample as? HKQuantitySample, quantity.series == nil, quantity.metadata == nil, quantity.device == nil {
            try writeQuantity(quantity, parent: parent)
            return
        }
        if let correlation = sample as? HKCorrelation {
            for member in correlation.objects { try HKHealthStore.validateForSave(member) }
        }
        for row in try codec.rows(for: sample, parent: parent) {
            try bind(row)
        }
        if let series = (sample as? HKQuantitySample)?.series {
            guard let chunks = series.chunks else {
                throw HKError(.errorInvalidArgument, "The series sample \(sample.uuid) was read from a store; its values stay there. Build a new series with HKQuantitySeriesSampleBuilder to save them elsewhere")
            }
            try QuantitySeriesChunks.insert(chunks, series: sample.uuid, in: db)
        }
    }

    private mutating func typeID(for type: HKSampleType) throws -> Int64 {
        if let id = types[ObjectIdentifier(type)] { return id }
        let id = try typeID(named: type.identifier)
        types[ObjectIdentifier(type)] = id
        return id
    }

    private mutating func typeID(named name: String) throws -> Int64 {
        if let id = typeIDsByName[name] { return id }
        let id = try database.typeID(name, in: db)
        typeIDsByName[name] = id
        return id
    }

    /// The fast path: a quantity sample without metadata or device.
    private mutating func writeQuantity(_ sample: HKQuantitySample, parent: UUID?) throws {
        let type = sample.quantityType
        let typeID = try typeID(for: type)
        let quantity = sample.quantity
        let unitKey = UnitKey(typeID: typeID, unit: ObjectIdentifier(quantity.unit))
        let encoding: UnitEncoding
        if let cached = units[unitKey] {
            encoding = cached
        } else {
            let unit = quantity.unit, canonical = type.canonicalUnit
            guard unit.isCompatible(with: canonical) else { throw HKUnitConversionError(from: unit, to: canonical) }
            encoding = UnitEncoding(canonical: unit == canonical, text: unit.unitString, scale: unit.scale, offset: unit.offset,
                                    canonicalScale: canonical.scale, canonicalOffset: canonical.offset)
            units[unitKey] = encoding
        }
        let s = statement.sqliteStatement
        let start = sample.startDate.timeIntervalSince1970, end = sample.endDate.timeIntervalSince1970
        sqlite3_bind_int64(s, 1, anchor)
        bindUUID(sample.uuid, at: 2)
        sqlite3_bind_int64(s, 3, ObjectKind.quantity.rawValue)
        sqlite3_bind_int64(s, 4, typeID)
        sqlite3_bind_double(s, 5, start)
        sqlite3_bind_double(s, 6, end)
        if encoding.canonical {
            sqlite3_bind_double(s, 7, quantity.value)
            sqlite3_bind_null(s, 8)
            sqlite3_bind_null(s, 9)
        } else {
            let base = quantity.value * encoding.scale + encoding.offset
            sqlite3_bind_double(s, 7, (base - encoding.canonicalOffset) / encoding.canonicalScale)
            sqlite3_bind_double(s, 8, quantity.value)
            sqlite3_bind_text(s, 9, encoding.text, -1, sqliteTransient)
        }
        sqlite3_bind_int64(s, 10, Int64(sample.count))
        sqlite3_bind_int64(s, 11, sourceID)
        for index in 12...14 { sqlite3_bind_null(s, Int32(index)) }
        if let parent { bindUUID(parent, at: 15) } else { sqlite3_bind_null(s, 15) }
        try step(uuid: sample.uuid, typeID: typeID, duration: end - start)
    }

    /// The general path: a row made by ``ObjectCodec``.
    private mutating func bind(_ row: ObjectCodec.Row) throws {
        let typeID = try typeID(named: row.type)
        let s = statement.sqliteStatement
        sqlite3_bind_int64(s, 1, anchor)
        bindUUID(row.uuid, at: 2)
        sqlite3_bind_int64(s, 3, row.kind.rawValue)
        sqlite3_bind_int64(s, 4, typeID)
        sqlite3_bind_double(s, 5, row.start)
        sqlite3_bind_double(s, 6, row.end)
        bindDouble(row.value, at: 7)
        bindDouble(row.rawValue, at: 8)
        bindText(row.unit, at: 9)
        sqlite3_bind_int64(s, 10, Int64(row.count))
        sqlite3_bind_int64(s, 11, sourceID)
        bindText(row.device, at: 12)
        bindText(row.metadata, at: 13)
        bindText(row.payload, at: 14)
        if let parent = row.parent { bindUUID(parent, at: 15) } else { sqlite3_bind_null(s, 15) }
        try step(uuid: row.uuid, typeID: typeID, duration: row.end - row.start)
    }

    private func bindUUID(_ uuid: UUID, at index: Int32) {
        sqliteBind(uuid, to: statement.sqliteStatement, at: index)
    }

    private func bindDouble(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(statement.sqliteStatement, index, value) } else { sqlite3_bind_null(statement.sqliteStatement, index) }
    }

    private func bindText(_ value: String?, at index: Int32) {
        if let value { sqlite3_bind_text(statement.sqliteStatement, index, value, -1, sqliteTransient) } else { sqlite3_bind_null(statement.sqliteStatement, index) }
    }

    private mutating func step(uuid: UUID, typeID: Int64, duration: Double) throws {
        do {
            try sqliteInsertBoundRow(statement.sqliteStatement)
        } catch {
            guard error.resultCode == .SQLITE_CONSTRAINT else { throw error }
            throw HKError(.errorInvalidArgument, "An object with UUID \(uuid) is already in the store; save a new object instead")
        }
        if duration > longest[typeID] ?? 0 { longest[typeID] = duration }
        anchor += 1
    }

    /// Records each type's longest sample, for index-friendly overlap queries.
    func finish() throws {
        for (typeID, duration) in longest {
            try db.cachedStatement(sql: "UPDATE data_type SET max_duration = max(max_duration, ?) WHERE id = ?").execute(arguments: [duration, typeID])
        }
    }
}

/// Tells SQLite to copy bound buffers, which live only for the call.
private let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// Binds `uuid` at `index` as its 16 bytes, as GRDB stores a UUID.
func sqliteBind(_ uuid: UUID, to statement: OpaquePointer, at index: Int32) {
    var bytes = uuid.uuid
    withUnsafeBytes(of: &bytes) { _ = sqlite3_bind_blob(statement, index, $0.baseAddress, 16, sqliteTransient) }
}

/// Runs an insert whose values are bound, once, and resets it for the next
/// row; the bindings stay.
///
/// - Throws: SQLite's error, with its extended result code.
func sqliteInsertBoundRow(_ statement: OpaquePointer) throws(DatabaseError) {
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else {
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement))))
    }
}
