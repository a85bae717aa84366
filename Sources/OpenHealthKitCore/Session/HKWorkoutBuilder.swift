public import Foundation
import Synchronization

/// The construction states of a workout builder.
public enum HKWorkoutBuilderState: Int, Sendable, CustomStringConvertible {
    /// Created; ``HKWorkoutBuilder/beginCollection(at:)`` not yet called.
    case notStarted = 0
    /// Collecting.
    case active = 1
    /// Collection ended; ready to finish.
    case ended = 2
    /// Saved as a workout.
    case finished = 3
    /// Thrown away.
    case discarded = 4

    /// The state's name.
    public var description: String {
        switch self {
        case .notStarted: "NotStarted"
        case .active: "Active"
        case .ended: "Ended"
        case .finished: "Finished"
        case .discarded: "Discarded"
        }
    }
}

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
        /// Every counted row by type, compressed once a few thousand have arrived.
        var rows: [HKQuantityType: StatisticRowLog] = [:]
        var statistics: [HKQuantityType: HKStatistics] = [:]
        /// Running totals per type, valid while every row of the type is an
        /// instant of a cumulative or arithmetic type; `nil` means recompute.
        var totals: [HKQuantityType: RunningTotals] = [:]
        /// The latest sample end, for snapshot ends.
        var latestSampleEnd = -Double.infinity
    }

    /// Statistics kept up to date one instantaneous sample at a time.
    struct RunningTotals {
        var sum = 0.0
        var weightedSum = 0.0
        var weight = 0.0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var mostRecent: StatisticRow?

        mutating func add(_ row: StatisticRow) {
            sum += row.value
            weightedSum += row.value * Double(row.count)
            weight += Double(row.count)
            minimum = min(minimum, row.value)
            maximum = max(maximum, row.value)
            // Keep the first of equally recent rows, as the row calculator does.
            if let latest = mostRecent, !((latest.end, latest.start) < (row.end, row.start)) { return }
            mostRecent = row
        }

        func values(cumulative: Bool) -> StatisticValues? {
            guard let latest = mostRecent else { return nil }
            var values = StatisticValues()
            if cumulative {
                values.sum = sum
            } else {
                values.average = weightedSum / weight
                values.minimum = minimum
                values.maximum = maximum
            }
            values.mostRecent = latest.value
            values.mostRecentInterval = DateInterval(start: Date(timeIntervalSince1970: latest.start), end: Date(timeIntervalSince1970: latest.end))
            return values
        }

        static func supports(_ type: HKQuantityType) -> Bool {
            type.aggregationStyle == .cumulative || type.aggregationStyle == .discreteArithmetic
        }
    }

    private let routeBuilder = Mutex<HKWorkoutRouteBuilder?>(nil)

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
        if created { didChangeCollection() }
        return builder
    }

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

    init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?, clock: any WorkoutClock, workoutUUID: UUID) {
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
        storage.withLock { $0.latestSampleEnd.isFinite ? Date(timeIntervalSince1970: $0.latestSampleEnd) : nil }
    }

    package var sampleCounts: [HKQuantityType: Int] { storage.withLock { $0.rows.mapValues(\.count) } }

    /// The sum of `quantityType`'s values over `interval`, pro-rating samples
    /// that straddle its ends, paused time included (for laps and splits).
    package func sum(of quantityType: HKQuantityType, in interval: DateInterval) -> Double {
        let lo = interval.start.timeIntervalSince1970, hi = interval.end.timeIntervalSince1970
        return storage.withLock { s in
            (s.rows[quantityType] ?? StatisticRowLog()).reduce(0) { total, row in row.belongs(lo: lo, hi: hi) ? total + row.proRated(lo: lo, hi: hi) : total }
        }
    }

    /// The dates of `quantityType`'s samples, by start, for gap measurements.
    package func sampleDates(of quantityType: HKQuantityType) -> [Date] {
        storage.withLock { s in (s.rows[quantityType] ?? StatisticRowLog()).map { Date(timeIntervalSince1970: $0.start) } }
    }

    /// The statistics of one type as of the last batch, paused samples left out.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { storage.withLock { $0.statistics[quantityType] } }
    /// The statistics of every collected type.
    public var allStatistics: [HKQuantityType: HKStatistics] { storage.withLock { $0.statistics } }

    /// Seconds spent in each heart-rate zone: index 0 is below zone 1, 1 to 5 the zones.
    ///
    /// Each reading holds until the next one, for at most ten seconds, and only
    /// active time (inside collection, outside pauses) counts.
    public func timeInHeartRateZones(_ zones: HeartRateZones) -> [TimeInterval] {
        storage.withLock { s in
            var result = [TimeInterval](repeating: 0, count: 6)
            guard let start = s.startDate?.timeIntervalSince1970 else { return result }
            let end = s.endDate?.timeIntervalSince1970 ?? max(s.latestSampleEnd, start)
            let active = Self.activeIntervals(start: start, end: end, events: s.events)
            let perMinute = HKUnit.count().unitDivided(by: .minute())
            let rows = (s.rows[HKQuantityType(.heartRate)] ?? StatisticRowLog()).sorted { $0.start < $1.start }
            for (index, row) in rows.enumerated() {
                let holdUntil = min(index + 1 < rows.count ? rows[index + 1].start : row.start + 10, row.start + 10, end)
                guard holdUntil > row.start else { continue }
                let bpm = HKQuantity(unit: HKQuantityType(.heartRate).canonicalUnit, doubleValue: row.value).doubleValue(for: perMinute)
                let counted = active.reduce(0.0) { $0 + max(0, min($1.1, holdUntil) - max($1.0, row.start)) }
                result[zones.zone(of: bpm)] += counted
            }
            return result
        }
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
            s.statistics = Self.recompute(&s, now: startDate)
        }
        didChangeCollection()
    }

    /// Completion-handler form of ``beginCollection(at:)``.
    public func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached { do { try await self.beginCollection(at: startDate); completion(true, nil) } catch { completion(false, error) } }
    }

    /// Stops collecting at `endDate`, which must be after the start.
    public func endCollection(at endDate: Date) async throws {
        try storage.withLock { s throws(HKError) in
            guard s.state == .active else { throw HKError(.errorInvalidArgument, "Unable to end a workout that is not currently active.") }
            guard let start = s.startDate else { throw HKError(.errorInvalidArgument, "cannot set endDate without a startDate") }
            guard endDate > start else { throw HKError(.errorInvalidArgument, "endDate must be after startDate") }
            s.state = .ended
            s.endDate = endDate
            if s.latestSampleEnd <= endDate.timeIntervalSince1970 {
                // No row reaches past the end, so the running totals stand: only
                // types without them are recomputed (a day's rows are not copied).
                let stale = Set(s.rows.keys.filter { s.totals[$0] == nil })
                s.statistics.merge(Self.recompute(s, types: stale, now: endDate)) { _, new in new }
                Self.refreshTotals(&s, types: Set(s.rows.keys).subtracting(stale), now: endDate)
            } else {
                s.statistics = Self.recompute(&s, now: endDate)
            }
        }
        didChangeCollection()
    }

    /// Completion-handler form of ``endCollection(at:)``.
    public func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached { do { try await self.endCollection(at: endDate); completion(true, nil) } catch { completion(false, error) } }
    }

    /// Adds samples: saves them, tied to the workout, and updates statistics.
    /// Samples that arrive before collection begins are dropped, as HealthKit drops them.
    public func addSamples(_ samples: [HKSample]) async throws {
        guard try acceptsSamples(), !samples.isEmpty else { return }
        try await healthStore.saveAssociated(samples, to: workoutUUID)
        didCollect(count(samples))
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
        for case let sample as HKQuantitySample in samples { groups.append(StatisticRow(sample), of: sample.quantityType) }
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
        storage.withLock { s -> Set<HKQuantityType> in
            var types: Set<HKQuantityType> = []
            var stale: Set<HKQuantityType> = []
            // Events do not change while counting: the active time is worked out once.
            var activeTime = ActiveTime(s)
            for group in groups.all where !group.rows.isEmpty {
                let type = group.type
                types.insert(type)
                var log = s.rows.removeValue(forKey: type) ?? StatisticRowLog()
                var totals = s.totals[type]
                let supported = RunningTotals.supports(type), cumulative = type.aggregationStyle == .cumulative
                var keepsTotals = supported && (totals != nil || log.count == 0)
                for row in group.rows {
                    log.append(row)
                    s.latestSampleEnd = max(s.latestSampleEnd, row.end)
                    guard keepsTotals else { continue }
                    if row.isInstant || Self.isWhollyActiveOrInactive(row, in: s) {
                        // The entry exists from the first row on, even a paused one, so the
                        // type keeps its running totals instead of recomputing every batch.
                        if totals == nil { totals = RunningTotals() }
                        if activeTime.contains(row.start), row.isInstant || activeTime.contains(row.end) { totals!.add(row) }
                    } else if cumulative, let start = s.startDate {
                        // A cumulative interval across a pause or the start counts its
                        // active part, pro-rated, exactly as a full recompute masks it.
                        let active = Self.activeIntervals(start: start.timeIntervalSince1970, end: (s.endDate ?? .distantFuture).timeIntervalSince1970, events: s.events)
                        if totals == nil { totals = RunningTotals() }
                        for piece in Self.mask([row], to: active, cumulative: true) { totals!.add(piece) }
                    } else {
                        totals = nil
                        keepsTotals = false
                    }
                }
                s.rows[type] = log
                s.totals[type] = totals
                if !keepsTotals { stale.insert(type) }
            }
            s.statistics.merge(Self.recompute(s, types: stale, now: clock.now)) { _, new in new }
            Self.refreshTotals(&s, types: types.subtracting(stale), now: clock.now)
            return types
        }
    }

    /// Completion-handler form of ``addSamples(_:)``.
    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached { do { try await self.addSamples(samples); completion(true, nil) } catch { completion(false, error) } }
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
            s.statistics = Self.recompute(&s, now: clock.now)
        }
        for event in workoutEvents { didCollectEvent(event) }
        didChangeCollection()
    }

    /// Completion-handler form of ``addWorkoutEvents(_:)``.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached { do { try await self.addWorkoutEvents(workoutEvents); completion(true, nil) } catch { completion(false, error) } }
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
        didChangeCollection()
    }

    /// Completion-handler form of ``addMetadata(_:)``.
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        guard let values = MetadataValue.encode(metadata) else {
            completion(false, HKError(.errorInvalidArgument, "Metadata values must be strings, numbers, booleans, dates or quantities"))
            return
        }
        Task.detached {
            do { try await self.addMetadata(MetadataValue.decode(values) ?? [:]); completion(true, nil) } catch { completion(false, error) }
        }
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
        didChangeCollection()
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
        didChangeCollection()
    }

    // MARK: Finishing

    /// Saves the workout: its dates, active duration, events inside its
    /// interval, activities, statistics (pauses masked) and metadata.
    ///
    /// - Throws: "Unable to finish a workout that is not currently ended." unless collection has ended.
    public func finishWorkout() async throws -> HKWorkout? {
        await prepareToFinish()
        // A finish that happened before a crash is reconciled, not repeated.
        if storage.withLock({ $0.state == .ended }), let saved = try await healthStore.savedWorkout(workoutUUID) {
            storage.withLock { $0.state = .finished }
            didFinish(saved)
            return saved
        }
        let derived = derivedMetadata()
        let workout = try storage.withLock { s throws(HKError) -> HKWorkout in
            guard s.state == .ended, let start = s.startDate, let end = s.endDate else {
                throw HKError(.errorInvalidArgument, "Unable to finish a workout that is not currently ended.")
            }
            let events = s.events.filter { $0.dateInterval.start >= start && $0.dateInterval.end <= end }
            var metadata = derived
            metadata.merge(MetadataValue.decode(s.metadata) ?? [:]) { _, own in own }
            if metadata[HKMetadataKeyIndoorWorkout] == nil, workoutConfiguration.locationType != .unknown {
                metadata[HKMetadataKeyIndoorWorkout] = workoutConfiguration.locationType == .indoor
            }
            return HKWorkout(unchecked: workoutConfiguration.activityType, start: start, end: end,
                             duration: ElapsedTime.activeDuration(start: start, end: end, events: s.events, at: end),
                             events: events, activities: s.activities, statistics: s.statistics,
                             uuid: workoutUUID, device: device, metadata: metadata, sourceRevision: HKSourceRevision(
                                source: healthStore.source, version: nil))
        }
        try await healthStore.save(workout)
        await finishSeries(for: workout)
        if let route = routeBuilder.withLock({ $0 }), route.hasLocations {
            _ = try await route.finishRoute(with: workout, metadata: nil)
        }
        storage.withLock { $0.state = .finished }
        didFinish(workout)
        return workout
    }

    /// Completion-handler form of ``finishWorkout()``.
    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        Task.detached { do { completion(try await self.finishWorkout(), nil) } catch { completion(nil, error) } }
    }

    /// Throws the workout away and deletes the samples saved for it.
    public func discardWorkout() {
        let discarded = storage.withLock { s -> Bool in
            guard s.state != .finished, s.state != .discarded else { return false }
            s.state = .discarded
            return true
        }
        guard discarded else { return }
        routeBuilder.withLock { $0?.discard() }
        didDiscard()
        let store = healthStore, workout = workoutUUID
        Task.detached { [self] in
            await prepareToDiscard()
            try? await store.deleteAssociated(with: workout)
        }
    }

    // MARK: Statistics

    /// Recomputes every type from its rows and rebuilds the running totals of
    /// the types that can keep them.
    static func recompute(_ s: inout Storage, now: Date) -> [HKQuantityType: HKStatistics] {
        s.totals = [:]
        if let start = s.startDate {
            let active = activeIntervals(start: start.timeIntervalSince1970, end: (s.endDate ?? .distantFuture).timeIntervalSince1970, events: s.events)
            for (type, rows) in s.rows where RunningTotals.supports(type) {
                var totals = RunningTotals()
                for row in mask(rows, to: active, cumulative: type.aggregationStyle == .cumulative) { totals.add(row) }
                s.totals[type] = totals
            }
        }
        return recompute(s, types: Set(s.rows.keys), now: now)
    }

    /// Whether an interval row lies wholly inside one stretch of active time or
    /// wholly outside all of them, so masking keeps or drops it whole.
    static func isWhollyActiveOrInactive(_ row: StatisticRow, in s: Storage) -> Bool {
        guard let start = s.startDate?.timeIntervalSince1970, row.start >= start else { return false }
        if let end = s.endDate?.timeIntervalSince1970, row.end > end { return false }
        let changes = s.events.contains { event in
            let t = event.dateInterval.start.timeIntervalSince1970
            return (event.type == .pause || event.type == .resume) && t > row.start && t < row.end
        }
        return !changes
    }

    /// The active time of a workout whose events do not change meanwhile,
    /// worked out on first use.
    struct ActiveTime {
        private let start: Double?
        private let end: Double?
        private let events: [HKWorkoutEvent]
        private var intervals: [(Double, Double)]?

        init(_ s: Storage) {
            start = s.startDate?.timeIntervalSince1970
            end = s.endDate?.timeIntervalSince1970
            events = s.events
        }

        /// Whether an instant counts: inside collection and not inside a pause.
        mutating func contains(_ time: Double) -> Bool {
            guard let start, time >= start else { return false }
            if let end, time > end { return false }
            // Events after `time` never change whether it is active, so one
            // list running to infinity answers for every instant.
            if intervals == nil { intervals = HKWorkoutBuilder.activeIntervals(start: start, end: .infinity, events: events) }
            return intervals!.contains { time >= $0.0 && time <= $0.1 }
        }
    }

    /// Publishes statistics for `types` from their running totals.
    static func refreshTotals(_ s: inout Storage, types: Set<HKQuantityType>, now: Date) {
        guard let start = s.startDate else { return }
        let latestEvent = s.events.last.map { $0.dateInterval.end.timeIntervalSince1970 } ?? -Double.infinity
        let end = s.endDate ?? max(now, start, Date(timeIntervalSince1970: max(s.latestSampleEnd, latestEvent)))
        for type in types {
            guard let values = s.totals[type]?.values(cumulative: type.aggregationStyle == .cumulative) else { continue }
            s.statistics[type] = HKStatistics(type: type, start: start, end: end, merged: values, bySource: nil, sources: nil)
        }
    }

    /// Statistics for `types` over the collected rows, with samples inside
    /// pauses left out and intervals clipped to the active time.
    static func recompute(_ s: Storage, types: Set<HKQuantityType>, now: Date) -> [HKQuantityType: HKStatistics] {
        guard let start = s.startDate, !types.isEmpty else { return [:] }
        // Before collection ends, statistics run to the latest of now, the last
        // sample's end and the last event's end, as HealthKit's snapshots do.
        let latestSample = s.latestSampleEnd
        let latestEvent = s.events.last.map { $0.dateInterval.end.timeIntervalSince1970 } ?? -Double.infinity
        let end = s.endDate ?? max(now, start, Date(timeIntervalSince1970: max(latestSample, latestEvent)))
        let active = activeIntervals(start: start.timeIntervalSince1970, end: end.timeIntervalSince1970, events: s.events)
        var result: [HKQuantityType: HKStatistics] = [:]
        for type in types {
            let masked = mask(s.rows[type] ?? StatisticRowLog(), to: active, cumulative: type.aggregationStyle == .cumulative)
            let options: HKStatisticsOptions = type.aggregationStyle == .cumulative
                ? [.cumulativeSum, .mostRecent] : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]
            let calculator = StatisticsCalculator(style: type.aggregationStyle, options: options, sourceRank: [0: 0])
            let lo = start.timeIntervalSince1970, hi = end.timeIntervalSince1970.nextUp
            guard let values = calculator.values(for: masked, lo: lo, hi: hi) else { continue }
            result[type] = HKStatistics(type: type, start: start, end: end, merged: values, bySource: nil, sources: nil)
        }
        return result
    }

    /// The intervals between `start` and `end` not inside a pause.
    static func activeIntervals(start: Double, end: Double, events: [HKWorkoutEvent]) -> [(Double, Double)] {
        var intervals: [(Double, Double)] = []
        var running = true
        var segmentStart = start
        for event in events {
            let t = event.dateInterval.start.timeIntervalSince1970
            guard t >= start, t <= end else { continue }
            if event.type == .pause, running {
                if t > segmentStart { intervals.append((segmentStart, t)) }
                running = false
            } else if event.type == .resume, !running {
                segmentStart = t
                running = true
            }
        }
        if running, end >= segmentStart { intervals.append((segmentStart, end)) }
        return intervals
    }

    /// Keeps instants inside an active interval and cuts intervals to their
    /// active parts, pro-rating cumulative values.
    static func mask(_ rows: some Sequence<StatisticRow>, to active: [(Double, Double)], cumulative: Bool) -> [StatisticRow] {
        var result: [StatisticRow] = []
        result.reserveCapacity(rows.underestimatedCount)
        for row in rows {
            if row.isInstant {
                if active.contains(where: { row.start >= $0.0 && row.start <= $0.1 }) { result.append(row) }
                continue
            }
            for (lo, hi) in active {
                let a = max(row.start, lo), b = min(row.end, hi)
                guard b > a else { continue }
                if a == row.start && b == row.end {
                    result.append(row) // the whole row: no pro-rating, no rounding
                    continue
                }
                var piece = row
                piece.start = a
                piece.end = b
                if cumulative { piece.value = row.value * (b - a) / (row.end - row.start) }
                result.append(piece)
            }
        }
        return result
    }

    // MARK: Hooks for the live builder

    func didCollect(_ types: Set<HKQuantityType>) {}
    func didCollectEvent(_ event: HKWorkoutEvent) {}
    func didChangeCollection() {}
    func didFinish(_ workout: HKWorkout) {}
    func didDiscard() {}
    /// Writes out anything buffered for the workout before it is finished.
    func prepareToFinish() async {}
    /// Waits for writes still under way, so that deleting a discarded workout's samples deletes them all.
    func prepareToDiscard() async {}
    /// Saves series collected live (heartbeats) with the finished workout.
    func finishSeries(for workout: HKWorkout) async {}
    /// Metadata computed from live readings; the app's own metadata wins.
    func derivedMetadata() -> [String: Any] { [:] }

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
            for case let sample as HKQuantitySample in samples {
                s.rows[sample.quantityType, default: StatisticRowLog()].append(StatisticRow(sample))
                s.latestSampleEnd = max(s.latestSampleEnd, sample.endDate.timeIntervalSince1970)
            }
            s.statistics = Self.recompute(&s, now: clock.now)
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

