public import Foundation
import Synchronization

/// Builds a workout from samples, events and metadata, then saves it.
///
/// ```swift
/// let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
/// try await builder.beginCollection(at: start)
/// try await builder.addSamples([heartRate, energy])
/// try await builder.endCollection(at: end)
/// let workout = try await builder.finishWorkout()
/// ```
///
/// Samples are saved as they are added, tied to the workout to come; a
/// discarded builder deletes them. Samples inside pauses do not count toward
/// the workout's statistics. Calls out of order fail with Apple's messages, such
/// as "Unable to finish a workout that is not currently ended.".
public class HKWorkoutBuilder: @unchecked Sendable {
    // Mutable state lives in `storage` behind a lock.

    /// The builder's configuration.
    public let workoutConfiguration: HKWorkoutConfiguration
    /// The device recorded on the workout.
    public let device: HKDevice?
    /// The clock the builder reads "now" from.
    public let clock: any WorkoutClock
    let healthStore: HKHealthStore
    /// The identifier the finished workout will have; collected samples point to it.
    let workoutUUID: UUID
    let storage = Mutex(Storage())

    struct Storage {
        var state: HKWorkoutBuilderState = .notStarted
        var startDate: Date?
        var endDate: Date?
        var events: [HKWorkoutEvent] = []
        var metadata: [String: MetadataValue] = [:]
        var activities: [HKWorkoutActivity] = []
        /// The statistics, kept current as rows are counted.
        var figures = WorkoutStatistics()

        /// The stretch the statistics cover.
        var span: WorkoutSpan { WorkoutSpan(start: startDate, end: endDate, events: events) }
    }

    let routeBuilder = Mutex<HKWorkoutRouteBuilder?>(nil)
    /// Whether the app may read each type, by identifier, once asked.
    private let readable = Mutex<[String: Bool]>([:])

    /// The series builder this workout builder owns for `seriesType`: the route
    /// builder for ``HKSeriesType/workoutRoute()``, made on first use. Finishing
    /// the workout finishes it; do not finish it yourself.
    public func seriesBuilder(for seriesType: HKSeriesType) -> HKWorkoutRouteBuilder? {
        guard seriesType == .workoutRoute() else { return nil }
        let (builder, created) = routeBuilder.withLock { slot -> (HKWorkoutRouteBuilder, Bool) in
            if let existing = slot { return (existing, false) }
            let builder = HKWorkoutRouteBuilder(healthStore: healthStore, device: device, owned: true)
            slot = builder
            return (builder, true)
        }
        if created { tell(.collection) }
        return builder
    }

    /// The owned route builder, if one was made (without making one).
    var existingRouteBuilder: HKWorkoutRouteBuilder? { routeBuilder.withLock { $0 } }

    /// The identifier of the owned route, once one exists.
    var routeUUID: UUID? { routeBuilder.withLock { $0?.routeUUID } }

    /// Reattaches the owned route a crashed process was building.
    func restoreRoute(_ uuid: UUID) async throws {
        let builder = HKWorkoutRouteBuilder(healthStore: healthStore, device: device, owned: true, routeUUID: uuid)
        try await builder.restoreWrittenPositions()
        routeBuilder.withLock { $0 = builder }
    }

