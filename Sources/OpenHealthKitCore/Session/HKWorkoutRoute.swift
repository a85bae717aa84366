import Foundation
internal import GRDB
internal import GRDBSQLite

/// The path of a workout: a series of positions saved with it.
///
/// Find a workout's routes with a sample query for ``HKSeriesType/workoutRoute()``
/// and ``HKQuery/predicateForObjects(from:)-(HKWorkout)``; read the positions
/// with ``HKWorkoutRouteQuery``.
public final class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {
    init(unchecked start: Date, end: Date, count: Int, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        super.init(type: .workoutRoute(), start: start, end: end, count: count, uuid: uuid, device: device, metadata: metadata,
                   sourceRevision: sourceRevision)
    }

    /// The route as HealthKit prints it: identifier, source, dates and how many positions it holds.
    public override var description: String { "<HKWorkoutRoute \(identification) \(dateInterval) \(count) locations>" }
}

extension HKHealthStore {
    /// Saves a route row tied to its workout and its positions, in one transaction.
    func saveRoute(_ route: HKWorkoutRoute, locations: [CLLocation], workout: UUID) async throws {
        let database = try database()
        let plan = try planSave([route], in: database)
        let counter = try await database.writer.write { db -> Int64 in
            let counter = try self.insert([route], plan: plan, parent: workout, into: db, database: database)
            try self.insertLocations(locations, route: route.uuid, into: db, database: database)
            return counter
        }
        database.notifyChanged(plan.types, counter: counter)
    }

    /// Writes positions of a route that is still being built.
    func insertRouteLocations(_ locations: [CLLocation], route: UUID) async throws {
        let database = try database()
        try await database.writer.write { db in try self.insertLocations(locations, route: route, into: db, database: database) }
    }

    /// Removes the positions of a route that will not be saved.
    func deleteRouteLocations(_ route: UUID) async throws {
        let database = try database()
        try await database.writer.write { db in try Self.deleteLocations(route: route, in: db) }
    }

    /// Removes a route's positions, chunked and (from stores before v5) one row each.
    static func deleteLocations(route: UUID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM route_chunk WHERE route = ?", arguments: [route])
        try db.execute(sql: "DELETE FROM route_location WHERE route = ?", arguments: [route])
    }

    /// Positions go into the store in chunks of at most this many.
    static let locationsPerChunk = 512

    /// Appends positions to a route's chunks. The route's last chunk, when it
    /// holds fewer than ``locationsPerChunk`` positions, is rewritten with the
    /// new ones after it: a live route written each second grows into full
    /// chunks instead of a row per second.
    ///
    /// The store keeps the encoder of each route's last chunk (``RouteTails``), so a
    /// live route's positions are each encoded once: the chunk is read back and
    /// encoded again only when the stored chunk is not the one kept (another
    /// process wrote it, or a transaction that extended it was rolled back).
    func insertLocations(_ locations: [CLLocation], route: UUID, into db: Database, database: StoreDatabase) throws {
        guard !locations.isEmpty else { return }
        // Compressed chunks: a day of 1 Hz positions is 169 rows of a few
        // kilobytes, where one row each took 86,400 rows of 100 bytes.
        var tail: RouteTails.Tail?
        if let last = try Row.fetchOne(db.cachedStatement(sql: "SELECT rowid, count, length(data) AS bytes FROM route_chunk WHERE route = ? ORDER BY rowid DESC LIMIT 1"),
                                       arguments: [route]) {
            let rowid: Int64 = last["rowid"], count: Int = last["count"], bytes: Int = last["bytes"]
            if count < Self.locationsPerChunk {
                if let kept = database.routeTails.tail(of: route), kept.rowid == rowid, kept.encoder.count == count, kept.encoder.byteCount == bytes {
                    tail = kept
                } else if let data = try Data.fetchOne(db.cachedStatement(sql: "SELECT data FROM route_chunk WHERE rowid = ?"), arguments: [rowid]),
                          let held = CompressedLocations(bytes: data, count: count).locations {
                    // A damaged chunk is left as it is (reading it reports it); only a sound, partial one is extended.
                    tail = RouteTails.Tail(rowid: rowid, first: held.first?.timestamp.timeIntervalSince1970 ?? 0, encoder: CompressedLocations.Encoder(held))
                }
            }
        }
        let update = try db.cachedStatement(sql: "UPDATE route_chunk SET count = ?, data = ? WHERE rowid = ?")
        let insert = try db.cachedStatement(sql: "INSERT INTO route_chunk (route, first, count, data) VALUES (?, ?, ?, ?)")
        var remaining = locations[...]
        while !remaining.isEmpty {
            var current = tail ?? RouteTails.Tail(rowid: nil, first: remaining.first!.timestamp.timeIntervalSince1970, encoder: CompressedLocations.Encoder())
            let room = Self.locationsPerChunk - current.encoder.count
            for location in remaining.prefix(room) { current.encoder.append(location) }
            remaining = remaining.dropFirst(room)
            let compressed = current.encoder.compressed
            if let rowid = current.rowid {
                try update.execute(arguments: [compressed.count, Data(compressed.bytes), rowid])
            } else {
                try insert.execute(arguments: [route, current.first, compressed.count, Data(compressed.bytes)])
                current.rowid = db.lastInsertedRowID
            }
            // A full chunk is done: the next positions start one of their own.
            tail = current.encoder.count < Self.locationsPerChunk ? current : nil
        }
        if let tail {
            database.routeTails.keep(tail, of: route)
        } else {
            database.routeTails.forget(route)
        }
    }

    /// The positions of a route, in time order (positions with the same time in the order written).
    ///
    /// - Throws: ``HKError/Code/errorDatabaseInaccessible`` for a damaged chunk, naming the route and the chunk's first time.
    func routeLocations(_ route: UUID) async throws -> [CLLocation] {
        let database = try database()
        return try await database.writer.read { db in
            // Stores before v5 kept one row per position.
            var locations = try Row.fetchAll(db, sql: "SELECT * FROM route_location WHERE route = ? ORDER BY timestamp", arguments: [route]).map { row in
                CLLocation(coordinate: CLLocationCoordinate2D(latitude: row["latitude"], longitude: row["longitude"]), altitude: row["altitude"],
                           horizontalAccuracy: row["horizontal_accuracy"], verticalAccuracy: row["vertical_accuracy"], course: row["course"],
                           courseAccuracy: row["course_accuracy"], speed: row["speed"], speedAccuracy: row["speed_accuracy"],
                           timestamp: Date(timeIntervalSince1970: row["timestamp"]))
            }
            for chunk in try Row.fetchAll(db, sql: "SELECT first, count, data FROM route_chunk WHERE route = ? ORDER BY first, rowid", arguments: [route]) {
                let count: Int = chunk["count"], data: Data = chunk["data"]
                guard count > 0, count <= Self.locationsPerChunk * 64, let decoded = CompressedLocations(bytes: data, count: count).locations else {
                    let first = Date(timeIntervalSince1970: chunk["first"]).formatted(.iso8601)
                    throw HKError(.errorDatabaseInaccessible, "The store's route \(route) is damaged at its chunk from \(first): its \(data.count) bytes do not hold its \(count) positions; restore the store from a copy, or delete the route")
                }
                locations += decoded
            }
            let inOrder = zip(locations, locations.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp }
            if !inOrder {
                // Chunks are written in time order but may interleave with each other and with older rows.
                locations = locations.enumerated().sorted { a, b in
                    a.element.timestamp != b.element.timestamp ? a.element.timestamp < b.element.timestamp : a.offset < b.offset
                }.map(\.element)
            }
            return locations
        }
    }
}
