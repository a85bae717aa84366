/// What differs between the two databases in the club's SQL.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// SQLite 3.35 or later (for `RETURNING`).
    case sqlite
    /// PostgreSQL 12 or later.
    case postgres

    /// The column type of bytes.
    var blob: String { self == .sqlite ? "BLOB" : "BYTEA" }
    /// The column type of doubles.
    var double: String { self == .sqlite ? "REAL" : "DOUBLE PRECISION" }
    /// The column type of 64-bit integers.
    var integer: String { self == .sqlite ? "INTEGER" : "BIGINT" }
    /// An integer key the database numbers itself.
    var serialKey: String { self == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY" }
}
