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
    // Mutable state lives in `live` behind a lock; delegate calls go through `queue`.

    private let queue = DispatchQueue(label: "org.openhealthkit.live-workout-builder")
    private let live = Mutex(Live())

    private let delegateReference = WeakDelegate<any HKLiveWorkoutBuilderDelegate>()

    private struct Live {
        weak var session: HKWorkoutSession?
        var shouldCollectWorkoutEvents = true
        var collectionStarted = false
    }

    init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?, clock: any WorkoutClock, session: HKWorkoutSession,
         workoutUUID: UUID = UUID()) {
        super.init(healthStore: healthStore, configuration: configuration, device: device, clock: clock, workoutUUID: workoutUUID)
        live.withLock { $0.session = session }
    }

    /// Serializes ``persist()``: the session's queue and the builder's caller
    /// both persist, and a snapshot taken before the other's change must not
    /// be written after it (a recovered builder would then not have begun).
    private let persisting = Mutex(())

    /// Writes the session's and builder's state for crash recovery; the
    /// snapshot and its write happen together, one caller at a time, so the
    /// last write holds the latest state.
    func persist() {
        persisting.withLock { _ in persistLatest() }
    }

    private func persistLatest() {
        guard let session = workoutSession else { return }
        let parts = persistedParts()
        let snapshot = session.persistedParts()
        let builderState = HKWorkoutBuilderState(rawValue: parts.state)
        // A finished or discarded workout, or an ended session that never collected, leaves nothing to recover.
        if builderState == .finished || builderState == .discarded { return }
        if snapshot.state == HKWorkoutSessionState.ended.rawValue, builderState == .notStarted {
            healthStore.persistActiveWorkout(workoutUUID, state: nil)
            return
        }
        healthStore.persistActiveWorkout(workoutUUID, state: PersistedWorkout(
            sessionState: snapshot.state, sessionStart: snapshot.start, sessionEnd: snapshot.end, configuration: workoutConfiguration.values,
            builderState: parts.state, start: parts.start, end: parts.end, events: parts.events, metadata: parts.metadata, activities: parts.activities,
            route: routeUUID))
    }

    /// The delegate, held weakly.
    public var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// The session feeding this builder.
    public var workoutSession: HKWorkoutSession? { live.withLock { $0.session } }

    /// Whether the session's events are added automatically; set it before
    /// ``HKWorkoutBuilder/beginCollection(at:)``.
    public var shouldCollectWorkoutEvents: Bool {
        get { live.withLock { $0.shouldCollectWorkoutEvents } }
        set { live.withLock { s in if !s.collectionStarted { s.shouldCollectWorkoutEvents = newValue } } }
    }

    private let dataSourceReference = Mutex<HKLiveWorkoutDataSource?>(nil)

    /// Where live samples come from. Setting it detaches the previous data
    /// source and starts the new one's sources.
    public var dataSource: HKLiveWorkoutDataSource? {
        get { dataSourceReference.withLock { $0 } }
        set {
            let previous = dataSourceReference.withLock { slot -> HKLiveWorkoutDataSource? in
                defer { slot = newValue }
                return slot
            }
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

    // MARK: Session hooks

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
        queue.async { [self] in delegate?.workoutBuilder(self, didBegin: activity) }
    }

    func sessionEndedActivity(_ uuid: UUID, at date: Date) {
        endActivity(uuid: uuid, at: date)
        guard let ended = workoutActivities.first(where: { $0.uuid == uuid }) else { return }
        queue.async { [self] in delegate?.workoutBuilder(self, didEnd: ended) }
    }

    // MARK: Builder hooks

    override func didCollect(_ types: Set<HKQuantityType>) {
        guard !types.isEmpty else { return }
        let collected = Set(types.map { $0 as HKSampleType })
        queue.async { [self] in delegate?.workoutBuilder(self, didCollectDataOf: collected) }
    }

    override func didCollectEvent(_ event: HKWorkoutEvent) {
        queue.async { [self] in delegate?.workoutBuilderDidCollectEvent(self) }
    }

    override func didChangeCollection() {
        live.withLock { $0.collectionStarted = true }
        persist()
    }

    override func didFinish(_ workout: HKWorkout) {
        // On entering Finished the data source is told to stop; nothing is left to recover.
        dataSource?.detach()
        healthStore.persistActiveWorkout(workoutUUID, state: nil)
    }

    override func prepareToFinish() async {
        await dataSource?.flushAndWait(into: self)
    }

    override func prepareToDiscard() async {
        await dataSource?.closeAndDrain()
    }

    override func finishSeries(for workout: HKWorkout) async {
        await dataSource?.finishHeartbeats(workout: workout, store: healthStore)
    }

    override func derivedMetadata() -> [String: Any] {
        guard let dataSource else { return [:] }
        var metadata = dataSource.derivedMetadata
        // Average METs: active energy per kilogram per hour of active time.
        if let profile = dataSource.athleteProfile, let end = endDate, dataSource.derivedActiveKilocalories > 0 {
            let hours = elapsedTime(at: end) / 3600
            if hours > 0 {
                metadata[HKMetadataKeyAverageMETs] = HKQuantity(unit: HKUnit(from: "kcal/kg·hr"),
                                                                doubleValue: dataSource.derivedActiveKilocalories / profile.massKilograms / hours)
            }
        }
        return metadata
    }

    override func didDiscard() {
        dataSource?.detach()
        healthStore.persistActiveWorkout(workoutUUID, state: nil)
    }
}
