import Foundation

extension LiveReadingsMachine {
    /// What the machine needs to know of the session and builder when a
    /// reading arrives; its owner reads them once per run of readings.
    struct Moment: Sendable, Equatable {
        /// Whether the session is running, by its latest request: readings count only then.
        var sessionRunning: Bool
        /// Whether the session is paused, by its latest request: auto-pause still watches the speed.
        var sessionPaused: Bool
        /// When the builder began collecting, if it has.
        var workoutStart: Date?
        /// Whether the builder is collecting (active): device markers are added only then.
        var collecting: Bool
        /// The activity of the multisport leg in progress, if any.
        var leg: HKWorkoutActivityType?

        /// A moment with the session running since `start`, collecting.
        static func running(since start: Date?, leg: HKWorkoutActivityType? = nil) -> Moment {
            Moment(sessionRunning: true, sessionPaused: false, workoutStart: start, collecting: true, leg: leg)
        }
    }
}
