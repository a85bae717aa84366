import Foundation

extension LiveReadingsMachine {
    /// What a reading calls for; the machine's owner carries it out, in order.
    enum Action: Sendable {
        /// Count a source's sample toward the builder's statistics, and write
        /// it to the store when saving.
        case collect(HKQuantitySample)
        /// Count a quantity derived from readings (energy, distance, speed),
        /// and write it when saving.
        case derive(DerivedQuantity)
        /// Add a position to the workout's route.
        case route(CLLocation)
        /// The session generates an event (auto-pause's motion paused or resumed).
        case generate(HKWorkoutEventType, at: Date)
        /// Pause the session from `date` (auto-pause with ``LiveReadingsMachine/autoPausesSession``).
        case pauseSession(at: Date)
        /// Resume the session from `date`: readings after this action count again.
        case resumeSession(at: Date)
        /// Add a beat to the heartbeat series that starts at `seriesStart`
        /// (made with the first beat), `offset` seconds into it.
        case addHeartbeat(seriesStart: Date, offset: TimeInterval, precededByGap: Bool)
        /// Add a marker event to the workout (a device lost or back).
        case mark(HKWorkoutEvent)
    }
}

/// Where a ``LiveReadingsMachine`` hands its actions.
///
/// An array of actions is one; a batch that sorts them as they come, with no
/// array of actions per reading, is another.
protocol LiveActionSink {
    /// Takes the next action, in order.
    mutating func perform(_ action: LiveReadingsMachine.Action)
}

extension Array: LiveActionSink where Element == LiveReadingsMachine.Action {
    /// Appends `action`.
    mutating func perform(_ action: LiveReadingsMachine.Action) {
        append(action)
    }
}
