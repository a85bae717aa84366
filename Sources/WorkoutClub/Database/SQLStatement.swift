/// One SQL statement with its arguments, written once for both databases.
///
/// Parameters are numbered PostgreSQL's way (`$1`, `$2`, …, each usable more
/// than once); SQLite reads them as `?1`, `?2`, …. Values are only ever bound,
/// never spliced into the text, so no argument can change what a statement does.
public struct SQLStatement: Sendable {
    /// Whether a statement only reads, so SQLite may run it beside others, or changes the database.
    public enum Kind: Sendable {
        /// Reads only (`SELECT`).
        case read
        /// Changes the database (`INSERT`, `UPDATE`, `DELETE`, schema changes), whatever it returns.
        case write
    }

    /// What the statement does.
    public var kind: Kind
    /// The statement's text.
    public var sql: String
    /// The values of `$1`, `$2`, … in order.
    public var arguments: [SQLValue]
    /// In a transaction: the index of an earlier statement that must have
    /// returned a row for this one to run; nil runs it always.
    public var onlyIfRowsFrom: Int?

    /// A statement of `kind` with its arguments.
    public init(_ kind: Kind, _ sql: String, _ arguments: [SQLValue] = [], onlyIfRowsFrom: Int? = nil) {
        self.kind = kind
        self.sql = sql
        self.arguments = arguments
        self.onlyIfRowsFrom = onlyIfRowsFrom
    }

    /// A statement that changes the database, with its arguments: what a transaction runs.
    public init(_ sql: String, _ arguments: [SQLValue] = [], onlyIfRowsFrom: Int? = nil) {
        self.init(.write, sql, arguments, onlyIfRowsFrom: onlyIfRowsFrom)
    }
}
