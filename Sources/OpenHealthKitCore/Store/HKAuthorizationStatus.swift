import Foundation

/// Whether the app may save a type, as Apple's `HKAuthorizationStatus`.
public enum HKAuthorizationStatus: Int, Sendable {
    /// The app has not asked yet.
    case notDetermined = 0
    /// The user said no.
    case sharingDenied = 1
    /// The user said yes.
    case sharingAuthorized = 2
}
