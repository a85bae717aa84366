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
            let beats = try await store.beats(of: series)
            for (index, beat) in beats.enumerated() where !isStopped {
                dataHandler(self, beat.timeSinceSeriesStart, beat.precededByGap, index == beats.count - 1, nil)
            }
        } catch {
            if !isStopped { dataHandler(self, 0, false, true, error) }
        }
    }
}

extension HKHealthStore {
    /// The beats of `series`, in order; ``HKError/Code/errorNoData`` when it has none.
    func beats(of series: HKHeartbeatSeriesSample) async throws -> [HKHeartbeatSeriesQueryDescriptor.Result] {
        let database = try database()
        let beats = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT time_since_start, preceded_by_gap FROM heartbeat WHERE series = ? ORDER BY time_since_start",
                             arguments: [series.uuid])
                .map { HKHeartbeatSeriesQueryDescriptor.Result(timeSinceSeriesStart: $0["time_since_start"], precededByGap: $0["preceded_by_gap"]) }
        }
        guard !beats.isEmpty else { throw HKError(.errorNoData, "The heartbeat series \(series.uuid) has no beats") }
        return beats
    }
}
