public import Foundation
import Synchronization

extension HKLiveWorkoutBuilderDelegate {
    /// Does nothing: activity callbacks are optional.
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
    /// Does nothing: activity callbacks are optional.
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
}

/// The builder a workout session feeds: it collects the session's events
/// automatically and reports statistics as batches arrive.
///
/// Get it from ``HKWorkoutSession/associatedWorkoutBuilder()``. Its
/// ``elapsedTime`` keeps advancing on the session's clock even when no samples
/// arrive, and leaves out pauses.
public final class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    /// The delegate, the session, the data source and the live builder's own
    /// settings: what the builder tells of every change and asks at finishing.
    let live: LiveBuilderParticipant

    init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?, clock: any WorkoutClock, session: HKWorkoutSession,
         workoutUUID: UUID = UUID()) {
        live = LiveBuilderParticipant(session: session)
        super.init(healthStore: healthStore, configuration: configuration, device: device, clock: clock, workoutUUID: workoutUUID, participant: live)
    }

    /// Writes the session's and builder's state for crash recovery; the
    /// snapshot and its write happen together, one caller at a time, so the
    /// last write holds the latest state.
    func persist() {
        live.persist(self)
    }

    /// The delegate, held weakly.
    public var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { live.delegate }
        set { live.delegate = newValue }
    }

    /// The session feeding this builder.
    public var workoutSession: HKWorkoutSession? { live.session }

    /// Whether the session's events are added automatically; set it before
    /// ``HKWorkoutBuilder/beginCollection(at:)``.
    public var shouldCollectWorkoutEvents: Bool {
        get { live.shouldCollectWorkoutEvents }
        set { live.shouldCollectWorkoutEvents = newValue }
    }

    /// Where live samples come from. Setting it detaches the previous data
    /// source and starts the new one's sources.
    public var dataSource: HKLiveWorkoutDataSource? {
        get { live.dataSource }
        set {
            let previous = live.replaceDataSource(with: newValue)
            previous?.detach()
            newValue?.attach(to: self)
        }
    }

    /// Whether the session is running, by its latest request: the data source
    /// adds readings only then.
    var isSessionRunning: Bool { workoutSession?.requestedState == .running }

    /// The active time now, on the builder's clock.
    public var elapsedTime: TimeInterval { elapsedTime(at: clock.now) }

    /// The activity in progress, if a multisport activity has begun.
    public var currentWorkoutActivity: HKWorkoutActivity? {
        workoutActivities.last { $0.endDate == nil }
    }

    // MARK: What the session tells the builder

    func sessionGenerated(_ event: HKWorkoutEvent) {
        guard shouldCollectWorkoutEvents else { return }
        try? appendEvents([event])
    }

    func sessionDidChange(to state: HKWorkoutSessionState, date: Date) {
        persist()
    }

    func sessionBeganActivity(_ activity: HKWorkoutActivity) {
        if let open = currentWorkoutActivity { endActivity(uuid: open.uuid, at: activity.startDate) }
        try? appendActivity(activity)
        live.tellDelegate { [self] delegate in delegate.workoutBuilder(self, didBegin: activity) }
    }

    func sessionEndedActivity(_ uuid: UUID, at date: Date) {
        endActivity(uuid: uuid, at: date)
        guard let ended = workoutActivities.first(where: { $0.uuid == uuid }) else { return }
        live.tellDelegate { [self] delegate in delegate.workoutBuilder(self, didEnd: ended) }
    }
}