    /// A builder on the wall clock.
    public convenience init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.init(healthStore: healthStore, configuration: configuration, device: device, clock: SystemClock())
    }

    /// A builder on `clock`.
    public convenience init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?, clock: any WorkoutClock) {
        self.init(healthStore: healthStore, configuration: configuration, device: device, clock: clock, workoutUUID: UUID())
    }

    /// What takes part in the builder's work besides its caller, told of
    /// every change: a live builder's delegate, session and data source.
    let participant: (any WorkoutBuilderParticipant)?

    init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?, clock: any WorkoutClock, workoutUUID: UUID,
         participant: (any WorkoutBuilderParticipant)? = nil) {
        self.participant = participant
        self.workoutUUID = workoutUUID
        self.healthStore = healthStore
        self.workoutConfiguration = configuration.copy()
        self.device = device
        self.clock = clock
    }

    /// The builder's state.
    public var state: HKWorkoutBuilderState { storage.withLock { $0.state } }
    /// When collection began.
    public var startDate: Date? { storage.withLock { $0.startDate } }
    /// The builder's state and start, read together.
    var collectionState: (state: HKWorkoutBuilderState, start: Date?) { storage.withLock { ($0.state, $0.startDate) } }
    /// When collection ended.
    public var endDate: Date? { storage.withLock { $0.endDate } }
    /// The events, sorted by start.
    public var workoutEvents: [HKWorkoutEvent] { storage.withLock { $0.events } }
    /// The metadata added so far.
    public var metadata: [String: Any] { storage.withLock { MetadataValue.decode($0.metadata) ?? [:] } }
    /// The activities, sorted by start.
    public var workoutActivities: [HKWorkoutActivity] { storage.withLock { $0.activities } }

    /// How many quantity samples of each type the builder holds, paused ones included.
    /// The end of the latest sample added, if any: where a recovered workout's readings stop.
    package var latestSampleDate: Date? {
        storage.withLock { $0.figures.latestSampleEnd.isFinite ? Date(timeIntervalSince1970: $0.figures.latestSampleEnd) : nil }
    }

    package var sampleCounts: [HKQuantityType: Int] { storage.withLock { $0.figures.rows.mapValues(\.count) } }

    /// The sum of `quantityType`'s values over `interval`, pro-rating samples
    /// that straddle its ends, paused time included (for laps and splits).
    package func sum(of quantityType: HKQuantityType, in interval: DateInterval) -> Double {
        let lo = interval.start.timeIntervalSince1970, hi = interval.end.timeIntervalSince1970
        return storage.withLock { $0.figures.sum(of: quantityType, lo: lo, hi: hi) }
    }

    /// The rows of `quantityType` the builder collected from the `index`th on, in the order they arrived (paused
    /// ones included), and the index to read from next time: how ``LiveFigures`` reads each reading once.
    package func collectedRows(of quantityType: HKQuantityType, from index: Int) -> (rows: [StatisticRow], next: Int) {
        storage.withLock { storage in
            guard let log = storage.figures.rows[quantityType] else { return ([], index) }
            return (log.rows(from: index), max(index, log.count))
        }
    }

    /// The dates of `quantityType`'s samples, by start, for gap measurements.
    package func sampleDates(of quantityType: HKQuantityType) -> [Date] {
        storage.withLock { $0.figures.sampleDates(of: quantityType) }
    }

    /// The statistics of one type as of the last batch, paused samples left out.
    ///
    /// A live builder collects every type its data source hears, but shows the app only the
    /// statistics of types it may read (asked to read and not denied), as HealthKit hides data
    /// an app may not read; what it collected is saved with the workout all the same.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        guard shows(quantityType) else { return nil }
        return storage.withLock { $0.figures.current[quantityType] }
    }

    /// The statistics of every collected type the app may see (``statistics(for:)``).
    public var allStatistics: [HKQuantityType: HKStatistics] {
        storage.withLock { $0.figures.current }.filter { shows($0.key) }
    }

    /// Whether the app sees `type`'s statistics: always for a builder it feeds itself; for a
    /// live builder, when it may read the type. Asked of the store once per type.
    private func shows(_ type: HKQuantityType) -> Bool {
        guard participant?.hidesUnreadableStatistics == true else { return true }
        if let known = readable.withLock({ $0[type.identifier] }) { return known }
        let answer = healthStore.mayRead(type)
        readable.withLock { $0[type.identifier] = answer }
        return answer
    }

    /// Seconds spent in each heart-rate zone: index 0 is below zone 1, 1 to 5 the zones.
    ///
    /// Each reading holds until the next one, for at most ten seconds, and only
    /// active time (inside collection, outside pauses) counts.
    public func timeInHeartRateZones(_ zones: HeartRateZones) -> [TimeInterval] {
        storage.withLock { $0.figures.timeInHeartRateZones(zones, over: $0.span) }
    }

    /// The active time at `date`: from the start, less pauses, up to the end.
    ///
    /// Follows HealthKit's algorithm: only pause and resume events count,
    /// redundant ones are ignored, and an event before the start stops the scan,
    /// so adding a pause in the past can make the result smaller.
    public func elapsedTime(at date: Date) -> TimeInterval {
        storage.withLock { s in
            guard let start = s.startDate else { return 0 }
            return ElapsedTime.activeDuration(start: start, end: s.endDate, events: s.events, at: date)
        }
    }

    // MARK: Collection

    /// Starts collecting at `startDate`.
    public func beginCollection(at startDate: Date) async throws {
        try storage.withLock { s throws(HKError) in
            guard s.state == .notStarted else { throw HKError(.errorInvalidArgument, "Unable to begin a workout that has already started.") }
            s.state = .active
            s.startDate = startDate
            s.figures.recomputeAll(over: s.span, now: startDate)
        }
        tell(.collection)
    }

    /// Completion-handler form of ``beginCollection(at:)``.
    @preconcurrency
    public func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.beginCollection(at: startDate) }
    }

    /// Stops collecting at `endDate`, which must be after the start.
    public func endCollection(at endDate: Date) async throws {
        try storage.withLock { s throws(HKError) in
            guard s.state == .active else { throw HKError(.errorInvalidArgument, "Unable to end a workout that is not currently active.") }
            guard let start = s.startDate else { throw HKError(.errorInvalidArgument, "cannot set endDate without a startDate") }
            guard endDate > start else { throw HKError(.errorInvalidArgument, "endDate must be after startDate") }
            s.state = .ended
            s.endDate = endDate
            s.figures.collectionEnded(over: s.span)
        }
        tell(.collection)
    }

    /// Completion-handler form of ``endCollection(at:)``.
    @preconcurrency
    public func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.endCollection(at: endDate) }
    }

    /// Adds samples: saves them, tied to the workout, and updates statistics.
    /// Samples that arrive before collection begins are dropped, as HealthKit drops them.
    public func addSamples(_ samples: [HKSample]) async throws {
        guard try acceptsSamples(), !samples.isEmpty else { return }
        try await healthStore.saveAssociated(samples, to: workoutUUID)
        tell(.collected(count(samples)))
    }

    /// Whether samples added now count: `false` before collection begins.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` once the workout is finished or discarded.
    func acceptsSamples() throws(HKError) -> Bool {
        try storage.withLock { s throws(HKError) -> Bool in
            switch s.state {
            case .notStarted: return false
            case .active, .ended: return true
            case .finished, .discarded: throw HKError(.errorInvalidArgument, "Unable to add samples to a workout that is \(s.state == .finished ? "finished" : "discarded").")
            }
        }
    }

    /// Counts `samples` toward the statistics, without saving them, and returns
    /// the types whose statistics changed.
    func count(_ samples: [HKSample]) -> Set<HKQuantityType> {
        var groups = TypedRows.Groups()
        for case let sample as HKQuantitySample in samples {
            for row in StatisticRow.rows(of: sample) { groups.append(row, of: sample.quantityType) }
        }
        return count(groups)
    }

    /// Counts rows, grouped by type, toward the statistics and returns the
    /// types whose statistics changed. The live data source counts readings
    /// as they arrive and saves them on a writer of its own, so that statistics
    /// are current before the store has written.
    ///
    /// Each type's log and running totals are taken out once per group, not
    /// once per row: a batch of a thousand rows of four types costs four
    /// dictionary round trips.
    func count(_ groups: TypedRows.Groups) -> Set<HKQuantityType> {
        let now = clock.now
        return storage.withLock { s in
            let span = s.span
            return s.figures.count(groups, over: span, now: now)
        }
    }

    /// Completion-handler form of ``addSamples(_:)``.
    @preconcurrency
    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.addSamples(samples) }
    }

    /// Adds events, keeping all events sorted by start.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try appendEvents(workoutEvents)
    }

    /// Adds events at once; the async API and the session's hooks share it.
    func appendEvents(_ workoutEvents: [HKWorkoutEvent]) throws(HKError) {
        try storage.withLock { s throws(HKError) in
            guard s.state == .notStarted || s.state == .active || s.state == .ended else {
                throw HKError(.errorInvalidArgument, "Unable to add events to a workout that is \(s.state).")
            }
            s.events.append(contentsOf: workoutEvents)
            s.events.sort { $0.dateInterval.start < $1.dateInterval.start }
            s.figures.eventsAdded(workoutEvents, over: s.span, now: clock.now)
        }
        for event in workoutEvents { tell(.event(event)) }
        tell(.collection)
    }

    /// Completion-handler form of ``addWorkoutEvents(_:)``.
    @preconcurrency
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.addWorkoutEvents(workoutEvents) }
    }

    /// Merges metadata into the workout's, like a dictionary's `merge`.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        guard let values = MetadataValue.encode(metadata) else {
            throw HKError(.errorInvalidArgument, "Metadata values must be strings, numbers, booleans, dates or quantities")
        }
        try storage.withLock { s throws(HKError) in
            guard s.state != .finished, s.state != .discarded else { throw HKError(.errorInvalidArgument, "Unable to add metadata to a workout that is \(s.state).") }
            s.metadata.merge(values) { _, new in new }
        }
        tell(.collection)
    }

    /// Completion-handler form of ``addMetadata(_:)``.
    @preconcurrency
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        guard let values = MetadataValue.encode(metadata) else {
            completion(false, HKError(.errorInvalidArgument, "Metadata values must be strings, numbers, booleans, dates or quantities"))
            return
        }
        completing(completion) { try await self.addMetadata(MetadataValue.decode(values) ?? [:]) }
    }

    /// Adds an activity; the previous one must have ended.
    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        try appendActivity(workoutActivity)
    }

    func appendActivity(_ workoutActivity: HKWorkoutActivity) throws(HKError) {
        try storage.withLock { s throws(HKError) in
            if let last = s.activities.last, last.endDate == nil {
                throw HKError(.errorInvalidArgument, "Cannot add new activity before ending current activity")
            }
            s.activities.append(workoutActivity)
            s.activities.sort { $0.startDate < $1.startDate }
        }
        tell(.collection)
    }

    /// Sets the end of the activity with `uuid`.
    public func updateActivity(uuid: UUID, end endDate: Date) async throws {
        endActivity(uuid: uuid, at: endDate)
    }

    func endActivity(uuid: UUID, at endDate: Date) {
        storage.withLock { s in
            guard let index = s.activities.firstIndex(where: { $0.uuid == uuid }) else { return }
            let a = s.activities[index]
            s.activities[index] = HKWorkoutActivity(uuid: a.uuid, configuration: a.workoutConfiguration, start: a.startDate, end: endDate,
                                                    metadata: a.metadata, events: a.workoutEvents, statistics: a.allStatistics)
        }
        tell(.collection)
    }

    /// Tells the participant, if any, of `change`.
    func tell(_ change: WorkoutBuilderChange) {
        participant?.builder(self, didChange: change)
    }

    /// Restores a builder's state after a crash.
    func restore(state: PersistedWorkout, samples: [HKSample]) {
        storage.withLock { s in
            s.state = HKWorkoutBuilderState(rawValue: state.builderState) ?? .notStarted
            s.startDate = state.start
            s.endDate = state.end
            s.events = state.events.sorted { $0.dateInterval.start < $1.dateInterval.start }
            s.metadata = state.metadata
            s.activities = state.activities.map {
                HKWorkoutActivity(uuid: $0.uuid, configuration: HKWorkoutConfiguration(values: $0.configuration), start: $0.start, end: $0.end,
                                  metadata: MetadataValue.decode($0.metadata), events: $0.events, statistics: WorkoutPayload.load($0.statistics))
            }
            s.figures.restore(samples, over: s.span, now: clock.now)
        }
    }

    /// The builder's part of the persisted state.
    func persistedParts() -> (state: Int, start: Date?, end: Date?, events: [HKWorkoutEvent], metadata: [String: MetadataValue], activities: [WorkoutPayload.Activity]) {
        storage.withLock { s in
            (s.state.rawValue, s.startDate, s.endDate, s.events, s.metadata, s.activities.map {
                WorkoutPayload.Activity(uuid: $0.uuid, configuration: $0.workoutConfiguration.values, start: $0.startDate, end: $0.endDate,
                                        events: $0.workoutEvents, statistics: WorkoutPayload.store($0.allStatistics), metadata: MetadataValue.encode($0.metadata))
            })
        }
    }
}
