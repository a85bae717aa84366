import Foundation
internal import GRDB
import Synchronization

/// The SQLite database behind every ``HKHealthStore`` with the same location.
///
/// One instance exists per location per process, so every store object in the
/// process shares its connections, caches and change notifications. Other
/// processes see the same file through SQLite's WAL; a poller turns their
/// writes into change notifications for long-running queries.
final class StoreDatabase: Sendable {
    let location: StoreLocation
    let writer: any DatabaseWriter
    private let state = Mutex(State())
    private let poller = Mutex<Task<Void, Never>?>(nil)
    /// The encoders of live routes' last chunks.
    let routeTails = RouteTails()

    private struct State {
        var typeIDs: [String: Int64] = [:]
        var typeNames: [Int64: String] = [:]
        var sourceIDs: [HKSourceRevision: Int64] = [:]
        var sources: [Int64: HKSourceRevision] = [:]
        var observers: [UUID: @Sendable (Set<String>?) -> Void] = [:]
        var lastSeenCounter: Int64 = -1
    }

    private static let registry = Mutex<[StoreLocation: StoreDatabase]>([:])

    /// The database at `location`, opened (and created) on first use.
    static func shared(at location: StoreLocation) throws(HKError) -> StoreDatabase {
        do {
            return try registry.withLock { opened in
                if let existing = opened[location] { return existing }
                let database = try StoreDatabase(location: location)
                opened[location] = database
                return database
            }
        } catch let error as HKError {
            throw error
        } catch {
            throw HKError(.errorDatabaseInaccessible, "Cannot open the health store at \(location): \(error). Check that the folder is writable, or set OPENHEALTHKIT_STORE to another path (\":memory:\" for none).")
        }
    }

    private init(location: StoreLocation) throws {
        self.location = location
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.label = "OpenHealthKit"
        switch location {
        case .inMemory:
            writer = try DatabaseQueue(configuration: configuration)
        case .file(let path):
            try Self.prepareFile(at: path)
            configuration.prepareDatabase { db in
                // NORMAL in WAL mode loses no committed transaction on a process crash;
                // a power cut may lose the last ones but never corrupts the file.
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // 8 MB of page cache: reads go through the mapping below, and a
                // day-long recording must not grow the process by the file's size.
                try db.execute(sql: "PRAGMA cache_size = -8192")
                // Reads map the file instead of copying pages: faster scans for statistics.
                try db.execute(sql: "PRAGMA mmap_size = 1073741824")
            }
            writer = try Self.whileAnotherProcessCreatesIt { try DatabasePool(path: path, configuration: configuration) }
        }
        let writer = self.writer
        try Self.whileAnotherProcessCreatesIt { try StoreSchema.migrator.migrate(writer) }
    }

