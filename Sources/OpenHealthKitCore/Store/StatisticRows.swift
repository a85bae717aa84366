import Foundation
internal import GRDB
internal import GRDBSQLite

/// Statistics rows with the sources they refer to.
struct StatisticRows: Sendable {
    var rows: [StatisticRow]
    var sources: [HKSource]
    var ranks: [Int32: Int]
}
