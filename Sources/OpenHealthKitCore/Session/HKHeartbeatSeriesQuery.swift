public import Foundation
internal import GRDB

/// Reads the beats of a heartbeat series, one call per beat.
public final class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, seconds since the series start, whether a gap preceded the beat, whether this is the last, an error.
    public typealias DataHandler = @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

    private let series: HKHeartbeatSeriesSample
    private let dataHandler: DataHandler

    /// A query for the beats of `heartbeatSeries`.
    public init(heartbeatSeries: HKHeartbeatSeriesSample, dataHandler: @escaping DataHandler) {
        self.series = heartbeatSeries
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let database = try store.database()
            let beats = try await database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT time_since_start, preceded_by_gap FROM heartbeat WHERE series = ? ORDER BY time_since_start",
                                 arguments: [self.series.uuid]).map { ($0[0] as Double, $0[1] as Bool) }
            }
            guard !beats.isEmpty else {
                if !isStopped { dataHandler(self, 0, false, true, HKError(.errorNoData, "The heartbeat series \(series.uuid) has no beats")) }
                return
            }
            for (index, beat) in beats.enumerated() where !isStopped {
                dataHandler(self, beat.0, beat.1, index == beats.count - 1, nil)
            }
        } catch {
            if !isStopped { dataHandler(self, 0, false, true, error) }
        }
    }
}
