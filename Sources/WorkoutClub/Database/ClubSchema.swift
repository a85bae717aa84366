public import Foundation

/// The club's tables, as numbered migrations applied in order and recorded in
/// `club_migrations`; a database is brought up to date when the server opens it.
///
/// A migration once released is never changed: a change to the schema is a new
/// migration at the end of ``migrations``.
public enum ClubSchema {
    /// One step of the schema.
    public struct Migration: Sendable {
        /// Its number: 1, 2, …
        public var version: Int
        /// What it does, in a few words.
        public var name: String
        /// Its statements in `dialect`.
        public var statements: @Sendable (SQLDialect) -> [String]
    }

    /// Every migration, oldest first.
    public static let migrations: [Migration] = [
        Migration(version: 1, name: "athletes, tokens, sessions, groups and workouts with their series, laps and events") { d in
            [
                """
                CREATE TABLE athletes (
                    id \(d.serialKey),
                    name TEXT NOT NULL UNIQUE,
                    password_hash TEXT NOT NULL,
                    is_admin \(d.integer) NOT NULL DEFAULT 0,
                    created_at \(d.double) NOT NULL)
                """,
                """
                CREATE TABLE api_tokens (
                    id \(d.serialKey),
                    athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                    label TEXT NOT NULL,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at \(d.double) NOT NULL,
                    expires_at \(d.double),
                    revoked_at \(d.double))
                """,
                "CREATE INDEX api_tokens_athlete ON api_tokens(athlete_id)",
                """
                CREATE TABLE web_sessions (
                    id_hash TEXT PRIMARY KEY,
                    athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                    csrf_token TEXT NOT NULL,
                    created_at \(d.double) NOT NULL,
                    expires_at \(d.double) NOT NULL)
                """,
                """
                CREATE TABLE athlete_groups (
                    id \(d.serialKey),
                    name TEXT NOT NULL UNIQUE,
                    created_at \(d.double) NOT NULL)
                """,
                """
                CREATE TABLE group_members (
                    group_id \(d.integer) NOT NULL REFERENCES athlete_groups(id) ON DELETE CASCADE,
                    athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                    role TEXT NOT NULL,
                    shares_workouts \(d.integer) NOT NULL DEFAULT 0,
                    PRIMARY KEY (group_id, athlete_id))
                """,
                "CREATE INDEX group_members_athlete ON group_members(athlete_id)",
                """
                CREATE TABLE workouts (
                    id TEXT PRIMARY KEY,
                    athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                    activity TEXT NOT NULL,
                    start_time \(d.double) NOT NULL,
                    end_time \(d.double) NOT NULL,
                    duration \(d.double) NOT NULL,
                    distance \(d.double),
                    energy \(d.double),
                    average_heart_rate \(d.double),
                    pauses \(d.integer) NOT NULL,
                    record_count \(d.integer) NOT NULL,
                    facts TEXT NOT NULL,
                    received_at \(d.double) NOT NULL)
                """,
                "CREATE INDEX workouts_athlete_start ON workouts(athlete_id, start_time)",
                "CREATE INDEX workouts_start ON workouts(start_time)",
                """
                CREATE TABLE workout_series (
                    workout_id TEXT NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    sample_count \(d.integer) NOT NULL,
                    samples \(d.blob) NOT NULL,
                    PRIMARY KEY (workout_id, kind))
                """,
                """
                CREATE TABLE workout_laps (
                    workout_id TEXT NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                    lap_index \(d.integer) NOT NULL,
                    start_time \(d.double) NOT NULL,
                    elapsed \(d.double) NOT NULL,
                    timer \(d.double) NOT NULL,
                    distance \(d.double),
                    average_heart_rate \(d.double),
                    maximum_heart_rate \(d.double),
                    average_speed \(d.double),
                    average_power \(d.double),
                    lap_trigger TEXT NOT NULL,
                    PRIMARY KEY (workout_id, lap_index))
                """,
                """
                CREATE TABLE workout_events (
                    workout_id TEXT NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                    event_index \(d.integer) NOT NULL,
                    kind TEXT NOT NULL,
                    event_time \(d.double) NOT NULL,
                    automatic \(d.integer) NOT NULL,
                    PRIMARY KEY (workout_id, event_index))
                """,
            ]
        },
        Migration(version: 2, name: "a multisport workout's legs") { _ in
            // The activities of a multisport workout's legs in order, as a JSON array of strings; NULL for one activity.
            ["ALTER TABLE workouts ADD COLUMN legs TEXT"]
        },
        Migration(version: 3, name: "a workout's training stress") { d in
            // TSS, else TRIMP (RideMetrics.stress), computed from the workout and its athlete's figures when it is stored;
            // NULL for a workout without power or a heart-rate reserve, and for those stored before this version.
            ["ALTER TABLE workouts ADD COLUMN stress \(d.double)"]
        },
        Migration(version: 4, name: "which workouts' training stress has been computed") { d in
            // 1 once the stress was computed (stored with it since version 3, even when it is NULL: no power and no
            // heart-rate reserve); 0 for a workout stored before version 3, which ``Club/computeMissingFigures(batch:)`` fills in.
            ["ALTER TABLE workouts ADD COLUMN stress_known \(d.integer) NOT NULL DEFAULT 0",
             "UPDATE workouts SET stress_known = 1 WHERE stress IS NOT NULL"]
        },
        Migration(version: 5, name: "a workout's best efforts") { _ in
            // WorkoutEfforts.metadataValue, computed when it is stored ('' when it has none); NULL for a workout stored before
            // this version, which ``Club/computeMissingFigures(batch:)`` fills in.
            ["ALTER TABLE workouts ADD COLUMN efforts TEXT"]
        },
        Migration(version: 6, name: "who may see a workout") { _ in
            // WorkoutVisibility: 'private', 'club' (its athlete's groups, as they share; the default) or 'public'; a public
            // workout's share_token is the unguessable part of its link, /shared/{token}, NULL otherwise.
            ["ALTER TABLE workouts ADD COLUMN visibility TEXT NOT NULL DEFAULT 'club'",
             "ALTER TABLE workouts ADD COLUMN share_token TEXT",
             "CREATE UNIQUE INDEX workouts_share_token ON workouts (share_token)"]
        },
        Migration(version: 7, name: "invitations and password resets") { d in
            // One-time links an admin gives: /welcome/{token}, where the athlete sets their password. Only the token's
            // SHA-256 is kept, as for API tokens; used_at is set when it is used, and it is refused after expires_at.
            ["""
             CREATE TABLE account_links (
                 token_hash TEXT PRIMARY KEY,
                 athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                 purpose TEXT NOT NULL,
                 created_at \(d.double) NOT NULL,
                 expires_at \(d.double) NOT NULL,
                 used_at \(d.double))
             """]
        },
        Migration(version: 8, name: "closed accounts") { d in
            // When an admin removed the athlete from the club keeping their workouts: the account no longer logs in and its
            // tokens, sessions and links are gone, but its workouts stay where they were shared. NULL for an open account.
            ["ALTER TABLE athletes ADD COLUMN closed_at \(d.double)"]
        },
        Migration(version: 9, name: "wrong passwords and lockouts, shared by every server process") { d in
            // A row per wrong password within the throttle's window, and per name locked out (with how many times,
            // for the next lockout's length): every process on the database counts the same tries.
            ["CREATE TABLE login_failures (name TEXT NOT NULL, failed_at \(d.double) NOT NULL)",
             "CREATE INDEX login_failures_name ON login_failures (name)",
             "CREATE INDEX login_failures_failed_at ON login_failures (failed_at)",
             "CREATE TABLE login_lockouts (name TEXT PRIMARY KEY, lockouts \(d.integer) NOT NULL, locked_until \(d.double) NOT NULL)"]
        },
        Migration(version: 10, name: "live sessions and their points") { d in
            // A recording on the road, as its recorder sends it: each point a numbered snapshot (JSON), kept in order by its
            // sequence, so a follower on any server process fills what it missed from here.
            ["""
             CREATE TABLE live_sessions (
                 id TEXT PRIMARY KEY,
                 athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                 started_at \(d.double) NOT NULL,
                 updated_at \(d.double) NOT NULL,
                 ended_at \(d.double))
             """,
             """
             CREATE TABLE live_points (
                 session_id TEXT NOT NULL REFERENCES live_sessions(id) ON DELETE CASCADE,
                 sequence \(d.integer) NOT NULL,
                 received_at \(d.double) NOT NULL,
                 body TEXT NOT NULL,
                 PRIMARY KEY (session_id, sequence))
             """]
        },
        Migration(version: 11, name: "links that share a live session") { d in
            // Only the token's SHA-256 is kept, as for API tokens; a link stops at expires_at, or when revoked.
            ["""
             CREATE TABLE live_shares (
                 token_hash TEXT PRIMARY KEY,
                 session_id TEXT NOT NULL REFERENCES live_sessions(id) ON DELETE CASCADE,
                 created_at \(d.double) NOT NULL,
                 expires_at \(d.double) NOT NULL,
                 revoked_at \(d.double))
             """]
        },
        Migration(version: 12, name: "rides forwarded to Strava and intervals.icu") { d in
            // An athlete's accounts (JSON, with Strava's rotated tokens), and a job per new workout and account: its
            // state as RideUploads keeps it (NULL until its first attempt), when it is due, and until when a server
            // process holds it, so several processes share the queue and none sends a ride another is sending.
            ["""
             CREATE TABLE ride_forwards (
                 athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                 destination TEXT NOT NULL,
                 account TEXT NOT NULL,
                 updated_at \(d.double) NOT NULL,
                 PRIMARY KEY (athlete_id, destination))
             """,
             """
             CREATE TABLE forward_jobs (
                 workout_id TEXT NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                 destination TEXT NOT NULL,
                 athlete_id \(d.integer) NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                 job TEXT,
                 next_attempt \(d.double) NOT NULL,
                 finished \(d.integer) NOT NULL DEFAULT 0,
                 claimed_until \(d.double),
                 PRIMARY KEY (workout_id, destination))
             """,
             "CREATE INDEX forward_jobs_due ON forward_jobs (finished, next_attempt)"]
        },
        Migration(version: 13, name: "safety alerts of live sessions, privacy zones of their share links, and where each rider is") { d in
            // Where a rider last moved 50 m from (the anchor) and when; an athlete's alert settings; and each alert raised,
            // once per session and kind while it is open (the partial unique index), with when its raising and its
            // clearing were announced, so that of several server processes one announces each.
            ["ALTER TABLE live_sessions ADD COLUMN anchor_latitude \(d.double)",
             "ALTER TABLE live_sessions ADD COLUMN anchor_longitude \(d.double)",
             "ALTER TABLE live_sessions ADD COLUMN moved_at \(d.double)",
             """
             CREATE TABLE safety_settings (
                 athlete_id \(d.integer) PRIMARY KEY REFERENCES athletes(id) ON DELETE CASCADE,
                 still_minutes \(d.double) NOT NULL,
                 silent_minutes \(d.double) NOT NULL,
                 webhook TEXT)
             """,
             """
             CREATE TABLE live_alerts (
                 session_id TEXT NOT NULL REFERENCES live_sessions(id) ON DELETE CASCADE,
                 kind TEXT NOT NULL,
                 since \(d.double) NOT NULL,
                 raised_at \(d.double) NOT NULL,
                 cleared_at \(d.double),
                 raise_announced_at \(d.double),
                 clear_announced_at \(d.double))
             """,
             "CREATE UNIQUE INDEX live_alerts_open ON live_alerts (session_id, kind) WHERE cleared_at IS NULL",
             // A share link's privacy zone: the positions within this many metres of the start (and, once the session
             // has ended, of its finish) are not shown to the link's followers. NULL hides nothing.
             "ALTER TABLE live_shares ADD COLUMN privacy_meters \(d.double)",
             // Where a session's rider was last, for the club's map of everyone riding now.
             "ALTER TABLE live_sessions ADD COLUMN last_latitude \(d.double)",
             "ALTER TABLE live_sessions ADD COLUMN last_longitude \(d.double)"]
        },
        Migration(version: 14, name: "a secret for each rider's webhook, that the club signs its posts with") { _ in
            ["ALTER TABLE safety_settings ADD COLUMN webhook_secret TEXT"]
        },
        Migration(version: 15, name: "a multisport workout's best efforts, leg by leg") { _ in
            // Each leg's efforts belong to its own sport (WorkoutEfforts.legs, `cycling: d10000=… / running: …`): a multisport
            // workout's efforts kept as one workout's are computed again by ``Club/computeMissingFigures(batch:)``.
            ["UPDATE workouts SET efforts = NULL WHERE legs IS NOT NULL AND efforts IS NOT NULL AND efforts NOT LIKE '%:%'"]
        },
    ]

