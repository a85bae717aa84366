public import Foundation

/// HealthKit's error domain, as `(error as NSError).domain` reads it for an ``HKError``.
public let HKErrorDomain = "com.apple.healthkit"

/// An error from the store, a query, a session or a builder, with Apple's codes.
///
/// ```swift
/// do { try await store.save(sample) }
/// catch HKError.errorAuthorizationDenied { print("the user said no") }
/// catch let error as HKError { print(error.code, error.localizedDescription) }
/// ```
public struct HKError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError, CustomNSError {
    /// Apple's error codes.
    public enum Code: Int, Sendable, CaseIterable {
        /// Health data is not available on this system.
        case errorHealthDataUnavailable = 1
        /// Health data is restricted on this system.
        case errorHealthDataRestricted = 2
        /// An argument was not valid: an illegal call, a bad sample, a wrong option.
        case errorInvalidArgument = 3
        /// The user denied sharing this type.
        case errorAuthorizationDenied = 4
        /// The app has not asked for permission to share this type.
        case errorAuthorizationNotDetermined = 5
        /// The store could not be opened or read.
        case errorDatabaseInaccessible = 6
        /// The user cancelled.
        case errorUserCanceled = 7
        /// Another workout session started and ended this one.
        case errorAnotherWorkoutSessionStarted = 8
        /// The user ended the workout session.
        case errorUserExitedWorkoutSession = 9
        /// Authorization the app requires was denied.
        case errorRequiredAuthorizationDenied = 10
        /// There is no data to answer the request.
        case errorNoData = 11
        /// The workout activity type is not allowed for a session.
        case errorWorkoutActivityNotAllowed = 12
        /// Too much data was sent at once.
        case errorDataSizeExceeded = 13
        /// A workout session cannot start from the background.
        case errorBackgroundWorkoutSessionNotAllowed = 14
        /// Not allowed in guest mode.
        case errorNotPermissibleForGuestUserMode = 15
    }

    /// The error's code.
    public let code: Code
    /// A sentence saying what went wrong and, where it helps, what to do.
    public let localizedDescription: String

    /// Creates an error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.localizedDescription = message
    }

    /// The code's name and the message.
    public var description: String { "HKError \(code.rawValue) (\(code)): \(localizedDescription)" }

    /// The error domain, as Apple names it.
    public static let errorDomain = HKErrorDomain

    /// The message, which `localizedDescription` gives also where the error is seen as `any Error`.
    public var errorDescription: String? { localizedDescription }

    /// The code's number, as `(error as NSError).code` reads it.
    public var errorCode: Int { code.rawValue }

    /// The message under `NSLocalizedDescriptionKey`, as Apple's errors carry it.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: localizedDescription] }

    /// ``Code/errorHealthDataUnavailable``.
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    /// ``Code/errorHealthDataRestricted``.
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    /// ``Code/errorInvalidArgument``.
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    /// ``Code/errorAuthorizationDenied``.
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    /// ``Code/errorAuthorizationNotDetermined``.
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    /// ``Code/errorDatabaseInaccessible``.
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    /// ``Code/errorNoData``.
    public static var errorNoData: Code { .errorNoData }
    /// ``Code/errorWorkoutActivityNotAllowed``.
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
}

extension HKError.Code {
    /// Matches an error against a code in a `catch` clause: `catch HKError.errorAuthorizationDenied`.
    public static func ~= (code: HKError.Code, error: any Error) -> Bool {
        (error as? HKError)?.code == code
    }
}