/// Rows of one quantity type, counted together.
struct TypedRows {
    let type: HKQuantityType
    var rows: [StatisticRow] = []

    /// Rows grouped by type in the order each type first appeared. A batch
    /// holds a handful of types, so finding a type's group is a short scan
    /// comparing types with ==, with no hashing.
    struct Groups {
        private(set) var all: [TypedRows] = []
        /// Room each new group makes for rows.
        private let expectedRows: Int
        /// The group of each derived type, by ``DerivedQuantity/typeIndex``, once it has one.
        private var derivedGroups = [Int](repeating: -1, count: DerivedQuantity.types.count)

        /// Groups whose rows make room for `expectedRows` rows at first.
        init(expectedRows: Int = 0) {
            self.expectedRows = expectedRows
        }

        /// Whether no rows are held.
        var isEmpty: Bool { all.allSatisfy(\.rows.isEmpty) }

        /// Adds `row` to `type`'s group.
        mutating func append(_ row: StatisticRow, of type: HKQuantityType) {
            if let index = all.firstIndex(where: { $0.type == type }) {
                all[index].rows.append(row)
            } else {
                var rows: [StatisticRow] = []
                rows.reserveCapacity(expectedRows)
                rows.append(row)
                all.append(TypedRows(type: type, rows: rows))
            }
        }

