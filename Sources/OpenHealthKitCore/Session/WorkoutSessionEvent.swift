

/// A session request, as the transition table names it.
public enum WorkoutSessionEvent: String, Sendable, CaseIterable {
    /// `prepare()`.
    case prepare
    /// `startActivity(with:)`.
    case start
    /// `pause()`.
    case pause
    /// `resume()`.
    case resume
    /// `stopActivity(with:)`.
    case stop
    /// `end()`.
    case end
}
