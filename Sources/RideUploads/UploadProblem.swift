public import Foundation

/// Why a ride did not reach a service this time, and what that means for the next attempt.
public enum UploadProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The service could not be reached or did not answer: try again later.
    case unreachable(String)
    /// The service failed (5xx): try again later.
    case serverFailed(status: Int, message: String)
    /// The service's rate limit is reached: try again at `retryAt`.
    case rateLimited(retryAt: Date, detail: String)
    /// The service refused this ride for good (a file it cannot read, a name it will not take): trying again cannot help.
    case rejected(String)
    /// The service refused the account's credentials: nothing more can be sent until the rider connects again.
    case credentialsRefused(String)

    /// Whether another attempt may succeed without anyone doing anything.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .serverFailed, .rateLimited: true
        case .rejected, .credentialsRefused: false
        }
    }

    /// Whether the ride may have reached the service all the same: an upload without an answer (the connection
    /// dropped, or the service was slow to answer) may have arrived; one the service answered with a refusal did not.
    public var leavesTheRideInDoubt: Bool {
        if case .unreachable = self { return true }
        return false
    }

    /// What happened, for a person.
    public var description: String {
        switch self {
        case .unreachable(let text): text
        case .serverFailed(let status, let message): "the service answered \(status)\(message.isEmpty ? "" : ": \(message)")"
        case .rateLimited(let retryAt, let detail): "\(detail); next try at \(retryAt.formatted(.iso8601))"
        case .rejected(let text): text
        case .credentialsRefused(let text): text
        }
    }
}
