public import ServiceLifecycle
/// The seam between the club's logic and a SQL database: the one storage
/// protocol, with an SQLite implementation (``SQLiteClubDatabase``) and a
/// PostgreSQL one (``PostgresClubDatabase``).
///
/// Statements are written once, in the SQL both databases share; ``dialect``
/// names what differs (the type of bytes, the migrations' lock). A transaction
/// is a list of statements run all or none, where a statement may depend on an
/// earlier one having returned a row: that is how a workout and its series are
/// stored at once, or not at all when it is stored already.
public protocol ClubDatabase: Sendable {
    /// Which database this is.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns its rows.
    func rows(_ statement: SQLStatement) async throws -> [SQLRow]

    /// Runs the statements in one transaction, all or none, and returns each one's
    /// rows (empty for one skipped by its `onlyIfRowsFrom`).
    func transaction(_ statements: [SQLStatement]) async throws -> [[SQLRow]]

    /// Closes the connections; the database answers nothing after.
    func close() async

    /// What other processes on the database notify on `channel` (PostgreSQL's `LISTEN`), for as long as the stream
    /// is read: each notification's payload, and ``DatabaseNotice/listening`` whenever the listener starts or
    /// starts again after losing its connection (what came meanwhile was not heard: catch up from the tables).
    /// A database that one process holds (SQLite) has no one else to hear: its stream says nothing.
    func notifications(on channel: String) -> AsyncStream<DatabaseNotice>

    /// The long-lived client a server runs beside its HTTP server, in one `ServiceGroup` that shuts both down
    /// gracefully; nil for a database that needs none (SQLite) or runs its own (a short-lived command's).
    var service: (any Service)? { get }
}

/// What a database's listener hears (``ClubDatabase/notifications(on:)``).
public enum DatabaseNotice: Sendable, Hashable {
    /// The listener listens, from now on: anything notified before may have been missed.
    case listening
    /// A notification's payload.
    case payload(String)
    /// The listener lost its connection: until ``listening`` again, notifications are missed.
    case lost
}

extension ClubDatabase {
    /// None: the database needs no service run beside it.
    public var service: (any Service)? { nil }

    /// Nothing: no other process notifies.
    public func notifications(on channel: String) -> AsyncStream<DatabaseNotice> {
        AsyncStream { continuation in continuation.yield(.listening) }
    }

    /// Runs one statement that changes the database and ignores its rows.
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) async throws {
        _ = try await rows(SQLStatement(.write, sql, arguments))
    }

    /// Runs one statement that only reads and returns its rows.
    public func read(_ sql: String, _ arguments: [SQLValue] = []) async throws -> [SQLRow] {
        try await rows(SQLStatement(.read, sql, arguments))
    }

    /// Runs one statement that changes the database and returns its rows (`RETURNING`).
    public func write(_ sql: String, _ arguments: [SQLValue] = []) async throws -> [SQLRow] {
        try await rows(SQLStatement(.write, sql, arguments))
    }
}
