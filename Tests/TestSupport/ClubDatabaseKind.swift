import Foundation

/// The two databases a club runs on, for tests that run the same checks on each:
/// an SQLite file, and a database of its own in the test process's real PostgreSQL.
public enum ClubDatabaseKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    /// SQLite always; PostgreSQL where it is installed (a test of each suite says when it is not).
    public static var available: [ClubDatabaseKind] { PostgresCluster.isAvailable ? allCases : [.sqlite] }

    /// A new, empty database's address, as `workout serve --database` takes it.
    public func address() throws -> String {
        switch self {
        case .sqlite:
            return "sqlite:" + Scratch.url("club", extension: "sqlite").path
        case .postgres:
            guard let cluster = PostgresCluster.shared else { throw SpawnError("PostgreSQL is installed but its cluster did not start") }
            return try cluster.createDatabase()
        }
    }
}
