import Foundation

/// A real PostgreSQL server for tests: one cluster for the test process, made
/// with `initdb` in a temporary folder, listening on loopback only, and stopped
/// when the process exits; each test takes a database of its own.
///
/// As root (CI), the binaries run as the `postgres` user through `runuser`:
/// PostgreSQL refuses to run as root.
public final class PostgresCluster: Sendable {
    /// Where the cluster's files are.
    public let folder: String
    /// Its port on 127.0.0.1.
    public let port: Int
    private let binaries: String

    /// Whether Debian's `postgresql` is installed (Scripts/setup installs it).
    public static var isAvailable: Bool { binaryFolder != nil }

    /// The cluster, started on first use; nil when PostgreSQL is not installed or did not start.
    public static let shared: PostgresCluster? = {
        guard let binaries = binaryFolder else { return nil }
        do {
            let cluster = try PostgresCluster(binaries: binaries)
            atexit { PostgresCluster.shared?.stop() }
            return cluster
        } catch {
            FileHandle.standardError.write(Data("PostgreSQL did not start for the tests: \(error)\n".utf8))
            return nil
        }
    }()

    private static var binaryFolder: String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }

    private init(binaries: String) throws {
        self.binaries = binaries
        let folder = "/tmp/openhealthkit-postgres-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.folder = folder
        if getuid() == 0 { _ = try Spawn.run(["chown", "postgres", folder]) }
        port = try Loopback.freePort()
        let initdb = try Self.asServer(["\(binaries)/initdb", "-D", "\(folder)/data", "-A", "trust", "-U", "ohk", "--no-sync"])
        guard initdb.status == 0 else { throw SpawnError("initdb failed: \(initdb.standardError)") }
        let start = try Self.asServer(["\(binaries)/pg_ctl", "-D", "\(folder)/data", "-l", "\(folder)/log", "-w", "-t", "60", "start",
                                       "-o", "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=300"])
        guard start.status == 0 else { throw SpawnError("pg_ctl start failed: \(start.standardError)\(start.standardOutput)") }
    }

    /// A new, empty database; its address for `workout serve --database`.
    public func createDatabase() throws -> String {
        let name = "ohk_\(UUID().uuidString.prefix(8).lowercased())"
        let created = try psql("CREATE DATABASE \(name)")
        guard created.status == 0 else { throw SpawnError("CREATE DATABASE failed: \(created.standardError)") }
        return "postgres://ohk@127.0.0.1:\(port)/\(name)"
    }

    /// A role `name` that must give `password` (every other role is trusted), with a database of its own; its
    /// address without the password, for tests of a wrong one.
    public func passwordRole(_ name: String, password: String) throws -> String {
        for sql in ["CREATE ROLE \(name) LOGIN PASSWORD '\(password)'", "CREATE DATABASE \(name) OWNER \(name)"] {
            let done = try psql(sql)
            guard done.status == 0 else { throw SpawnError("\(sql) failed: \(done.standardError)") }
        }
        // Written in place (not replaced), so the file keeps its owner; the first matching line wins.
        let hba = "\(folder)/data/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8)
        try ("host all \(name) 127.0.0.1/32 scram-sha-256\n" + rules).write(toFile: hba, atomically: false, encoding: .utf8)
        let reloaded = try psql("SELECT pg_reload_conf()")
        guard reloaded.status == 0 else { throw SpawnError("pg_reload_conf failed: \(reloaded.standardError)") }
        return "postgres://\(name)@127.0.0.1:\(port)/\(name)"
    }

    /// Runs `sql` with psql in `database` (the address's last part) and returns what it printed, unaligned, without headers.
    public func psql(_ sql: String, database: String = "postgres") throws -> Spawn.Output {
        let name = database.split(separator: "/").last.map(String.init) ?? database
        return try Spawn.run(["\(binaries)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "ohk", "-d", name, "-At", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// Stops the server at once, as a crash or a power cut would.
    public func stop() {
        _ = try? Self.asServer(["\(binaries)/pg_ctl", "-D", "\(folder)/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func asServer(_ arguments: [String]) throws -> Spawn.Output {
        try Spawn.run(getuid() == 0 ? ["runuser", "-u", "postgres", "--"] + arguments : arguments)
    }
}
