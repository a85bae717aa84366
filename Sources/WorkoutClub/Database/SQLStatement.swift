/// One SQL statement with its arguments, written once for both databases.
///
/// Parameters are numbered PostgreSQL's way (`$1`, `$2`, …, each usable more
/// than once); SQLite reads them as `?1`, `?2`, …. Values are only ever bound,
/// never spliced into the text, so no argument can change what a statement does.
public struct SQLStatement: Sendable {
    /// The statement's text.
    public var sql: String
    /// The values of `$1`, `$2`, … in order.
    public var arguments: [SQLValue]
    /// In a transaction: the index of an earlier statement that must have
    /// returned a row for this one to run; nil runs it always.
    public var onlyIfRowsFrom: Int?

    /// A statement with its arguments.
    public init(_ sql: String, _ arguments: [SQLValue] = [], onlyIfRowsFrom: Int? = nil) {
        self.sql = sql
        self.arguments = arguments
        self.onlyIfRowsFrom = onlyIfRowsFrom
    }
}
