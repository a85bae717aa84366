public import Foundation

/// Moves upload jobs on: sends a ride, asks Strava until its upload is an activity, refreshes and
/// keeps rotated tokens, and turns each failure into the job's next attempt by ``UploadRetryPolicy``.
///
/// It keeps nothing itself: every change to a job or an account goes to the `keep` closures as it
/// happens (a job is kept as `processing` before it is asked about, a rotated token before it is
/// used), so a queue that survives restarts is any store that keeps what it is given. Time comes
/// from `now` and `sleep`, so tests run it on their own clock.
public struct RideUploader: Sendable {
    /// What to do after a failure.
    public var policy: UploadRetryPolicy
    /// The wait between two questions about one Strava upload (Strava asks for 1 s or more).
    public var pollInterval: Duration
    /// Questions about one upload within one attempt, before it waits its turn again.
    public var pollsPerAttempt: Int
    /// How long after an upload whose answer was lost Strava is given to make its activity before the ride is sent
    /// again (Strava takes seconds; a ride not there by then did not arrive).
    public var lostAnswerWait: TimeInterval
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private let strava = StravaClient()
    private let intervals = IntervalsClient()

    /// Makes an uploader on the given clock.
    public init(policy: UploadRetryPolicy = .standard, pollInterval: Duration = .seconds(2), pollsPerAttempt: Int = 30,
                lostAnswerWait: TimeInterval = 120,
                now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.policy = policy
        self.pollInterval = pollInterval
        self.pollsPerAttempt = pollsPerAttempt
        self.lostAnswerWait = lostAnswerWait
        self.now = now
        self.sleep = sleep
    }

    /// What one attempt came to.
    public struct Attempt: Sendable {
        /// The job after it (also given to `keepJob`).
        public var job: UploadJob
        /// The account's credentials were refused: other jobs for it should wait for the rider.
        public var credentialsRefused: Bool
    }

    /// One attempt at `job` with `account`: the ride is made by `ride` only when it is to be sent.
    /// - Throws: what `ride`, `keepJob` or `keepAccount` throw (the job is then as last kept).
    public func attempt(
        _ job: UploadJob,
        account: UploadAccount,
        ride: () async throws -> RideUpload,
        keepJob: (UploadJob) async throws -> Void,
        keepAccount: (UploadAccount) async throws -> Void
    ) async throws -> Attempt {
        var job = job
        do {
            switch account {
            case .intervals(let intervalsAccount):
                let upload = try await ride()
                // An earlier answer was lost: intervals.icu is asked first, and the ride sent only if it is not there.
                if case .sending = job.state, let activity = try await Self.found({
                    try await intervals.activity(of: upload, account: intervalsAccount, now: now())
                }) {
                    job.state = .done(activityID: activity, duplicate: false)
                } else {
                    job.state = .sending(since: now())
                    try await keepJob(job)
                    let activity = try await intervals.upload(upload, account: intervalsAccount, now: now())
                    job.state = .done(activityID: activity, duplicate: false)
                }
            case .strava(let stravaAccount):
                try await attemptStrava(&job, account: stravaAccount, ride: ride, keepJob: keepJob, keepAccount: keepAccount)
            }
            if job.state.isFinished { job.lastProblem = nil }
            try await keepJob(job)
            return Attempt(job: job, credentialsRefused: false)
        } catch let problem as UploadProblem {
            // Only an upload without an answer leaves the service maybe holding the ride; one it refused (a rate
            // limit, a failure, a refused token) did not arrive, and is simply sent again.
            if case .sending = job.state, !problem.leavesTheRideInDoubt { job.state = .queued }
            job = policy.after(problem, job, now: now())
            try await keepJob(job)
            if case .credentialsRefused = problem { return Attempt(job: job, credentialsRefused: true) }
            return Attempt(job: job, credentialsRefused: false)
        }
    }

    /// What a lookup found: a service that will not list activities (a refusal other than of the credentials) is as
    /// good as one that has not got the ride, whose duplicate check is then the last word.
    private static func found(_ lookup: () async throws -> String?) async throws -> String? {
        do {
            return try await lookup()
        } catch UploadProblem.rejected {
            return nil
        }
    }

    private func attemptStrava(
        _ job: inout UploadJob, account: StravaAccount, ride: () async throws -> RideUpload,
        keepJob: (UploadJob) async throws -> Void, keepAccount: (UploadAccount) async throws -> Void
    ) async throws {
        var account = account
        var refreshed = false
        var forced = false
        // A token good for a minute more, else a refreshed one, kept before it is used: Strava rotates refresh tokens.
        func token(force: Bool = false) async throws -> String {
            if !force, let usable = account.usableToken(at: now()) { return usable }
            // A token just given is used for this attempt, however short its life.
            if !force, refreshed, let fresh = account.accessToken { return fresh }
            account = try await strava.refresh(account, now: now())
            refreshed = true
            try await keepAccount(.strava(account))
            return account.accessToken ?? ""
        }
        // One call, again with a refreshed token if Strava refuses one it had not said was expired.
        func authorized<T>(_ call: (String) async throws(UploadProblem) -> T) async throws -> T {
            do {
                return try await call(try await token())
            } catch UploadProblem.credentialsRefused where !forced {
                forced = true
                return try await call(try await token(force: true))
            }
        }
        var status: StravaClient.UploadStatus
        switch job.state {
        case .queued, .sending:
            let upload = try await ride()
            if case .sending(let since) = job.state {
                // The answer to an upload was lost: Strava may have the ride, or be making it. Asked by the ride's
                // external id first; sent again only once Strava has had time to make it and has not.
                if let activity = try await Self.found({
                    try await authorized { token throws(UploadProblem) in try await strava.activity(of: upload, token: token, server: account.server, now: now()) }
                }) {
                    job.state = .done(activityID: activity, duplicate: false)
                    return
                }
                let settled = since.addingTimeInterval(lostAnswerWait)
                if now() < settled {
                    job.nextAttempt = settled
                    job.lastProblem = "the answer to its upload was lost; Strava is asked again for it at \(settled) before it is sent again"
                    return
                }
            }
            job.state = .sending(since: now())
            try await keepJob(job)
            status = try await authorized { token throws(UploadProblem) in try await strava.upload(upload, token: token, server: account.server, now: now()) }
        case .processing(let uploadID):
            status = .processing(uploadID: uploadID)
        case .done, .failed:
            return
        }
        var asked = 0
        while true {
            switch status {
            case .ready(let activity):
                job.state = .done(activityID: activity, duplicate: false)
                return
            case .duplicate(let activity):
                job.state = .done(activityID: activity, duplicate: true)
                return
            case .failed(let reason):
                job.state = .failed(reason: "Strava could not make an activity of it: \(reason)")
                return
            case .processing(let uploadID):
                if job.state != .processing(uploadID: uploadID) {
                    job.state = .processing(uploadID: uploadID)
                    try await keepJob(job)
                }
                guard asked < pollsPerAttempt else {
                    job.attempts += 1
                    job.lastProblem = "Strava was still processing upload \(uploadID) after \(asked) questions"
                    if job.attempts >= policy.attempts {
                        job.state = .failed(reason: job.lastProblem!)
                    } else {
                        job.nextAttempt = now().addingTimeInterval(policy.firstWait)
                    }
                    return
                }
                try await sleep(pollInterval)
                asked += 1
                status = try await authorized { token throws(UploadProblem) in try await strava.status(of: uploadID, token: token, server: account.server, now: now()) }
            }
        }
    }
}
