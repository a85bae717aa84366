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

    /// The address with the password PostgreSQL's own clients would use when it names none: `PGPASSWORD`, else the
    /// first line of the password file (`PGPASSFILE`, else `~/.pgpass`) that matches its host, port, database and
    /// user, each field `*` for any, `\:` and `\\` escaped, as libpq reads it. A password file others can read is
    /// ignored, as libpq ignores it. So a club's password stays out of its address and off the command line.
    public func withPassword(from environment: [String: String], home: String? = nil) -> PostgresAddress {
        guard password == nil else { return self }
        var address = self
        if let given = environment["PGPASSWORD"], !given.isEmpty {
            address.password = given
            return address
        }
        guard let path = environment["PGPASSFILE"] ?? (environment["HOME"] ?? home).map({ $0 + "/.pgpass" }),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue, permissions & 0o077 == 0,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return self }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.passwordFileFields(line)
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) {
                address.password = fields[4]
                return address
            }
        }
        return self
    }

    /// A password file's line split at its unescaped colons, escapes undone.
    static func passwordFileFields(_ line: Substring) -> [String] {
        var fields = [""], escaped = false
        for character in line {
            if escaped {
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }
}
