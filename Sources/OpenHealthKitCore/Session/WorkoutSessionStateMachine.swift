

/// HealthKit's session transition table, free of I/O and clocks.
///
/// | from \ call | prepare | start | pause | resume | stop | end |
/// |---|---|---|---|---|---|---|
/// | notStarted | prepared | running | ✗ | ✗ | ✗ | ✗ |
/// | prepared | ✗ | running | ✗ | ✗ | ✗ | ended |
/// | running | ✗ | ✗ | paused | ✗ | stopped | ended |
/// | paused | ✗ | ✗ | ✗ | running | stopped | ended |
/// | stopped | ✗ | ✗ | ✗ | ✗ | ✗ | ended |
/// | ended | ✗ | ✗ | ✗ | ✗ | ✗ | ✗ |
///
/// An illegal request leaves the state unchanged and yields an
/// ``HKError/Code/errorInvalidArgument`` error: "Unable to perform 'pause' from
/// current state 'NotStarted'". An internal error moves any state to ended.
public struct WorkoutSessionStateMachine: Sendable, Equatable {
    /// The state requests are checked against (HealthKit's client-side target state).
    public private(set) var state: HKWorkoutSessionState = .notStarted

    /// A machine in ``HKWorkoutSessionState/notStarted``.
    public init() {}

    /// A machine in `state`, as after recovery.
    public init(state: HKWorkoutSessionState) { self.state = state }

    /// The state `event` leads to from `state`, or `nil` if the table forbids it.
    public static func target(of event: WorkoutSessionEvent, from state: HKWorkoutSessionState) -> HKWorkoutSessionState? {
        switch (state, event) {
        case (.notStarted, .prepare): .prepared
        case (.notStarted, .start), (.prepared, .start): .running
        case (.prepared, .end), (.running, .end), (.paused, .end), (.stopped, .end): .ended
        case (.running, .pause): .paused
        case (.paused, .resume): .running
        case (.running, .stop), (.paused, .stop): .stopped
        default: nil
        }
    }

    /// Applies `event`, returning the new state, or throws without changing state.
    public mutating func apply(_ event: WorkoutSessionEvent) throws(HKError) -> HKWorkoutSessionState {
        guard let next = Self.target(of: event, from: state) else {
            throw HKError(.errorInvalidArgument, "Unable to perform '\(event.rawValue)' from current state '\(state)'")
        }
        state = next
        return next
    }

    /// Moves to ended because of an error, from any state.
    public mutating func fail() -> HKWorkoutSessionState {
        state = .ended
        return state
    }
}
