import Foundation

/// Core Location's error domain, as `(error as NSError).domain` reads it.
public let kCLErrorDomain = "kCLErrorDomain"

/// A Core Location error, as apps catch it: `catch let error as CLError where error.code == .denied`, or
/// `catch CLError.locationUnknown`.
///
/// ```swift
/// func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
///     if let error = error as? CLError, error.code == .locationUnknown { return }   // keep waiting
/// }
/// ```
public struct CLError: Error, Hashable, Sendable, CustomNSError, LocalizedError {
    /// What went wrong, with Core Location's numbers.
    public enum Code: Int, Sendable, Hashable {
        /// No position yet: the receiver has no fix (Core Location keeps trying).
        case locationUnknown = 0
        /// The app may not use the location.
        case denied = 1
        /// The network is unavailable.
        case network = 2
        /// No heading could be found.
        case headingFailure = 3
        /// Region monitoring was refused.
        case regionMonitoringDenied = 4
        /// Region monitoring failed.
        case regionMonitoringFailure = 5
        /// Region monitoring could not be set up now.
        case regionMonitoringSetupDelayed = 6
        /// Region monitoring's response was delayed.
        case regionMonitoringResponseDelayed = 7
        /// Geocoding found nothing.
        case geocodeFoundNoResult = 8
        /// Geocoding found part of the answer.
        case geocodeFoundPartialResult = 9
        /// Geocoding was cancelled.
        case geocodeCanceled = 10
        /// Deferred updates failed.
        case deferredFailed = 11
        /// Deferred updates need the location to be on.
        case deferredNotUpdatingLocation = 12
        /// Deferred updates need a coarser accuracy.
        case deferredAccuracyTooLow = 13
        /// Deferred updates need no distance filter.
        case deferredDistanceFiltered = 14
        /// Deferred updates were cancelled.
        case deferredCanceled = 15
        /// Ranging is unavailable.
        case rangingUnavailable = 16
        /// Ranging failed.
        case rangingFailure = 17
        /// The user declined the prompt.
        case promptDeclined = 18
        /// The historical location could not be read.
        case historicalLocationError = 19
    }

    /// What went wrong.
    public let code: Code
    /// More, for a person (an OpenHealthKit addition: which source, and why).
    public let reason: String?

    /// An error with `code`, and what more there is to say.
    public init(_ code: Code, reason: String? = nil) {
        self.code = code
        self.reason = reason
    }

    /// `kCLErrorDomain`, as NSError bridging gives it.
    public static var errorDomain: String { kCLErrorDomain }
    /// The code's number.
    public var errorCode: Int { code.rawValue }
    /// The user info: the description, as Core Location's errors carry it.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: errorDescription ?? ""] }

    /// Core Location's sentence for the error, with the reason after it when there is one.
    public var errorDescription: String? {
        let sentence = "The operation couldn’t be completed. (kCLErrorDomain error \(code.rawValue).)"
        return reason.map { "\(sentence) \($0)" } ?? sentence
    }

    /// The codes as members, so that `catch CLError.denied` matches, as with Apple's bridged errors.
    public static var locationUnknown: Code { .locationUnknown }
    /// Matches ``Code/denied``.
    public static var denied: Code { .denied }
    /// Matches ``Code/network``.
    public static var network: Code { .network }
    /// Matches ``Code/headingFailure``.
    public static var headingFailure: Code { .headingFailure }
    /// Matches ``Code/promptDeclined``.
    public static var promptDeclined: Code { .promptDeclined }

}

extension CLError.Code {
    /// Whether `error` is a ``CLError`` with `code`: what `catch CLError.denied` asks.
    public static func ~= (code: CLError.Code, error: any Error) -> Bool {
        (error as? CLError)?.code == code
    }
}
