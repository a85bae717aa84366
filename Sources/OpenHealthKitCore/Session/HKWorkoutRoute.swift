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
}

extension HKHealthStore {
    /// Saves a route row tied to its workout and its positions, in one transaction.
    func saveRoute(_ route: HKWorkoutRoute, locations: [CLLocation], workout: UUID) async throws {
        let database = try database()
        let plan = try planSave([route], in: database)
        let counter = try await database.writer.write { db -> Int64 in
            let counter = try self.insert([route], plan: plan, parent: workout, into: db, database: database)
            try Self.insertLocations(locations, route: route.uuid, into: db)
            return counter
        }
        database.notifyChanged(plan.types, counter: counter)
    }

    /// Writes positions of a route that is still being built.
    func insertRouteLocations(_ locations: [CLLocation], route: UUID) async throws {
        let database = try database()
        try await database.writer.write { db in try Self.insertLocations(locations, route: route, into: db) }
    }

    /// Removes the positions of a route that will not be saved.
    func deleteRouteLocations(_ route: UUID) async throws {
        let database = try database()
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM route_location WHERE route = ?", arguments: [route]) }
    }

    static func insertLocations(_ locations: [CLLocation], route: UUID, into db: Database) throws {
        // Bound straight to SQLite: a day of 1 Hz positions is 86,400 rows,
        // and building statement arguments for each cost more than the insert.
        let statement = try db.makeStatement(sql: "INSERT INTO route_location VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        let s = statement.sqliteStatement
        sqliteBind(route, to: s, at: 1)
        for l in locations {
            sqlite3_bind_double(s, 2, l.timestamp.timeIntervalSince1970)
            sqlite3_bind_double(s, 3, l.coordinate.latitude)
            sqlite3_bind_double(s, 4, l.coordinate.longitude)
            sqlite3_bind_double(s, 5, l.altitude)
            sqlite3_bind_double(s, 6, l.horizontalAccuracy)
            sqlite3_bind_double(s, 7, l.verticalAccuracy)
            sqlite3_bind_double(s, 8, l.course)
            sqlite3_bind_double(s, 9, l.courseAccuracy)
            sqlite3_bind_double(s, 10, l.speed)
            sqlite3_bind_double(s, 11, l.speedAccuracy)
            try sqliteInsertBoundRow(s)
        }
    }

    /// The positions of a route, in time order.
    func routeLocations(_ route: UUID) async throws -> [CLLocation] {
        let database = try database()
        return try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM route_location WHERE route = ? ORDER BY timestamp", arguments: [route]).map { row in
                CLLocation(coordinate: CLLocationCoordinate2D(latitude: row[2], longitude: row[3]), altitude: row[4],
                           horizontalAccuracy: row[5], verticalAccuracy: row[6], course: row[7], courseAccuracy: row[8],
                           speed: row[9], speedAccuracy: row[10], timestamp: Date(timeIntervalSince1970: row[1]))
            }
        }
    }
}
