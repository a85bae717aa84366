internal import GRDB

/// The kinds of object rows.
enum ObjectKind: Int64, Sendable {
    case quantity = 1
    case category = 2
    case correlation = 3
    case workout = 4
    case stateOfMind = 5
    case route = 6
    case heartbeatSeries = 7
    /// A quantity sample whose values are in `quantity_series_chunk`; its row's
    /// value is the series' quantity and its payload the summary.
    case quantitySeries = 8
}
