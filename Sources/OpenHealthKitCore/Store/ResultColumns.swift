internal import GRDB

/// The columns a query selects, by name: an enum whose cases are the columns in the order the query's
/// `SELECT` lists them (``selectList`` writes that list), so rows are read by name at the cost of an index.
///
/// ```swift
/// enum BeatColumn: Int, ResultColumns {
///     case timeSinceStart, precededByGap
///     static let names = ["time_since_start", "preceded_by_gap"]
/// }
/// let time: Double = row[BeatColumn.timeSinceStart]
/// ```
protocol ResultColumns: RawRepresentable<Int>, CaseIterable {
    /// The columns' names in SQL, in the cases' order.
    static var names: [String] { get }
}

extension ResultColumns {
    /// The columns as a `SELECT` lists them, optionally qualified by `table`.
    static func selectList(table: String? = nil) -> String {
        names.map { column in table.map { "\($0).\(column)" } ?? column }.joined(separator: ", ")
    }

    /// The column's name in SQL.
    var name: String { Self.names[rawValue] }
}

extension Row {
    /// The value of `column` (an optional type reads NULL as nil).
    subscript<Value: DatabaseValueConvertible>(_ column: some ResultColumns) -> Value { self[column.rawValue] }
}
