#if Web
import Foundation
import GRDB
import OpenHealthKit
import RideUploads

/// The upload queue of `workout upload`: a SQLite file beside the store holding the connected
/// accounts (with Strava's rotated tokens) and every job, each change committed as
/// ``RideUploader`` makes it, so a killed command resumes where it was and sends no ride twice.
///
/// The file holds credentials: it is created readable by its owner only.
struct UploadQueueFile {
    let path: String
    private let database: DatabasePool

    /// The queue beside `store` (`health.sqlite` → `health.uploads.sqlite`), or at `path`.
    static func location(path: String?, store: StoreLocation) throws -> String {
        if let path { return path }
        guard case .file(let storePath) = store else {
            throw RecordingsError("The store is in memory: give the upload queue a file with --queue PATH.")
        }
        let url = URL(fileURLWithPath: storePath)
        return url.deletingPathExtension().path + ".uploads.sqlite"
    }

    /// Opens (and if need be creates) the queue at `path`.
    init(path: String) throws {
        self.path = path
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Made readable by its owner alone before SQLite opens it: its journal files take the same permissions.
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        // WAL, and a writer that waits for another: `upload status` (or a second `upload run`) reading the queue
        // while `upload` commits a job's new state must neither fail that commit nor be refused itself.
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        do {
            database = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw RecordingsError("\(path): the upload queue cannot be opened (\(error)).")
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1") { db in
            try db.execute(sql: """
                CREATE TABLE accounts (destination TEXT PRIMARY KEY, account TEXT NOT NULL);
                CREATE TABLE jobs (
                    workout TEXT NOT NULL, destination TEXT NOT NULL, job TEXT NOT NULL,
                    queued REAL NOT NULL, PRIMARY KEY (workout, destination));
                """)
        }
        try migrator.migrate(database)
    }

    /// The account connected for `destination`, if any.
    func account(for destination: UploadDestination) throws -> UploadAccount? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT account FROM accounts WHERE destination = ?", arguments: [destination.rawValue])
        }.map { try JSONDecoder().decode(UploadAccount.self, from: Data($0.utf8)) }
    }

    /// Keeps `account` (replacing the destination's last).
    func keep(_ account: UploadAccount) throws {
        let text = String(decoding: try JSONEncoder().encode(account), as: UTF8.self)
        try database.write { db in
            try db.execute(sql: "INSERT INTO accounts (destination, account) VALUES (?, ?) ON CONFLICT (destination) DO UPDATE SET account = excluded.account",
                           arguments: [account.destination.rawValue, text])
        }
    }

    /// Every job, oldest queued first.
    func jobs() throws -> [UploadJob] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT job FROM jobs ORDER BY queued, workout")
        }.map { try JSONDecoder().decode(UploadJob.self, from: Data($0.utf8)) }
    }

    /// The job sending `workout` to `destination`, if any.
    func job(_ workout: UUID, to destination: UploadDestination) throws -> UploadJob? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT job FROM jobs WHERE workout = ? AND destination = ?", arguments: [workout.uuidString, destination.rawValue])
        }.map { try JSONDecoder().decode(UploadJob.self, from: Data($0.utf8)) }
    }

    /// Keeps `job` (replacing its last state; a new job is queued at `now`).
    func keep(_ job: UploadJob, now: Date) throws {
        let text = String(decoding: try JSONEncoder().encode(job), as: UTF8.self)
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO jobs (workout, destination, job, queued) VALUES (?, ?, ?, ?)
                ON CONFLICT (workout, destination) DO UPDATE SET job = excluded.job
                """, arguments: [job.workoutID.uuidString, job.destination.rawValue, text, now.timeIntervalSince1970])
        }
    }
}
#endif
