/// What a rider asks of a recording from its live page: the dashboard's keys as buttons.
public enum LiveCommand: String, Sendable, CaseIterable, Codable {
    /// Starts a recording that waits for the rider (`workout record --wait-for-rider`).
    case start
    /// Pauses a running recording, or resumes a paused one.
    case pause
    /// Ends the lap and starts the next.
    case lap
    /// Marks the moment.
    case marker
    /// Finishes and saves the workout.
    case finish
}
