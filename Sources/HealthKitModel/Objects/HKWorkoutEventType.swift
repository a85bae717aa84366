import Foundation

/// The kinds of workout event, with Apple's raw values.
public enum HKWorkoutEventType: Int, Sendable, CaseIterable, Codable {
    /// The start of a break; zero length.
    case pause = 1
    /// The end of a break; zero length.
    case resume = 2
    /// A lap: zero length (an end marker) or with a duration.
    case lap = 3
    /// A point of interest; zero length.
    case marker = 4
    /// An automatic pause when motion stopped; zero length.
    case motionPaused = 5
    /// An automatic resume when motion restarted; zero length.
    case motionResumed = 6
    /// A period of interest; may overlap others.
    case segment = 7
    /// The user asked to toggle pause and resume; zero length.
    case pauseOrResumeRequest = 8

    /// Whether events of this type may have a duration (laps and segments only).
    package var allowsDuration: Bool { self == .lap || self == .segment }
}
