/// One row a statement returned, read by column name: `row["distance"].real`.
///
/// Names are as the statement's select list gives them (the column's name, or its `AS` alias), in lower
/// case; give every computed column an alias, since SQLite and PostgreSQL name `COUNT(*)` differently.
public struct SQLRow: Sendable, Equatable {
    /// The columns' names, lower-cased, in order.
    public let columns: [String]
    /// The values, in the columns' order.
    public let values: [SQLValue]

    /// A row of `values` under `columns`.
    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns.map { $0.lowercased() }
        self.values = values
    }

    /// The value of the column named `column`.
    ///
    /// A statement without that column is a mistake in this package's SQL, not in any input: it stops with
    /// the statement's columns named.
    public subscript(_ column: String) -> SQLValue {
        guard let index = columns.firstIndex(of: column) else {
            preconditionFailure("the statement returns no column \(column); it returns \(columns.joined(separator: ", "))")
        }
        return values[index]
    }
}
