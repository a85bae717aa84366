import Foundation
internal import GRDB

/// A series of heartbeats: the time of each beat since the series started,
/// and whether a gap (missed beats, lost contact) came before it.
public final class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {
    init(unchecked start: Date, end: Date, count: Int, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        super.init(type: .heartbeat(), start: start, end: end, count: count, uuid: uuid, device: device, metadata: metadata,
                   sourceRevision: sourceRevision)
    }
}

extension HKHealthStore {
    /// Saves a series row and its beats in one transaction.
    func saveHeartbeats(_ series: HKHeartbeatSeriesSample, beats: [(time: TimeInterval, gap: Bool)], workout: UUID? = nil,
                        collected: Bool = false) async throws {
        let database = try database()
        let plan = try planSave([series], in: database, checkingSharing: !collected)
        let counter = try await database.writer.write { db -> Int64 in
            let counter = try self.insert([series], plan: plan, parent: workout, into: db, database: database)
            let statement = try db.cachedStatement(sql: "INSERT INTO heartbeat VALUES (?, ?, ?)")
            for beat in beats { try statement.execute(arguments: [series.uuid, beat.time, beat.gap]) }
            return counter
        }
        database.notifyChanged(plan.types, counter: counter)
    }
}