    /// The newest version.
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings `database` up to date and returns the versions applied now.
    ///
    /// Each migration runs in a transaction of its own with its row in
    /// `club_migrations`, so two servers opening a new database at once apply it
    /// once: the second's insert of the version finds it there and skips the rest
    /// (on PostgreSQL it waits behind an advisory lock for the first to commit).
    @discardableResult
    public static func migrate(_ database: any ClubDatabase, at now: Date) async throws -> [Int] {
        let d = database.dialect
        // Behind the lock too: two servers creating the table at once collide in PostgreSQL's catalogue.
        _ = try await database.transaction((d == .postgres ? [SQLStatement("SELECT pg_advisory_xact_lock(4242001)")] : []) + [SQLStatement("""
            CREATE TABLE IF NOT EXISTS club_migrations (
                version \(d.integer) PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at \(d.double) NOT NULL)
            """)])
        let applied = Set(try await database.read("SELECT version FROM club_migrations").compactMap { $0["version"].integer })
        if let newest = applied.max(), newest > latestVersion {
            throw ClubDatabaseError.unavailable("The club's database is at schema version \(newest), newer than this program's \(latestVersion); run a newer workout.")
        }
        var done: [Int] = []
        for migration in migrations where !applied.contains(Int64(migration.version)) {
            var statements: [SQLStatement] = []
            if d == .postgres { statements.append(SQLStatement("SELECT pg_advisory_xact_lock(4242001)")) }
            let marker = statements.count
            statements.append(SQLStatement(
                "INSERT INTO club_migrations (version, name, applied_at) VALUES ($1, $2, $3) ON CONFLICT (version) DO NOTHING RETURNING version",
                [.integer(Int64(migration.version)), .text(migration.name), .date(now)]))
            statements += migration.statements(d).map { SQLStatement($0, onlyIfRowsFrom: marker) }
            let results = try await database.transaction(statements)
            if !results[marker].isEmpty { done.append(migration.version) }
        }
        return done
    }
}
