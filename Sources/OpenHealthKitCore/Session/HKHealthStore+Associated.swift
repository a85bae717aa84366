import Foundation
internal import GRDB

extension HKHealthStore {
    /// Saves samples tied to a workout (by its identifier); the save's plan
    /// checks sharing once for each type, unless the samples are a data source's (`collected`).
    func saveAssociated(_ samples: [HKSample], to workout: UUID, collected: Bool = false) async throws {
        let database = try database()
        let plan = try planSave(samples, in: database, checkingSharing: !collected)
        guard plan.rowCount > 0 else { return }
        let counter = try await database.writer.write { db in try self.insert(samples, plan: plan, parent: workout, into: db, database: database) }
        database.notifyChanged(plan.types, counter: counter)
    }

    /// Saves samples tied to a workout together with series that replace
    /// their stored versions, in one transaction: each series' row is written
    /// anew (under a new anchor, so anchored queries see it grown), and its
    /// chunks from `replacingChunksFrom` on give way to the sample's.
    func saveAssociated(_ samples: [HKSample], series: [LiveSeries.Write], to workout: UUID, collected: Bool = false) async throws {
        try await saveAssociated(samples, series: series, locations: [], route: nil, to: workout, collected: collected)
    }

    /// Saves samples and series as ``saveAssociated(_:series:to:)`` does, and
    /// appends `locations` to the positions of the route being built as
    /// `route`, all in one transaction: a live workout's write is one commit.
    func saveAssociated(_ samples: [HKSample], series: [LiveSeries.Write], locations: [CLLocation], route: UUID?,
                        to workout: UUID, collected: Bool = false) async throws {
        let database = try database()
        let all = samples + series.map(\.sample)
        let plan = try planSave(all, in: database, checkingSharing: !collected)
        guard plan.rowCount > 0 || (route != nil && !locations.isEmpty) else { return }
        let counter = try await database.writer.write { db -> Int64 in
            if let route { try self.insertLocations(locations, route: route, into: db, database: database) }
            guard plan.rowCount > 0 else { return 0 }
            let statement = try db.cachedStatement(sql: "DELETE FROM object WHERE uuid = ?")
            for write in series {
                try statement.execute(arguments: [write.sample.uuid])
                if let first = write.replacingChunksFrom {
                    try db.cachedStatement(sql: "DELETE FROM quantity_series_chunk WHERE series = ? AND first >= ?")
                        .execute(arguments: [write.sample.uuid, first])
                }
            }
            return try self.insert(all, plan: plan, parent: workout, into: db, database: database)
        }
        if counter > 0 { database.notifyChanged(plan.types, counter: counter) }
    }
}
