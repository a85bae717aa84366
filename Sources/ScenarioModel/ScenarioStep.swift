public import Foundation
public import HealthKitModel

/// One step of a scenario's timeline.
public enum ScenarioStep: Sendable, Hashable {
    /// Prepares the session, then counts down for the given seconds.
    case prepare(countdown: TimeInterval)
    /// Starts the session and the builder's collection.
    case start
    /// Pauses the session.
    case pause
    /// Resumes the session.
    case resume
    /// Closes a lap that began at the previous lap or the start.
    case lap
    /// Marks a moment, optionally named.
    case marker(String?)
    /// Closes a segment that began at the previous segment or the start, optionally named.
    case segment(String?)
    /// Begins a new activity of a multisport workout (ending the current one).
    case activity(HKWorkoutActivityType, HKWorkoutSessionLocationType)
    /// Stops the session and ends the builder's collection.
    case stop
    /// Ends the session and finishes the workout.
    case end
    /// Moves (or stands) for a while, towards a target.
    case move(ScenarioMovement)
    /// Turns round on the route: the athlete rides it the other way from here.
    case uTurn
}
