/// The states of a workout session, with Apple's raw values.
public enum HKWorkoutSessionState: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Created, not yet prepared or started.
    case notStarted = 1
    /// Sensors run and data is generated.
    case running = 2
    /// Finished for good; the session cannot be reused.
    case ended = 3
    /// Paused from running.
    case paused = 4
    /// In session mode without data: a countdown before the start.
    case prepared = 5
    /// Sensors stopped; the app may still save.
    case stopped = 6

    /// The state's name as Apple's messages spell it: `NotStarted`, `Running`, ….
    public var description: String {
        switch self {
        case .notStarted: "NotStarted"
        case .running: "Running"
        case .ended: "Ended"
        case .paused: "Paused"
        case .prepared: "Prepared"
        case .stopped: "Stopped"
        }
    }
}

