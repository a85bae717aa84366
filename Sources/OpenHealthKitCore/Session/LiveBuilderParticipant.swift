import Foundation
import Synchronization

/// What takes part in a live builder's work: its delegate (called on a queue
/// of its own), its session (for crash recovery's snapshots) and its data
/// source (written out before the workout is finished, waited for when it is
/// discarded, its heartbeats and derived metadata taken at the finish).
///
/// The builder owns it and passes itself to each call, so nothing here holds
/// the builder; the session is held weakly, as it owns the builder.
final class LiveBuilderParticipant: WorkoutBuilderParticipant, @unchecked Sendable {
    // Mutable state lives in `state` behind a lock; delegate calls go through `queue`.

    private let queue = DispatchQueue(label: "org.openhealthkit.live-workout-builder")
    private let delegateReference = WeakDelegate<any HKLiveWorkoutBuilderDelegate>()
    private let dataSourceReference = Mutex<HKLiveWorkoutDataSource?>(nil)
    private let state: Mutex<State>
    /// Serializes ``persist(_:)``: the session's queue and the builder's caller
    /// both persist, and a snapshot taken before the other's change must not
    /// be written after it (a recovered builder would then not have begun).
    private let persisting = Mutex(())

    private struct State {
        weak var session: HKWorkoutSession?
        var shouldCollectWorkoutEvents = true
        var collectionStarted = false
    }

    init(session: HKWorkoutSession) {
        state = Mutex(State(session: session))
    }

    /// The builder's delegate, held weakly.
    var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// The session feeding the builder.
    var session: HKWorkoutSession? { state.withLock { $0.session } }

    /// Whether the session's events are added automatically; fixed once collection starts.
    var shouldCollectWorkoutEvents: Bool {
        get { state.withLock { $0.shouldCollectWorkoutEvents } }
        set { state.withLock { s in if !s.collectionStarted { s.shouldCollectWorkoutEvents = newValue } } }
    }

    /// The data source.
    var dataSource: HKLiveWorkoutDataSource? { dataSourceReference.withLock { $0 } }

    /// Sets the data source, returning the one it replaces.
    func replaceDataSource(with dataSource: HKLiveWorkoutDataSource?) -> HKLiveWorkoutDataSource? {
        dataSourceReference.withLock { slot in
            defer { slot = dataSource }
            return slot
        }
    }

    /// Calls the delegate, if any, on the builder's delegate queue. With no
    /// delegate nothing is queued: waking the queue's thread for nothing cost
    /// a replay's hand-overs a tenth of their time.
    func tellDelegate(_ call: @escaping @Sendable (any HKLiveWorkoutBuilderDelegate) -> Void) {
        guard delegateReference.value != nil else { return }
        queue.async { [delegateReference] in
            if let delegate = delegateReference.value { call(delegate) }
        }
    }

    /// Writes the session's and `builder`'s state for crash recovery; the
    /// snapshot and its write happen together, one caller at a time, so the
    /// last write holds the latest state.
    func persist(_ builder: HKLiveWorkoutBuilder) {
        persisting.withLock { _ in persistLatest(builder) }
    }

    private func persistLatest(_ builder: HKLiveWorkoutBuilder) {
        guard let session else { return }
        let parts = builder.persistedParts()
        let snapshot = session.persistedParts()
        let builderState = HKWorkoutBuilderState(rawValue: parts.state)
        // A finished or discarded workout, or an ended session that never collected, leaves nothing to recover.
        if builderState == .finished || builderState == .discarded { return }
        if snapshot.state == HKWorkoutSessionState.ended.rawValue, builderState == .notStarted {
            builder.healthStore.persistActiveWorkout(builder.workoutUUID, state: nil)
            return
        }
        builder.healthStore.persistActiveWorkout(builder.workoutUUID, state: PersistedWorkout(
            sessionState: snapshot.state, sessionStart: snapshot.start, sessionEnd: snapshot.end, configuration: builder.workoutConfiguration.values,
            builderState: parts.state, start: parts.start, end: parts.end, events: parts.events, metadata: parts.metadata, activities: parts.activities,
            route: builder.routeUUID))
    }

    // MARK: WorkoutBuilderParticipant

    /// A live builder's data source collects every type it hears; the app sees the ones it may read.
    var hidesUnreadableStatistics: Bool { true }

    func builder(_ builder: HKWorkoutBuilder, didChange change: WorkoutBuilderChange) {
        guard let builder = builder as? HKLiveWorkoutBuilder else { return }
        switch change {
        case .collected(let types):
            guard !types.isEmpty else { return }
            let collected = Set(types.map { $0 as HKSampleType })
            tellDelegate { delegate in delegate.workoutBuilder(builder, didCollectDataOf: collected) }
        case .event:
            tellDelegate { delegate in delegate.workoutBuilderDidCollectEvent(builder) }
        case .collection:
            state.withLock { $0.collectionStarted = true }
            persist(builder)
        case .finished, .discarded:
            // The data source is told to stop; nothing is left to recover.
            dataSource?.detach()
            builder.healthStore.persistActiveWorkout(builder.workoutUUID, state: nil)
        }
    }

    func builderWillFinish(_ builder: HKWorkoutBuilder) async {
        guard let builder = builder as? HKLiveWorkoutBuilder else { return }
        await dataSource?.flushAndWait(into: builder)
    }

    func builderWillDiscard(_ builder: HKWorkoutBuilder) async {
        await dataSource?.closeAndDrain()
    }

    func builder(_ builder: HKWorkoutBuilder, finishSeriesWith workout: HKWorkout) async {
        await dataSource?.finishHeartbeats(workout: workout, store: builder.healthStore)
    }

    func derivedActivityMetadata(of builder: HKWorkoutBuilder) -> [UUID: [String: Any]] {
        guard let dataSource else { return [:] }
        // The legs the positions came in, matched to the workout's activities in order when they are the same legs.
        let legs = dataSource.derivedLegMetadata
        let activities = builder.workoutActivities.sorted { $0.startDate < $1.startDate }
        let positioned = activities.filter { activity in legs.contains { $0.leg == activity.workoutConfiguration.activityType } }
        guard !legs.isEmpty, legs.count == positioned.count,
              zip(legs, positioned).allSatisfy({ $0.leg == $1.workoutConfiguration.activityType }) else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(legs, positioned).map { ($1.uuid, $0.metadata) })
    }

    func derivedMetadata(of builder: HKWorkoutBuilder) -> [String: Any] {
        guard let dataSource else { return [:] }
        var metadata = dataSource.derivedMetadata
        // Average METs: active energy per kilogram per hour of active time.
        if let profile = dataSource.athleteProfile, let end = builder.endDate, dataSource.derivedActiveKilocalories > 0 {
            let hours = builder.elapsedTime(at: end) / 3600
            if hours > 0 {
                metadata[HKMetadataKeyAverageMETs] = HKQuantity(unit: HKUnit(from: "kcal/kg·hr"),
                                                                doubleValue: dataSource.derivedActiveKilocalories / profile.massKilograms / hours)
            }
        }
        return metadata
    }
}
