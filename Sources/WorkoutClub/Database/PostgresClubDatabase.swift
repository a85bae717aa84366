import Foundation
import Logging
import PostgresNIO
public import ServiceLifecycle

/// The club in a PostgreSQL database, through PostgresNIO's pooled client.
///
/// A short-lived command's client runs in a task of its own from
/// ``init(address:maximumConnections:runsItsOwnClient:)`` to ``close()``; a server's
/// is its ``service``, run in the server's `ServiceGroup` beside the HTTP server,
/// which shuts both down gracefully on SIGTERM or SIGINT. Every value is bound as a
/// parameter of the extended query protocol, never written into a statement's text.
public final class PostgresClubDatabase: ClubDatabase {
    /// The dialect: PostgreSQL.
    public let dialect = SQLDialect.postgres
    /// Where the database is.
    public let address: PostgresAddress
    private let client: PostgresClient
    private let runner: Task<Void, Never>?
    private let logger = Logger(label: "openhealthkit.club.postgres")

    /// Connects to the database at `address`, keeping up to `maximumConnections` open.
    ///
    /// - Parameter runsItsOwnClient: Run the client in a task of its own until ``close()`` (a command's
    ///   few statements); false leaves it to whoever runs ``service`` (a server's `ServiceGroup`). Statements
    ///   sent before the client runs wait for it.
    public init(address: PostgresAddress, maximumConnections: Int = 20, runsItsOwnClient: Bool = true) {
        self.address = address
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password, database: address.database,
            tls: address.requiresTLS ? .require(.makeClientConfiguration()) : address.prefersTLS ? .prefer(.makeClientConfiguration()) : .disable)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(10)
        var poolLogger = Logger(label: "openhealthkit.club.postgres.pool")
        // Its warnings include one for each query sent before run() starts, which the pool then answers.
        poolLogger.logLevel = .error
        let client = PostgresClient(configuration: configuration, backgroundLogger: poolLogger)
        self.client = client
        runner = runsItsOwnClient ? Task { await client.run() } : nil
    }

    /// Connects once to the database at `address` and lets go, within `timeout`: a wrong address is told at
    /// once, in PostgreSQL's own words, instead of after the pool has tried for a minute.
    ///
    /// - Throws: ``ClubDatabaseError/unavailable(_:)`` saying what is wrong (nothing listens, the password
    ///   or the user is refused, the database does not exist, no answer) and what to do.
    public static func check(_ address: PostgresAddress, timeout: Duration = .seconds(2)) async throws {
        var configuration = try connectionConfiguration(address)
        let (seconds, attoseconds) = timeout.components
        configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        var logger = Logger(label: "openhealthkit.club.postgres.check")
        logger.logLevel = .critical
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
        } catch {
            throw ClubDatabaseError.unavailable(Self.reason(error, address: address, timeout: timeout))
        }
    }

    /// One connection's configuration for `address`, outside the pool (a check, the listener).
    static func connectionConfiguration(_ address: PostgresAddress) throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password, database: address.database,
            tls: address.requiresTLS ? .require(try .init(configuration: .makeClientConfiguration()))
                : address.prefersTLS ? .prefer(try .init(configuration: .makeClientConfiguration())) : .disable)
    }

    /// `LISTEN`s on `channel` on a connection of its own, outside the pool, for as long as the stream is read. A lost
    /// connection (the server restarted, `pg_terminate_backend`) is made again, at once and then up to every 2 s,
    /// and said with ``DatabaseNotice/lost`` at once and ``DatabaseNotice/listening`` once listening again, so readers
    /// catch up from the tables.
    public func notifications(on channel: String) -> AsyncStream<DatabaseNotice> {
        let address = address
        let logger: Logger = {
            var logger = Logger(label: "openhealthkit.club.postgres.listen")
            logger.logLevel = .critical
            return logger
        }()
        return AsyncStream(bufferingPolicy: .bufferingNewest(10_000)) { continuation in
            let task = Task {
                var wait = Duration.milliseconds(50)
                while !Task.isCancelled {
                    do {
                        let connection = try await PostgresConnection.connect(configuration: try Self.connectionConfiguration(address), id: 1, logger: logger)
                        do {
                            try await connection.listen(on: channel) { notifications in
                                continuation.yield(.listening)
                                wait = .milliseconds(50)
                                for try await notification in notifications { continuation.yield(.payload(notification.payload)) }
                            }
                        } catch {}
                        continuation.yield(.lost)
                        try? await connection.close()
                    } catch {}
                    guard !Task.isCancelled else { break }
                    try? await Task.sleep(for: wait)
                    wait = min(wait * 2, .seconds(2))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Why connecting to `address` failed, for a person, with what to do.
    static func reason(_ error: any Error, address: PostgresAddress, timeout: Duration) -> String {
        let server = "PostgreSQL at \(address.host):\(address.port)"
        if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "refused"
            switch state {
            case "28P01", "28000":
                return "\(server) refused user '\(address.user)': \(message). Check the user and password in --database "
                    + "(postgres://USER:PASSWORD@HOST:PORT/DATABASE), or that pg_hba.conf lets them in from here."
            case "3D000":
                return "\(server) has no database '\(address.database)': \(message). Create it (createdb -h \(address.host) -p \(address.port) "
                    + "-U \(address.user) \(address.database)) or give the right name in --database."
            case "53300":
                return "\(server) has no connection left: \(message). Close other clients or raise max_connections."
            default:
                return "\(server) refused the connection: \(message) [SQLSTATE \(state)]."
            }
        }
        let underlying = (error as? PSQLError)?.underlying
        let text = String(reflecting: error) + " " + (underlying.map { String(reflecting: $0) } ?? "")
        if text.contains("Connection refused") || text.contains("connectionRefused") || text.contains("ECONNREFUSED") {
            return "Nothing listens at \(address.host):\(address.port) (connection refused): start PostgreSQL there, or give the right host and port in --database."
        }
        if text.contains("connectTimeout") || text.contains("timeout") || text.contains("Timeout") {
            return "\(server) did not answer within \(timeout.components.seconds) s: check the host and port in --database, and that no firewall drops the connection."
        }
        if text.contains("resolve") || text.contains("dnsA") || text.contains("SocketAddressError") || text.contains("unknown host") || text.contains("getaddrinfo") {
            return "The host '\(address.host)' in --database cannot be found: check its name."
        }
        if let error = error as? PSQLError {
            let detail = underlying.map { "\($0)" }.map { ": \($0)" } ?? ""
            return "\(server) cannot be reached (\(error.code)\(detail)): check that it runs, listens there, and lets \(address.user) in."
        }
        return "\(server) cannot be reached: \(error.localizedDescription)."
    }

    /// The pooled client, when the database does not run it itself.
    public var service: (any Service)? { runner == nil ? client : nil }

    public func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        do {
            return try await Self.values(of: client.query(Self.query(statement), logger: logger))
        } catch {
            throw describe(error, statement: statement.sql)
        }
    }

    public func transaction(_ statements: [SQLStatement]) async throws -> [[SQLRow]] {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                var results: [[SQLRow]] = []
                for statement in statements {
                    if let dependency = statement.onlyIfRowsFrom, results[dependency].isEmpty {
                        results.append([])
                        continue
                    }
                    results.append(try await Self.values(of: connection.query(Self.query(statement), logger: logger)))
                }
                return results
            }
        } catch {
            throw describe(error, statement: "")
        }
    }

    public func close() async {
        runner?.cancel()
        await runner?.value
    }

    private static func query(_ statement: SQLStatement) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: statement.arguments.count)
        for argument in statement.arguments {
            switch argument {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            case .blob(let data): bindings.append(ByteBuffer(bytes: data))
            }
        }
        return PostgresQuery(unsafeSQL: statement.sql, binds: bindings)
    }

    private static func values(of sequence: PostgresRowSequence) async throws -> [SQLRow] {
        var rows: [SQLRow] = []
        for try await row in sequence {
            rows.append(SQLRow(columns: row.map(\.columnName), values: try row.map(value)))
        }
        return rows
    }

    private static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .numeric: return .real(Double(try cell.decode(String.self)) ?? .nan)
        case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea: return .blob(try cell.decode(Data.self))
        default: return .text(try cell.decode(String.self))
        }
    }

    private func describe(_ error: any Error, statement: String) -> ClubDatabaseError {
        guard let error = error as? PSQLError else { return .unavailable("PostgreSQL at \(address): \(error)") }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " [SQLSTATE \($0)]" } ?? ""
            return .failed(statement: statement, reason: message + state)
        }
        return .unavailable("PostgreSQL at \(address) cannot be reached (\(String(reflecting: error.code))); check that the server runs, listens there, and lets \(address.user) in.")
    }
}
