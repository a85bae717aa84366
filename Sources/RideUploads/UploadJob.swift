public import Foundation

/// One ride on its way to one service: the queue's unit, as plain values, so any store can keep it
/// (the `workout upload` queue file, the club's database) and ``RideUploader`` moves it on.
public struct UploadJob: Sendable, Equatable, Codable {
    /// Where the job stands.
    public enum State: Sendable, Equatable, Codable {
        /// Waiting for its next attempt.
        case queued
        /// Being sent since this moment, its answer not yet heard: the service may have it. Before it is sent again,
        /// the service is asked for an activity with the ride's external id, so that a lost answer does not make
        /// the ride twice.
        case sending(since: Date)
        /// Sent; the service is processing it under this upload id (Strava), to be asked again.
        case processing(uploadID: String)
        /// On the service as this activity; `duplicate` when the service already had it.
        case done(activityID: String, duplicate: Bool)
        /// Given up: the service refused it for good, or every attempt failed.
        case failed(reason: String)

        /// Whether nothing more will happen to the job.
        public var isFinished: Bool {
            switch self {
            case .done, .failed: true
            case .queued, .sending, .processing: false
            }
        }
    }

    /// The workout sent.
    public var workoutID: UUID
    /// The service.
    public var destination: UploadDestination
    /// Where the job stands.
    public var state: State
    /// Attempts that failed so far.
    public var attempts: Int
    /// When the next attempt is due.
    public var nextAttempt: Date
    /// What went wrong last, for a person.
    public var lastProblem: String?

    /// A new job, due at `now`.
    public init(workoutID: UUID, destination: UploadDestination, now: Date) {
        self.workoutID = workoutID
        self.destination = destination
        self.state = .queued
        self.attempts = 0
        self.nextAttempt = now
        self.lastProblem = nil
    }

    /// Whether an attempt is due at `now`.
    public func isDue(at now: Date) -> Bool { !state.isFinished && nextAttempt <= now }
}

/// How long a job waits after a failed attempt, and when it gives up: 30 s, doubling, at most an
/// hour apart, ten attempts (about five hours in all).
public struct UploadRetryPolicy: Sendable {
    /// The wait after the first failure.
    public var firstWait: TimeInterval
    /// The longest wait.
    public var longestWait: TimeInterval
    /// Attempts before giving up.
    public var attempts: Int

    /// The policy above.
    public static let standard = UploadRetryPolicy(firstWait: 30, longestWait: 3_600, attempts: 10)

    /// Makes a policy.
    public init(firstWait: TimeInterval, longestWait: TimeInterval, attempts: Int) {
        self.firstWait = firstWait
        self.longestWait = longestWait
        self.attempts = attempts
    }

    /// `job` after an attempt that failed with `problem` at `now`.
    public func after(_ problem: UploadProblem, _ job: UploadJob, now: Date) -> UploadJob {
        var job = job
        job.lastProblem = problem.description
        switch problem {
        case .rejected(let reason):
            job.state = .failed(reason: reason)
        case .credentialsRefused:
            // The ride is fine; the account is not: it waits, as it was, for the rider to connect again.
            job.nextAttempt = now
        case .rateLimited(let retryAt, _):
            // Not the ride's fault: no attempt counted.
            job.nextAttempt = max(retryAt, now)
        case .unreachable, .serverFailed:
            job.attempts += 1
            if job.attempts >= attempts {
                job.state = .failed(reason: "\(job.attempts) attempts failed, the last: \(problem)")
            } else {
                job.nextAttempt = now.addingTimeInterval(min(firstWait * pow(2, Double(job.attempts - 1)), longestWait))
            }
        }
        return job
    }
}
