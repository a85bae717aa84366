import Foundation

/// Where a PostgreSQL database is, read from a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE]` address.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's port; 5432 unless the address names one.
    public var port: Int
    /// The role to log in as.
    public var user: String
    /// The role's password, if the server asks for one.
    public var password: String?
    /// The database.
    public var database: String
    /// `sslmode=require`: TLS or no connection.
    public var requiresTLS: Bool
    /// `sslmode=prefer`: TLS when the server offers it (the default off loopback).
    public var prefersTLS: Bool

    /// Reads an address.
    ///
    /// - Throws: ``ClubDatabaseError/badAddress(_:)`` naming what is missing.
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw ClubDatabaseError.badAddress("'\(text)' is not a PostgreSQL address; write postgres://USER@HOST:PORT/DATABASE.")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ClubDatabaseError.badAddress("'\(text)' names no host; write postgres://USER@HOST:PORT/DATABASE.")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ClubDatabaseError.badAddress("'\(text)' names no user; write postgres://USER@HOST:PORT/DATABASE.")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else {
            throw ClubDatabaseError.badAddress("'\(text)' names no database; write postgres://USER@HOST:PORT/DATABASE.")
        }
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value?.lowercased()
        let loopback = ["localhost", "127.0.0.1", "::1"].contains(host.lowercased())
        switch mode {
        case "require", "verify-ca", "verify-full": requiresTLS = true; prefersTLS = true
        case "disable": requiresTLS = false; prefersTLS = false
        case "prefer", "allow": requiresTLS = false; prefersTLS = true
        case nil: requiresTLS = false; prefersTLS = !loopback
        case let other?:
            throw ClubDatabaseError.badAddress("sslmode=\(other) is not known; use disable, prefer or require.")
        }
    }

    /// The address without its password.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