        /// Adds a derived quantity's row to its type's group, found by index.
        mutating func append(_ quantity: DerivedQuantity) {
            let slot = Int(quantity.typeIndex), group = derivedGroups[slot]
            if group >= 0 {
                all[group].rows.append(quantity.row)
            } else {
                append(quantity.row, of: quantity.type)
                derivedGroups[slot] = all.firstIndex { $0.type == quantity.type } ?? -1
            }
        }

        /// Drops the groups whose type `refused` holds.
        mutating func removeAll(where refused: (HKQuantityType) -> Bool) {
            all.removeAll { refused($0.type) }
            derivedGroups = derivedGroups.indices.map { slot in all.firstIndex { $0.type == DerivedQuantity.types[slot] } ?? -1 }
        }
    }
}

extension StatisticRow {
    /// A builder's row for a sample: its times, its value in the type's canonical unit, one source.
    init(_ sample: HKQuantitySample) {
        self.init(start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                  value: sample.quantity.doubleValue(for: sample.quantityType.canonicalUnit), source: 0, count: Int32(sample.count))
    }
}

extension HKHealthStore {
    /// Saves samples tied to a workout (by its identifier); the save's plan
    /// checks sharing once for each type.
    func saveAssociated(_ samples: [HKSample], to workout: UUID) async throws {
        try await saveRows(samples, parent: workout, database: try database())
    }
}
