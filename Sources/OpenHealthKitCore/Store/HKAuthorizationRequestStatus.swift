import Foundation

/// Whether asking for authorization would show the user anything.
public enum HKAuthorizationRequestStatus: Int, Sendable {
    /// Cannot tell.
    case unknown = 0
    /// Some of the types have not been asked about.
    case shouldRequest = 1
    /// Every type has been asked about already.
    case unnecessary = 2
}
