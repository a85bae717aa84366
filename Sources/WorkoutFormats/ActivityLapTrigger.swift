import Foundation

/// What caused a lap to end.
public enum ActivityLapTrigger: Sendable, Equatable {
    /// The person pressed the lap button.
    case manual
    /// A time interval elapsed.
    case time
    /// A distance was covered.
    case distance
    /// A position was reached.
    case position
    /// The session ended.
    case sessionEnd
}
