import Foundation
internal import GRDB

extension HKHealthStore {
    /// Saves samples tied to a workout (by its identifier); the save's plan
    /// checks sharing once for each type.
    func saveAssociated(_ samples: [HKSample], to workout: UUID) async throws {
        try await saveRows(samples, parent: workout, database: try database())
    }

    /// Saves samples tied to a workout together with series that replace
    /// their stored versions, in one transaction: each series' row is written
    /// anew (under a new anchor, so anchored queries see it grown), and its
    /// chunks from `replacingChunksFrom` on give way to the sample's.
    func saveAssociated(_ samples: [HKSample], series: [LiveSeries.Write], to workout: UUID) async throws {
        let database = try database()
        let all = samples + series.map(\.sample)
        let plan = try planSave(all, in: database)
        guard plan.rowCount > 0 else { return }
        let counter = try await database.writer.write { db in
            for write in series {
                try db.execute(sql: "DELETE FROM object WHERE uuid = ?", arguments: [write.sample.uuid])
                if let first = write.replacingChunksFrom {
                    try db.execute(sql: "DELETE FROM quantity_series_chunk WHERE series = ? AND first >= ?", arguments: [write.sample.uuid, first])
                }
            }
            return try self.insert(all, plan: plan, parent: workout, into: db, database: database)
        }
        database.notifyChanged(plan.types, counter: counter)
    }
}
