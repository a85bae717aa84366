#if Web
import ArgumentParser
import Foundation
import WorkoutClub

/// `--database`: where a club server keeps its athletes and workouts.
struct ClubDatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database"), help: ArgumentHelp(
        "The club's database: postgres://USER@HOST[:PORT]/DATABASE[?sslmode=require], or sqlite:PATH for one file (else $OPENHEALTHKIT_DATABASE). "
            + "The password: in the address, else $PGPASSWORD, else the password file ($PGPASSFILE, ~/.pgpass), as PostgreSQL's own clients find it.",
        valueName: "address"))
    var databaseOption: String?

    /// The club's database: `--database`, else `$OPENHEALTHKIT_DATABASE` (how the club's service is told it, from a
    /// root-only file rather than its command line).
    var database: String? {
        databaseOption ?? ProcessInfo.processInfo.environment["OPENHEALTHKIT_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Opens the club, bringing its tables up to date.
    func openClub() async throws -> Club {
        guard let database else { throw ValidationError("Give --database postgres://USER@HOST:PORT/DATABASE (or sqlite:PATH).") }
        try await Self.check(database)
        let club = Club(database: try Self.open(database), now: { Date() })
        do {
            try await club.migrate()
        } catch {
            await club.database.close()
            throw RecordingsError("\(error)")
        }
        return club
    }

    /// Opens the club, runs `body` with it and closes it, also when `body` throws; a club's refusal reads as a command error.
    func withClub<Result>(_ body: (Club) async throws -> Result) async throws -> Result {
        let club = try await openClub()
        do {
            let result = try await body(club)
            await club.database.close()
            return result
        } catch let error as ClubError {
            await club.database.close()
            throw RecordingsError(error.description)
        } catch {
            await club.database.close()
            throw error
        }
    }

    /// The athlete named `name`, or an error saying how to add them.
    static func athlete(named name: String, in club: Club) async throws -> Athlete {
        guard let athlete = try await club.athlete(named: name) else {
            throw RecordingsError("No athlete is named '\(name)'; `workout serve users list` shows them, `workout serve users add \(name)` adds them.")
        }
        return athlete
    }

    /// The club a server serves: its database's client left for the server's `ServiceGroup` to run, its tables
    /// brought up to date by the server before it listens. A PostgreSQL address is tried first, so that a wrong one
    /// is told at once.
    func serverClub() async throws -> Club {
        guard let database else { throw ValidationError("Give --database postgres://USER@HOST:PORT/DATABASE (or sqlite:PATH).") }
        try await Self.check(database)
        return Club(database: try Self.open(database, runsItsOwnClient: false), now: { Date() })
    }

    /// Connects once to a PostgreSQL `address` (a SQLite one needs nothing), so that a wrong password, port or
    /// database name is told at once, in PostgreSQL's words, with what to do.
    static func check(_ address: String) async throws {
        let lowered = address.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else { return }
        let parsed: PostgresAddress
        do { parsed = try PostgresAddress(address).withPassword(from: ProcessInfo.processInfo.environment) } catch { throw ValidationError("\(error)") }
        do { try await PostgresClubDatabase.check(parsed) } catch { throw RecordingsError("\(error)") }
    }

    /// The database at `address`; a PostgreSQL client runs in a task of its own unless `runsItsOwnClient` is false.
    static func open(_ address: String, runsItsOwnClient: Bool = true) throws -> any ClubDatabase {
        let lowered = address.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            do {
                let parsed = try PostgresAddress(address).withPassword(from: ProcessInfo.processInfo.environment)
                return PostgresClubDatabase(address: parsed, runsItsOwnClient: runsItsOwnClient)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if lowered.hasPrefix("sqlite:") {
            let path = String(address.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw ValidationError("sqlite: needs a path: --database sqlite:club.sqlite") }
            return try SQLiteClubDatabase(path: (path as NSString).expandingTildeInPath)
        }
        throw ValidationError("'\(address)' is neither postgres://USER@HOST:PORT/DATABASE nor sqlite:PATH.")
    }
}
#endif
