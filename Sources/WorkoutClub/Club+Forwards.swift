public import Foundation
public import RideUploads

/// A ride on its way from the club to a service, with whose it is.
public struct ForwardJob: Sendable, Equatable {
    /// The job, as ``RideUploader`` moves it on.
    public var job: UploadJob
    /// The workout's athlete.
    public var athleteID: Int64
}

extension Club {
    /// Forwards each new workout of `athleteID` to `account`'s service from now on (replacing the account
    /// the athlete had there). Workouts stored before are not sent.
    public func setForward(_ account: UploadAccount, for athleteID: Int64) async throws {
        try await database.execute("""
            INSERT INTO ride_forwards (athlete_id, destination, account, updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (athlete_id, destination) DO UPDATE SET account = excluded.account, updated_at = excluded.updated_at
            """, [.integer(athleteID), .text(account.destination.rawValue), .text(try Self.json(account)), .date(now())])
    }

    /// Keeps an account a job changed (Strava's rotated tokens), unless the athlete removed it meanwhile.
    public func keepForwardAccount(_ account: UploadAccount, for athleteID: Int64) async throws {
        try await database.execute("UPDATE ride_forwards SET account = $3, updated_at = $4 WHERE athlete_id = $1 AND destination = $2",
                                   [.integer(athleteID), .text(account.destination.rawValue), .text(try Self.json(account)), .date(now())])
    }

    /// The accounts `athleteID` forwards rides to.
    public func forwards(of athleteID: Int64) async throws -> [UploadAccount] {
        try await database.read("SELECT account FROM ride_forwards WHERE athlete_id = $1 ORDER BY destination", [.integer(athleteID)])
            .compactMap { $0["account"].text.flatMap { try? JSONDecoder().decode(UploadAccount.self, from: Data($0.utf8)) } }
    }

    /// Stops forwarding `athleteID`'s rides to `destination`; the rides not yet sent there are dropped.
    /// - Returns: whether the athlete forwarded there.
    @discardableResult
    public func removeForward(_ destination: UploadDestination, of athleteID: Int64) async throws -> Bool {
        let results = try await database.transaction([
            SQLStatement("DELETE FROM ride_forwards WHERE athlete_id = $1 AND destination = $2 RETURNING destination",
                         [.integer(athleteID), .text(destination.rawValue)]),
            SQLStatement("DELETE FROM forward_jobs WHERE athlete_id = $1 AND destination = $2 AND finished = 0",
                         [.integer(athleteID), .text(destination.rawValue)]),
        ])
        return !results[0].isEmpty
    }

    /// Takes up to `limit` jobs that are due and that no server process holds, and holds them for `lease` seconds:
    /// another process asking meanwhile gets others, and a process that dies lets them go when the lease ends.
    public func claimForwardJobs(limit: Int = 10, lease: TimeInterval = 300) async throws -> [ForwardJob] {
        let at = now()
        // The claim's conditions stand in the outer WHERE too: PostgreSQL checks them again on a row another
        // transaction changed meanwhile, so two processes never both take one job.
        let rows = try await database.transaction([SQLStatement("""
            UPDATE forward_jobs SET claimed_until = $1
            WHERE finished = 0 AND next_attempt <= $2 AND (claimed_until IS NULL OR claimed_until < $2)
              AND workout_id || '/' || destination IN (
                SELECT workout_id || '/' || destination FROM forward_jobs
                WHERE finished = 0 AND next_attempt <= $2 AND (claimed_until IS NULL OR claimed_until < $2)
                ORDER BY next_attempt LIMIT $3)
            RETURNING workout_id, destination, athlete_id, job, next_attempt
            """, [.date(at.addingTimeInterval(lease)), .date(at), .integer(Int64(limit))])])[0]
        return rows.compactMap(Self.forwardJob)
    }

    /// Keeps `job` as it now stands and lets it go, for its next attempt or for good.
    public func keepForwardJob(_ job: UploadJob) async throws {
        try await database.execute("""
            UPDATE forward_jobs SET job = $3, next_attempt = $4, finished = $5, claimed_until = NULL WHERE workout_id = $1 AND destination = $2
            """, [.text(job.workoutID.uuidString), .text(job.destination.rawValue), .text(try Self.json(job)), .date(job.nextAttempt),
                  .bool(job.state.isFinished)])
    }

    /// Keeps `job` as it stands in the middle of an attempt (sent, being processed), still held.
    public func noteForwardJob(_ job: UploadJob) async throws {
        try await database.execute("UPDATE forward_jobs SET job = $3 WHERE workout_id = $1 AND destination = $2",
                                   [.text(job.workoutID.uuidString), .text(job.destination.rawValue), .text(try Self.json(job))])
    }

    /// The rides of `athleteID` forwarded or on their way, newest first, at most `limit`.
    public func forwardJobs(of athleteID: Int64, limit: Int = 100) async throws -> [ForwardJob] {
        try await database.read("""
            SELECT workout_id, destination, athlete_id, job, next_attempt FROM forward_jobs WHERE athlete_id = $1
            ORDER BY next_attempt DESC, workout_id LIMIT $2
            """, [.integer(athleteID), .integer(Int64(limit))]).compactMap(Self.forwardJob)
    }

    private static func forwardJob(_ row: SQLRow) -> ForwardJob? {
        guard let workout = row["workout_id"].text.flatMap(UUID.init(uuidString:)),
              let destination = row["destination"].text.flatMap(UploadDestination.init(rawValue:)),
              let athlete = row["athlete_id"].integer, let due = row["next_attempt"].date else { return nil }
        // A job not yet tried is only its row.
        let job = row["job"].text.flatMap { try? JSONDecoder().decode(UploadJob.self, from: Data($0.utf8)) }
            ?? UploadJob(workoutID: workout, destination: destination, now: due)
        return ForwardJob(job: job, athleteID: athlete)
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}