    /// Runs `body` again while another process is creating or migrating the
    /// same new store: its switch to WAL and each migration hold SQLite's own
    /// locks, but GRDB's migrator checks which migrations are applied before
    /// it takes the lock, so a process that waited for another's migration
    /// finds the table made (or the migration recorded) and must look again.
    /// Each migration is one transaction, so nothing is ever half done.
    private static func whileAnotherProcessCreatesIt<T>(_ body: () throws -> T) throws -> T {
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where attempt < 50 && Self.isAnotherProcessCreating(error) {
                attempt += 1
                // Waits counted in attempts, so no clock is read: 10–60 ms, spread so racers do not meet again.
                usleep(UInt32(10_000 + Int.random(in: 0..<50_000)))
            }
        }
    }

    private static func isAnotherProcessCreating(_ error: DatabaseError) -> Bool {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: true
        case .SQLITE_CONSTRAINT: (error.sql ?? "").contains("grdb_migrations")
        case .SQLITE_ERROR: (error.message ?? "").contains("already exists")
        default: false
        }
    }

    /// Creates the folder (0700) and an empty database file (0600) before SQLite
    /// opens it, so the file never exists with wider permissions. SQLite gives
    /// its `-wal` and `-shm` files the database file's mode.
    private static func prepareFile(at path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw HKError(.errorDatabaseInaccessible, "Cannot create the health store file \(path): \(reason). Check the folder's permissions, or set OPENHEALTHKIT_STORE to another path.")
        }
        close(descriptor)
    }

    // MARK: Interning

    /// The row id of a type identifier, creating it inside a write.
    func typeID(_ identifier: String, in db: Database) throws -> Int64 {
        if let id = state.withLock({ $0.typeIDs[identifier] }) { return id }
        try db.execute(sql: "INSERT OR IGNORE INTO data_type (identifier) VALUES (?)", arguments: [identifier])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM data_type WHERE identifier = ?", arguments: [identifier])!
        state.withLock { $0.typeIDs[identifier] = id; $0.typeNames[id] = identifier }
        return id
    }

    /// The row id of a type identifier if it was ever stored.
    func existingTypeID(_ identifier: String, in db: Database) throws -> Int64? {
        if let id = state.withLock({ $0.typeIDs[identifier] }) { return id }
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM data_type WHERE identifier = ?", arguments: [identifier]) else { return nil }
        state.withLock { $0.typeIDs[identifier] = id; $0.typeNames[id] = identifier }
        return id
    }

    func typeName(_ id: Int64, in db: Database) throws -> String? {
        if let name = state.withLock({ $0.typeNames[id] }) { return name }
        guard let name = try String.fetchOne(db, sql: "SELECT identifier FROM data_type WHERE id = ?", arguments: [id]) else { return nil }
        state.withLock { $0.typeIDs[name] = id; $0.typeNames[id] = name }
        return name
    }

    /// The row id of a source revision, creating it inside a write.
    func sourceID(_ revision: HKSourceRevision, in db: Database) throws -> Int64 {
        if let id = state.withLock({ $0.sourceIDs[revision] }) { return id }
        let arguments: StatementArguments = [revision.source.bundleIdentifier, revision.source.name, revision.version ?? "",
                                             revision.productType ?? "", revision.operatingSystemVersionString ?? ""]
        try db.execute(sql: "INSERT OR IGNORE INTO source (bundle, name, version, product, os) VALUES (?, ?, ?, ?, ?)", arguments: arguments)
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM source WHERE bundle = ? AND name = ? AND version = ? AND product = ? AND os = ?", arguments: arguments)!
        state.withLock { $0.sourceIDs[revision] = id; $0.sources[id] = revision }
        return id
    }

    /// Every source revision, by row id.
    func allSources(in db: Database) throws -> [Int64: HKSourceRevision] {
        var result: [Int64: HKSourceRevision] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, bundle, name, version, product, os FROM source") {
            let version: String = row["version"], product: String = row["product"], os: String = row["os"]
            result[row["id"]] = HKSourceRevision(source: HKSource(name: row["name"], bundleIdentifier: row["bundle"]),
                                              version: version.isEmpty ? nil : version,
                                              productType: product.isEmpty ? nil : product,
                                              operatingSystemVersionString: os.isEmpty ? nil : os)
        }
        state.withLock { s in
            for (id, revision) in result { s.sources[id] = revision; s.sourceIDs[revision] = id }
        }
        return result
    }

    func source(_ id: Int64, in db: Database) throws -> HKSourceRevision {
        if let revision = state.withLock({ $0.sources[id] }) { return revision }
        return try allSources(in: db)[id] ?? .current
    }

    /// Reserves `count` consecutive anchors and returns the first.
    func reserveAnchors(_ count: Int, in db: Database) throws -> Int64 {
        let last = try Int64.fetchOne(db, sql: "UPDATE change_counter SET value = value + ? WHERE id = 1 RETURNING value", arguments: [count])!
        return last - Int64(count) + 1
    }

    // MARK: Change notification

    /// Registers a callback for changes; it receives the changed type
    /// identifiers, or `nil` when another process changed the store.
    func addObserver(_ callback: @escaping @Sendable (Set<String>?) -> Void) -> UUID {
        let id = UUID()
        state.withLock { $0.observers[id] = callback }
        startPollingIfNeeded()
        return id
    }

    func removeObserver(_ id: UUID) {
        let empty = state.withLock { s in
            s.observers[id] = nil
            return s.observers.isEmpty
        }
        if empty { poller.withLock { $0?.cancel(); $0 = nil } }
    }

    /// Tells observers that this process changed objects of `types`.
    func notifyChanged(_ types: Set<String>, counter: Int64) {
        let callbacks = state.withLock { s -> [@Sendable (Set<String>?) -> Void] in
            s.lastSeenCounter = max(s.lastSeenCounter, counter)
            return Array(s.observers.values)
        }
        for callback in callbacks { callback(types) }
    }

    private func startPollingIfNeeded() {
        guard case .file = location else { return }
        poller.withLock { task in
            guard task == nil else { return }
            task = Task.detached { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    self?.pollForForeignChanges()
                }
            }
        }
    }

    private func pollForForeignChanges() {
        guard let counter = try? writer.read({ try Int64.fetchOne($0, sql: "SELECT value FROM change_counter") ?? 0 }) else { return }
        let callbacks = state.withLock { s -> [@Sendable (Set<String>?) -> Void] in
            if s.lastSeenCounter == -1 { s.lastSeenCounter = counter; return [] }
            guard counter > s.lastSeenCounter else { return [] }
            s.lastSeenCounter = counter
            return Array(s.observers.values)
        }
        for callback in callbacks { callback(nil) }
    }
}

extension StoreDatabase {
    /// Moves what the write-ahead log holds into the file and empties the log,
    /// so the file alone holds the store (a tool does it before it exits).
    /// Readers in other processes may keep it from finishing: it then does
    /// what it can, and SQLite finishes the work later.
    func checkpoint() async {
        guard let pool = writer as? DatabasePool else { return }
        _ = try? await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
