import Foundation
internal import GRDB
internal import GRDBSQLite

/// A sample made of a series of data: a route's positions, a heartbeat series' beats.
public class HKSeriesSample: HKSample, @unchecked Sendable {
    /// How many items the series holds.
    public let count: Int

    init(type: HKSeriesType, start: Date, end: Date, count: Int, uuid: UUID, device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision) {
        self.count = count
        super.init(type: type, start: start, end: end, uuid: uuid, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }
}
