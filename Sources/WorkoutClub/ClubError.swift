public import Foundation

/// Why the club refused a change or a login.
public enum ClubError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An athlete or a group has the name already.
    case nameTaken(String)
    /// A value is not acceptable; the message says which and why.
    case invalid(String)
    /// Too many wrong passwords for the name: logging in under it is refused until the date.
    case tooManyAttempts(name: String, until: Date)
    /// More logins are being checked at once than the club takes; try again in a moment.
    case busy

    public var description: String {
        switch self {
        case .nameTaken(let name): "'\(name)' is taken; choose another name."
        case .invalid(let message): message
        case .tooManyAttempts(let name, let until):
            "Too many wrong passwords for '\(name)': logging in under that name is refused until \(until.formatted(.iso8601)). Try again after that."
        case .busy: "The server is checking as many passwords as it can at once; try again in a moment."
        }
    }
}
