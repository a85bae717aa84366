public import Foundation
import Synchronization

/// Feeds a live builder from live sources while its session is running.
///
/// ```swift
/// builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
/// ```
///
/// The HealthKit initialiser (with `import OpenHealthKit`) uses the sources
/// `OPENHEALTHKIT_SOURCES` names, such as `scenario:ride.yaml`,
/// `gpsd://localhost:2947` or `hrm:/dev/ttyUSB0` (see ``WorkoutSourceRegistry``);
/// ``init(healthStore:workoutConfiguration:sources:)`` takes sources directly. With no sources there are no samples, like a phone
/// without sensors. Readings are added only while the session is running, only
/// for ``typesToCollect``, and only when they match the type's predicate.
public final class HKLiveWorkoutDataSource: @unchecked Sendable {
    // Mutable state lives in `state` behind a lock.

    /// The sources feeding this data source.
    public let sources: [any WorkoutDataSource]
    /// Why the configured sources could not be made, if they could not.
    public let configurationError: (any Error)?

    private let state: Mutex<State>
    private struct State {
        var types: Set<HKQuantityType> {
            didSet {
                collectsActiveEnergy = types.contains(HKLiveWorkoutDataSource.activeEnergyType)
                collectsBasalEnergy = types.contains(HKLiveWorkoutDataSource.basalEnergyType)
            }
        }
        /// Whether ``types`` holds active and basal energy: asked for every reading.
        var collectsActiveEnergy: Bool
        var collectsBasalEnergy: Bool
        var predicates: [HKQuantityType: NSPredicateBox] = [:]
        var tasks: [Task<Void, Never>] = []
        var statuses: [String: WorkoutSourceStatus] = [:]
        var locationCount = 0
        var latestLocation: CLLocation?
        var failures: [String] = []
        var running = 0
        var distance = DistanceAccumulator()
        var elevation = ElevationGain()
        var maximumSpeed: Double?
        var movingSeconds = 0.0
        var profile: AthleteProfile?
        var energy = EnergyState()
        var autoPause: AutoPauseDetector?
        var autoPausesSession = false
        var savesCollectedData = true
        var pausedByMotion = false
        var heldWhilePaused: [CLLocation] = []
        var heartbeats = HeartbeatState()
        var pending: [HKSample] = []
        /// Readings the store refused for a reason that may pass (a full or
        /// read-only disk): written before the next batch, up to ``unwrittenLimit``.
        var unwritten = ReadingWriter.Batch(samples: [], locations: [])
        /// The store's current trouble, once reported; `nil` while writes succeed.
        var storeTrouble: String?
        var pendingDerived: [DerivedQuantity] = []
        var pendingLocations: [CLLocation] = []
        /// Types counted since the delegate last heard of a batch.
        var collected: Set<HKQuantityType> = []
        /// Why the store refuses a sample type, by identifier (`nil`: it accepts it).
        var sharing: [String: HKError?] = [:]
        var lastFlush: Date?
        var lastWrite: Date?
        var writer: ReadingWriter?
        weak var builder: HKLiveWorkoutBuilder?
    }

    /// Readings are written at most this far apart in real time, in seconds: a
    /// crash loses at most this much, however fast a replay runs.
    static let flushInterval: TimeInterval = 1
    /// The real clock, which paces writes (never the session's virtual clock).
    private let realClock: any WorkoutClock = SystemClock()
    /// …and at least every this many readings.
    static let flushCount = 512
    /// A reading arriving this long (in real time) after the last write is
    /// written at once: a live 1 Hz receiver's statistics are current within
    /// a millisecond, while a fast replay still writes in batches.
    static let immediateWriteSpacing: TimeInterval = 0.05

    /// The heartbeat series in progress and the RR intervals between beats with no gap.
    struct HeartbeatState {
        var builder: HKHeartbeatSeriesBuilder?
        var lastBeat: Date?
        var intervals: [TimeInterval] = []
    }

    /// When each kind of reading last arrived, for the energy model's intervals.
    struct EnergyState {
        var lastHeartRate: (value: Double, date: Date)?
        var lastPower: (value: Double, date: Date)?
        var lastSpeed: (value: Double, date: Date)?
        var activeKilocalories = 0.0
    }

    /// Readings further apart than this do not carry energy across the gap, in seconds.
    static let longestEnergyInterval: TimeInterval = 10
    private let finished = AsyncStream<Void>.makeStream()

    /// A data source over the sources `environment`'s `OPENHEALTHKIT_SOURCES`
    /// names, among those registered with ``WorkoutSourceRegistry``. A
    /// specification that no registered source handles is kept in
    /// ``configurationError`` and gives no readings.
    ///
    /// HealthKit's own `init(healthStore:workoutConfiguration:)` comes with the
    /// `OpenHealthKit` module, which registers the built-in sources (scenario,
    /// gpsd, hrm) and reads the process's environment through this one.
    public convenience init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?,
                            configuredBy environment: [String: String]) {
        do {
            self.init(configuration: configuration, sources: try WorkoutSourceRegistry.configuredSources(environment), error: nil)
        } catch {
            self.init(configuration: configuration, sources: [], error: error)
        }
    }

    /// A data source over `sources`.
    public convenience init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?, sources: [any WorkoutDataSource]) {
        self.init(configuration: configuration, sources: sources, error: nil)
    }

    private let distanceType: HKQuantityType?
    private let speedType: HKQuantityType?
    private let activityType: HKWorkoutActivityType
    private static let metersPerSecond = HKUnit.meter().unitDivided(by: .second())
    private static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    private static let watts = HKUnit.watt()
    private static let activeEnergyType = HKQuantityType(.activeEnergyBurned)
    private static let basalEnergyType = HKQuantityType(.basalEnergyBurned)
    private static let heartRateType = HKQuantityType(.heartRate)
    private static let cyclingPowerType = HKQuantityType(.cyclingPower)
    private static let runningPowerType = HKQuantityType(.runningPower)

    private init(configuration: HKWorkoutConfiguration?, sources: [any WorkoutDataSource], error: (any Error)?) {
        self.distanceType = configuration.map { HKQuantityType(HKWorkout.distanceType(for: $0.activityType)) }
        self.activityType = configuration?.activityType ?? .other
        self.speedType = configuration.flatMap { Self.speedType(for: $0.activityType) }.map(HKQuantityType.init)
        self.sources = sources
        self.configurationError = error
        var state = State(types: [], collectsActiveEnergy: false, collectsBasalEnergy: false)
        state.types = Self.defaultTypes(for: configuration)
        self.state = Mutex(state)
    }

    /// The speed type a data source derives from Doppler speed for `activity`, if any.
    static func speedType(for activity: HKWorkoutActivityType) -> HKQuantityTypeIdentifier? {
        switch activity {
        case .running: .runningSpeed
        case .cycling, .handCycling: .cyclingSpeed
        case .walking, .hiking: .walkingSpeed
        default: nil
        }
    }

    /// The types collected by default: energy and heart rate, the activity's
    /// distance when outdoors, and power, cadence and speed where they apply.
    static func defaultTypes(for configuration: HKWorkoutConfiguration?) -> Set<HKQuantityType> {
        var types: Set<HKQuantityType> = [HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned), HKQuantityType(.heartRate)]
        guard let configuration else { return types }
        let activity = configuration.activityType
        // Indoors, a watch still counts running and walking distance from its
        // accelerometer (a footpod here); cycling distance needs a sensor outdoors.
        if configuration.locationType != .indoor || [.swimming, .running, .walking].contains(activity) {
            types.insert(HKQuantityType(HKWorkout.distanceType(for: activity)))
        }
        switch activity {
        case .cycling, .handCycling:
            types.formUnion([HKQuantityType(.cyclingPower), HKQuantityType(.cyclingCadence), HKQuantityType(.cyclingSpeed)])
        case .running:
            types.formUnion([HKQuantityType(.runningPower), HKQuantityType(.runningSpeed), HKQuantityType(.stepCount)])
        case .walking, .hiking:
            types.formUnion([HKQuantityType(.stepCount), HKQuantityType(.walkingSpeed)])
        case .swimming:
            types.insert(HKQuantityType(.swimmingStrokeCount))
        default:
            break
        }
        return types
    }

    /// The athlete, for energy from heart rate, METs and basal energy. Without
    /// one, active energy comes from a power meter or the strap's energy field only.
    public var athleteProfile: AthleteProfile? {
        get { state.withLock { $0.profile } }
        set { state.withLock { $0.profile = newValue } }
    }

    /// Auto-pause thresholds; `nil` (the default) turns auto-pause off. When set,
    /// Doppler speed produces ``HKWorkoutEventType/motionPaused`` and
    /// ``HKWorkoutEventType/motionResumed`` events through the session. Like
    /// HealthKit's, these events do not change elapsed time.
    public var autoPause: AutoPauseDetector.Thresholds? {
        get { state.withLock { $0.autoPause?.thresholds } }
        set { state.withLock { $0.autoPause = newValue.map(AutoPauseDetector.init) } }
    }

    /// Whether auto-pause also pauses and resumes the session, as a watch's
    /// Autopause setting does (default `false`).
    ///
    /// The session is paused from the moment the speed dropped and resumed from
    /// the moment it rose, not when the dwell ran out; positions received while
    /// paused are held, so the distance covered before moving was confirmed
    /// still counts. A session the user paused is never resumed by motion.
    public var autoPausesSession: Bool {
        get { state.withLock { $0.autoPausesSession } }
        set { state.withLock { $0.autoPausesSession = newValue } }
    }

    /// Whether what the data source collects is saved to the store (default
    /// `true`, as in HealthKit).
    ///
    /// With `false`, readings still count toward the builder's statistics,
    /// events, elapsed time and the finished workout's metadata, but no sample,
    /// route position or heartbeat series is written: the finished workout is
    /// saved without associated samples or route, and a workout recovered after
    /// a crash has none either. For a replay that needs only its figures, such as
    /// `workout check` or `workout replay --no-store`, this leaves out nearly all
    /// of the store's work. It applies to readings collected after it is set.
    ///
    /// This is an OpenHealthKit addition; HealthKit always saves.
    public var savesCollectedData: Bool {
        get { state.withLock { $0.savesCollectedData } }
        set { state.withLock { $0.savesCollectedData = newValue } }
    }

    /// Active energy this data source has derived, in kilocalories.
    public var derivedActiveKilocalories: Double { state.withLock { $0.energy.activeKilocalories } }

    /// The types the data source adds to the builder.
    public var typesToCollect: Set<HKQuantityType> { state.withLock { $0.types } }

    /// Starts collecting `quantityType`, keeping only samples that match `predicate`.
    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        state.withLock { s in
            s.types.insert(quantityType)
            s.predicates[quantityType] = predicate.map(NSPredicateBox.init)
        }
    }

    /// Stops collecting `quantityType`.
    public func disableCollection(for quantityType: HKQuantityType) {
        state.withLock { s in
            s.types.remove(quantityType)
            s.predicates[quantityType] = nil
        }
    }

    /// The last status each source reported, by source name.
    public var statuses: [String: WorkoutSourceStatus] { state.withLock { $0.statuses } }

    /// How many positions were received while running; they go to the
    /// builder's route, which holds them (in the store, not in memory).
    public var locationCount: Int { state.withLock { $0.locationCount } }

    /// The latest position received while running: for a display refreshed every second.
    public var latestLocation: CLLocation? { state.withLock { $0.latestLocation } }

    /// Metres counted from positions so far, after the accumulator's gates.
    public var distanceFromLocations: Double { state.withLock { $0.distance.total } }

    // MARK: Energy

    /// Active and basal energy for the interval a reading closes.
    ///
    /// Priority: power (a power meter measures the work done), then heart rate
    /// through Keytel et al. 2005 with the athlete's profile, then METs from the
    /// activity and Doppler speed (see ``EnergyModels``). Intervals longer than
    /// ``longestEnergyInterval`` are not bridged. Basal energy (Mifflin–St Jeor)
    /// covers the same intervals when there is a profile.
    private static func energy(after sample: HKQuantitySample, in s: inout State, into derived: inout [DerivedQuantity]) {
        let type = sample.quantityType
        let date = sample.endDate
        if type == heartRateType {
            let bpm = sample.quantity.doubleValue(for: beatsPerMinute)
            defer { s.energy.lastHeartRate = (bpm, date) }
            guard let profile = s.profile, let previous = s.energy.lastHeartRate, !powerIsRecent(s, at: date) else { return }
            energy(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.keytelKilocaloriesPerMinute(heartRate: previous.value, profile: profile),
                   in: &s, into: &derived)
        } else if type == cyclingPowerType || type == runningPowerType {
            let watts = sample.quantity.doubleValue(for: watts)
            defer { s.energy.lastPower = (watts, date) }
            guard let previous = s.energy.lastPower else { return }
            energy(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.kilocaloriesPerMinute(watts: previous.value), in: &s, into: &derived)
        }
    }

    /// METs energy for the interval a fix with Doppler speed closes, when nothing better applies.
    private static func energy(afterSpeed location: CLLocation, in s: inout State, activity: HKWorkoutActivityType, into derived: inout [DerivedQuantity]) {
        guard location.speed >= 0 else { return }
        let date = location.timestamp
        defer { s.energy.lastSpeed = (location.speed, date) }
        guard let profile = s.profile, let previous = s.energy.lastSpeed, !powerIsRecent(s, at: date),
              !(s.energy.lastHeartRate.map { date.timeIntervalSince($0.date) <= longestEnergyInterval } ?? false),
              let mets = EnergyModels.mets(for: activity, metersPerSecond: previous.value) else { return }
        energy(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.kilocaloriesPerMinute(mets: mets, massKilograms: profile.massKilograms),
               in: &s, into: &derived)
    }

    private static func powerIsRecent(_ s: State, at date: Date) -> Bool {
        s.energy.lastPower.map { date.timeIntervalSince($0.date) <= longestEnergyInterval } ?? false
    }

    /// Active (and, with a profile, basal) energy in kilocalories, the
    /// energy types' canonical unit, for an interval at `rate`.
    private static func energy(from start: Date, to end: Date, kilocaloriesPerMinute rate: Double, in s: inout State, into derived: inout [DerivedQuantity]) {
        let seconds = end.timeIntervalSince(start)
        guard seconds > 0, seconds <= longestEnergyInterval else { return }
        if s.collectsActiveEnergy {
            let kilocalories = rate * seconds / 60
            s.energy.activeKilocalories += kilocalories
            derived.append(DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: kilocalories, start: start, end: end))
        }
        if let profile = s.profile, s.collectsBasalEnergy {
            let kilocalories = EnergyModels.basalKilocaloriesPerDay(profile: profile) * seconds / 86_400
            derived.append(DerivedQuantity(typeIndex: DerivedQuantity.basalEnergy, value: kilocalories, start: start, end: end))
        }
    }

    /// Workout metadata derived from the positions: elevation ascended and
    /// descended (3 m hysteresis, in centimetres), maximum Doppler speed, and
    /// average speed while moving (counted distance over the time it took);
    /// and the athlete profile's heart-rate and power figures
    /// (``AthleteProfile/workoutMetadata``), from which zones are drawn later.
    public var derivedMetadata: [String: Any] {
        state.withLock { s in
            var metadata: [String: Any] = s.profile?.workoutMetadata ?? [:]
            guard s.locationCount > 0 else { return metadata }
            let centimeters = HKUnit.meterUnit(with: .centi)
            metadata[HKMetadataKeyElevationAscended] = HKQuantity(unit: centimeters, doubleValue: (s.elevation.ascended * 100).rounded())
            metadata[HKMetadataKeyElevationDescended] = HKQuantity(unit: centimeters, doubleValue: (s.elevation.descended * 100).rounded())
            if let maximum = s.maximumSpeed { metadata[HKMetadataKeyMaximumSpeed] = HKQuantity(unit: Self.metersPerSecond, doubleValue: maximum) }
            if s.movingSeconds > 0 {
                metadata[HKMetadataKeyAverageSpeed] = HKQuantity(unit: Self.metersPerSecond, doubleValue: s.distance.total / s.movingSeconds)
            }
            return metadata
        }
    }

    /// Messages from sources that failed.
    public var failures: [String] { state.withLock { $0.failures } }

    /// Waits until every source has ended.
    public func untilSourcesFinish() async {
        var iterator = finished.stream.makeAsyncIterator()
        while state.withLock({ $0.running > 0 }), !Task.isCancelled, await iterator.next() != nil {}
    }

    // MARK: Running

    /// Starts reading every source into `builder`.
    func attach(to builder: HKLiveWorkoutBuilder) {
        state.withLock { s in
            s.builder = builder
            s.writer?.close()
            s.writer = ReadingWriter { [weak self] batch in await self?.write(batch) }
            s.running = sources.count
            s.tasks = sources.map { source in
                Task { [weak self, weak builder] in
                    do {
                        for try await reading in source.readings() {
                            guard let self, let builder else { return }
                            await self.handle(reading, from: source.name, builder: builder)
                        }
                    } catch {
                        self?.state.withLock { $0.failures.append("\(source.name): \(error)") }
                    }
                    if let self, let builder { await self.flushAndWait(into: builder) }
                    self?.state.withLock { $0.running -= 1 }
                    self?.finished.continuation.yield()
                }
            }
            // A source that falls silent must not leave its last readings in the
            // buffer: write out anything older than the flush interval.
            if !sources.isEmpty {
                s.tasks.append(Task { [weak self, weak builder] in
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: .seconds(Self.flushInterval)) } catch { return }
                        guard let self, let builder else { return }
                        let now = self.realClock.now
                        let due = self.state.withLock { s in
                            s.lastFlush.map { now.timeIntervalSince($0) >= Self.flushInterval } ?? false
                        }
                        if due { await self.flush(into: builder) }
                    }
                })
            }
        }
    }

    // MARK: Counting and writing

    /// What one run of readings yields: samples from sources, quantities
    /// derived from readings, positions, and the rows of both kinds of
    /// quantities, grouped by type, to count.
    private struct Collected {
        var samples: [HKSample]
        var derived: [DerivedQuantity]
        var locations: [CLLocation]
        var rows: TypedRows.Groups
    }

    /// Counts accepted quantities toward the builder's statistics at once, and
    /// buffers them and the positions for the writer, handing the buffer over
    /// once it is ``flushInterval`` old in real time or holds ``flushCount``
    /// readings, or at once when the last write was ``immediateWriteSpacing`` ago.
    private func collect(_ collected: Collected, into builder: HKLiveWorkoutBuilder) async {
        var collected = collected
        leaveOutRefusedTypes(&collected, store: builder.healthStore)
        let counts: Bool
        do { counts = try builder.acceptsSamples() } catch {
            state.withLock { $0.failures.append("\(error)") }
            return
        }
        let types = counts && !collected.rows.isEmpty ? builder.count(collected.rows) : []
        let now = realClock.now
        let due = state.withLock { s -> Bool in
            if s.savesCollectedData {
                if counts {
                    s.pending.adopt(collected.samples)
                    s.pendingDerived.adopt(collected.derived)
                }
                s.pendingLocations.adopt(collected.locations)
            }
            s.collected.formUnion(types)
            let first = s.lastFlush ?? now
            if s.lastFlush == nil { s.lastFlush = now }
            let quiet = s.lastWrite.map { now.timeIntervalSince($0) >= Self.immediateWriteSpacing } ?? true
            let buffered = s.pending.count + s.pendingDerived.count + s.pendingLocations.count
            return quiet || now.timeIntervalSince(first) >= Self.flushInterval || buffered >= Self.flushCount
        }
        if due { await flush(into: builder) }
    }

    /// Leaves out the quantities whose types the store does not let this app
    /// share; a refused type is reported once in ``failures``. Asked once per
    /// type in a run, not per reading.
    private func leaveOutRefusedTypes(_ collected: inout Collected, store: HKHealthStore) {
        var refused: Set<String> = []
        for group in collected.rows.all {
            let identifier = group.type.identifier
            let known = state.withLock { $0.sharing[identifier] }
            let error: HKError?
            if let known { error = known } else {
                error = store.sharingError(for: group.type)
                state.withLock { s in
                    s.sharing[identifier] = .some(error)
                    if let error { s.failures.append("\(identifier): \(error)") }
                }
            }
            if error != nil { refused.insert(identifier) }
        }
        guard !refused.isEmpty else { return }
        collected.rows.removeAll { refused.contains($0.identifier) }
        collected.samples.removeAll { refused.contains($0.sampleType.identifier) }
        collected.derived.removeAll { refused.contains($0.type.identifier) }
    }

    /// Tells the builder's delegate of the types counted since it last heard,
    /// and hands the buffer to the writer (waiting only while its backlog is full).
    func flush(into builder: HKLiveWorkoutBuilder) async {
        let (batch, types, writer) = state.withLock { s -> (ReadingWriter.Batch, Set<HKQuantityType>, ReadingWriter?) in
            defer {
                s.pending = []
                s.pendingDerived = []
                s.pendingLocations = []
                s.collected = []
                s.lastFlush = nil
                s.lastWrite = realClock.now
            }
            return (ReadingWriter.Batch(samples: s.pending, derived: s.pendingDerived, locations: s.pendingLocations), s.collected, s.writer)
        }
        if !types.isEmpty { builder.didCollect(types) }
        await writer?.enqueue(batch)
    }

    /// Hands the buffer over and waits until everything is written.
    func flushAndWait(into builder: HKLiveWorkoutBuilder) async {
        await flush(into: builder)
        await state.withLock { $0.writer }?.drain()
        // Readings the store refused earlier get one more try, even with nothing new to write.
        if state.withLock({ $0.unwritten.count > 0 }) {
            await write(ReadingWriter.Batch(samples: [], locations: []))
        }
    }

    /// Waits for the writes under way, taking no more: for a discarded workout.
    func closeAndDrain() async {
        let writer = state.withLock { $0.writer }
        writer?.close()
        await writer?.drain()
    }

    /// The most readings held in memory while the store refuses writes: about
    /// an hour of a GPS at 1 Hz and a strap at 4 Hz with their derived
    /// quantities, some 100 MB; beyond, the oldest are dropped and counted.
    static let unwrittenLimit = 500_000

    /// Writes one batch after the readings an earlier write could not store:
    /// the positions to the route, then one save per sample type, so that a
    /// type failing cannot hide another. What the store refuses for a reason
    /// that may pass (``StoreWriteFailure/isTransient``) is held and tried
    /// again with the next batch; the trouble is reported once, and so is
    /// its end.
    private func write(_ fresh: ReadingWriter.Batch) async {
        guard let builder = state.withLock({ $0.builder }) else { return }
        var batch = state.withLock { s -> ReadingWriter.Batch in
            var held = s.unwritten
            s.unwritten = ReadingWriter.Batch(samples: [], locations: [])
            held.append(fresh)
            return held
        }
        var refused = ReadingWriter.Batch(samples: [], locations: [])
        var trouble: StoreWriteFailure?
        func failed(_ what: String, _ error: any Error) -> Bool {
            let failure = StoreWriteFailure(error)
            guard failure.isTransient else {
                state.withLock { s in
                    let message = "\(what): \(failure)"
                    if !s.failures.contains(message) { s.failures.append(message) }
                }
                return false
            }
            trouble = failure
            return true
        }
        if !batch.locations.isEmpty {
            do {
                try await builder.seriesBuilder(for: .workoutRoute())?.insertRouteData(batch.locations)
            } catch {
                if failed("route", error) { refused.locations = batch.locations }
            }
        }
        batch.locations = []
        // Grouped by type in order of first appearance, as TypedRows.Groups
        // groups rows: a batch holds a handful of types, and equal types are
        // often separate objects, so a short scan compares them by ==.
        var groups: [(type: HKSampleType, samples: [HKSample], derived: [DerivedQuantity])] = []
        func index(of type: HKSampleType) -> Int {
            if let index = groups.firstIndex(where: { $0.type == type }) { return index }
            groups.append((type, [], []))
            return groups.count - 1
        }
        for sample in batch.samples { groups[index(of: sample.sampleType)].samples.append(sample) }
        for quantity in batch.derived { groups[index(of: quantity.type)].derived.append(quantity) }
        for group in groups {
            do {
                try await builder.healthStore.saveAssociated(group.samples + group.derived.map(\.sample), to: builder.workoutUUID)
            } catch {
                if failed(group.type.identifier, error) {
                    refused.samples += group.samples
                    refused.derived += group.derived
                }
            }
        }
        state.withLock { s in
            if let trouble {
                var dropped = 0
                if refused.count > Self.unwrittenLimit {
                    dropped = refused.count - Self.unwrittenLimit
                    let samples = min(dropped, refused.samples.count)
                    refused.samples.removeFirst(samples)
                    refused.derived.removeFirst(min(dropped - samples, refused.derived.count))
                }
                s.unwritten = refused
                let message = "the store could not be written: \(trouble); \(refused.count) \(refused.count == 1 ? "reading is" : "readings are") held in memory and written once it can"
                    + (dropped > 0 ? " (\(dropped) of the oldest were dropped)" : "")
                if s.storeTrouble != trouble.description {
                    s.storeTrouble = trouble.description
                    s.failures.append(message)
                }
            } else if s.storeTrouble != nil {
                s.storeTrouble = nil
                s.failures.append("the store is written again; the readings held meanwhile were saved")
            }
        }
    }

    /// Saves the heartbeat series with `workout` and, from its RR intervals, a
    /// heart-rate-variability sample (SDNN, with RMSSD in its metadata).
    /// Failures are recorded in ``failures`` rather than failing the workout.
    func finishHeartbeats(workout: HKWorkout, store: HKHealthStore) async {
        let (seriesBuilder, intervals) = state.withLock { s -> (HKHeartbeatSeriesBuilder?, [TimeInterval]) in
            defer { s.heartbeats = HeartbeatState() }
            return (s.heartbeats.builder, s.heartbeats.intervals)
        }
        guard let seriesBuilder else { return }
        do {
            let series = try await seriesBuilder.finishSeries(workout: workout.uuid)
            if let sdnn = HeartbeatSeries.sdnn(intervals), let rmssd = HeartbeatSeries.rmssd(intervals),
               state.withLock({ $0.types.contains(HKQuantityType(.heartRateVariabilitySDNN)) }) {
                let sample = HKQuantitySample(type: HKQuantityType(.heartRateVariabilitySDNN),
                                              quantity: HKQuantity(unit: .secondUnit(with: .milli), doubleValue: sdnn * 1000),
                                              start: series.startDate, end: series.endDate, metadata: [OpenHealthKitMetadataKeyRMSSD: rmssd])
                try await store.saveAssociated([sample], to: workout.uuid)
            }
        } catch {
            state.withLock { $0.failures.append("heartbeats: \(error)") }
        }
    }

    /// Stops reading every source; the writer finishes what it was handed.
    func detach() {
        let tasks = state.withLock { s -> [Task<Void, Never>] in
            defer { s.tasks = [] }
            s.writer?.close()
            return s.tasks
        }
        for task in tasks { task.cancel() }
    }

    /// Handles `readings` from a source that paces itself, such as a scenario
    /// replayed on a virtual clock, exactly as readings from ``sources`` are
    /// handled, and returns once they count toward the builder's statistics
    /// (they are written to the store shortly after; ``flush()`` waits for that).
    ///
    /// Delivering from the task that also drives the session keeps the order of
    /// readings and session changes deterministic. Readings delivered before the
    /// data source is set on a builder are dropped.
    public func deliver(_ readings: some Sequence<WorkoutReading>, from sourceName: String) async {
        // One concrete array: a generic sequence from another module would be
        // iterated through witness calls, a reading at a time.
        await deliver(Array(readings)[...], from: sourceName)
    }

    /// Handles an array of readings in place, as the form for any sequence does.
    public func deliver(_ readings: [WorkoutReading], from sourceName: String) async {
        await deliver(readings[...], from: sourceName)
    }

    /// Handles part of an array of readings in place, without copying them
    /// first, as the form for any sequence does.
    public func deliver(_ readings: ArraySlice<WorkoutReading>, from sourceName: String) async {
        guard let builder = state.withLock({ $0.builder }) else { return }
        // Runs of quantities and positions are absorbed together, in place;
        // anything else is handled on its own, in order.
        var runStart = readings.startIndex
        for index in readings.indices {
            switch readings[index] {
            case .quantity, .location:
                continue
            case .heartbeat, .status:
                if runStart < index { await absorb(readings[runStart..<index], from: sourceName, builder: builder) }
                await handle(readings[index], from: sourceName, builder: builder)
                runStart = index + 1
            }
        }
        if runStart < readings.endIndex { await absorb(readings[runStart...], from: sourceName, builder: builder) }
    }

    /// Writes out the readings buffered so far and waits until they are in the
    /// store; ``HKWorkoutBuilder/finishWorkout()`` does this too.
    public func flush() async {
        guard let builder = state.withLock({ $0.builder }) else { return }
        await flushAndWait(into: builder)
    }

    /// Whether a device's change to `kind` from `previous` is worth a marker in
    /// the workout: a loss (disconnected, silent, no fix, no skin contact) and
    /// the recovery from one. A device connecting for the first time, or failing
    /// to before it ever reported, is not.
    static func marksWorkout(_ kind: WorkoutSourceStatus.Kind, after previous: WorkoutSourceStatus.Kind?) -> Bool {
        guard kind != previous else { return false }
        let losses: Set<WorkoutSourceStatus.Kind> = [.disconnected, .stale, .noFix, .contactLost]
        switch kind {
        case .disconnected, .stale, .contactLost: return previous != nil   // a device never heard from has nothing to lose
        case .contactRestored: return true
        case .noFix: return previous == .fix2D || previous == .fix3D
        case .connected, .fix2D, .fix3D: return previous.map(losses.contains) ?? false
        case .reconnecting: return false
        }
    }

    /// A reading that arrives while the session is not running: positions
    /// are not recorded, but auto-pause still watches the speed so that moving
    /// again can be noticed (and resumes a session it paused).
    private func handleWhileNotRunning(_ reading: WorkoutReading, from sourceName: String, builder: HKLiveWorkoutBuilder) async {
        guard case .location(let location) = reading, builder.workoutSession?.requestedState == .paused else { return }
        let (motion, resumes, held) = state.withLock { s -> ((type: HKWorkoutEventType, date: Date)?, Bool, [CLLocation]) in
            guard s.autoPause != nil else { return (nil, false, []) }
            if s.pausedByMotion { s.heldWhilePaused.append(location) }
            let motion = s.autoPause?.add(speed: location.speed, at: location.timestamp)
            guard let motion, motion.type == .motionResumed, s.pausedByMotion else { return (motion, false, []) }
            s.pausedByMotion = false
            defer { s.heldWhilePaused = [] }
            // Resume where moving began: back from the confirmed speed through
            // the speeding-up that was already above the pause threshold; the
            // first step away from the last standing position counts.
            let held = s.heldWhilePaused
            var first = held.firstIndex { $0.timestamp >= motion.date } ?? held.endIndex
            let standing = s.autoPause?.thresholds.pauseBelow ?? 0
            while first > 0, held[first - 1].speed >= standing { first -= 1 }
            // The first step's distance runs from the last standing position, so resume there.
            let anchor = max(0, first - 1)
            let resumeDate = anchor < held.endIndex ? min(held[anchor].timestamp, motion.date) : motion.date
            return ((motion.type, resumeDate), true, Array(held[anchor...]))
        }
        guard let motion else { return }
        let date = max(motion.date, builder.startDate ?? motion.date)
        builder.workoutSession?.generate(HKWorkoutEvent(type: motion.type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil))
        if resumes {
            builder.workoutSession?.resume(at: date)
            await absorb(held.map(WorkoutReading.location), from: sourceName, builder: builder)
        }
    }

    /// Quantities and positions: counted toward the builder's statistics and
    /// buffered for the store in one pass per run of readings, so a replay's
    /// batch takes a few locks rather than a few per reading.
    ///
    /// A run stops early at a position that starts or ends an auto-pause, so
    /// that the event (and a pause of the session) comes between the readings
    /// before it and those after it, exactly as one reading at a time.
    private func absorb(_ readings: some Collection<WorkoutReading>, from sourceName: String, builder: HKLiveWorkoutBuilder) async {
        var rest = readings[...]
        while let first = rest.first {
            guard builder.isSessionRunning else {
                await handleWhileNotRunning(first, from: sourceName, builder: builder)
                rest = rest.dropFirst()
                continue
            }
            // A multisport leg counts its own distance type (swimming, cycling, running).
            let legType = builder.currentWorkoutActivity.map { HKQuantityType(HKWorkout.distanceType(for: $0.workoutConfiguration.activityType)) }
            var samples: [HKSample] = [], derived: [DerivedQuantity] = [], locations: [CLLocation] = []
            // Room for the run's readings up front: growing by doubling would copy them over and over.
            samples.reserveCapacity(rest.count)
            derived.reserveCapacity(2 * rest.count)
            locations.reserveCapacity(rest.count)
            var groups = TypedRows.Groups(expectedRows: rest.count)
            var motion: (type: HKWorkoutEventType, date: Date)?
            state.withLock { s in
                let distanceType = legType.flatMap { s.types.contains($0) ? $0 : nil } ?? distanceType.flatMap { s.types.contains($0) ? $0 : nil }
                let speedType = speedType.flatMap { s.types.contains($0) ? $0 : nil }
                let distanceIndex = distanceType.flatMap(DerivedQuantity.index(of:)), speedIndex = speedType.flatMap(DerivedQuantity.index(of:))
                // Whether the type last seen is collected, so that a run of one
                // type asks the set once.
                var lastType: HKQuantityType?, lastTypeCollected = false
                while motion == nil, let reading = rest.first {
                    rest = rest.dropFirst()
                    switch reading {
                    case .quantity(let sample):
                        let derivedBefore = derived.count
                        Self.energy(after: sample, in: &s, into: &derived)
                        for quantity in derived[derivedBefore...] { groups.append(quantity) }
                        let type = sample.quantityType
                        // The strap's own energy field is the last resort: dropped when a model applies.
                        if type == Self.activeEnergyType, s.profile != nil || s.energy.lastPower != nil { continue }
                        if lastType.map({ $0 != type }) ?? true {
                            lastType = type
                            lastTypeCollected = s.types.contains(type)
                        }
                        guard lastTypeCollected, s.predicates.isEmpty || (s.predicates[type]?.predicate.evaluate(with: sample) ?? true) else { continue }
                        samples.append(sample)
                        groups.append(StatisticRow(sample), of: type)
                    case .location(let location):
                        // Positions go to the route; the distance they cover, once past the
                        // accumulator's gates, becomes a sample of the activity's distance type.
                        s.locationCount += 1
                        s.latestLocation = location
                        locations.append(location)
                        let derivedBefore = derived.count
                        Self.energy(afterSpeed: location, in: &s, activity: activityType, into: &derived)
                        motion = s.autoPause?.add(speed: location.speed, at: location.timestamp)
                        let segment = s.distance.add(location)
                        if let segment { s.movingSeconds += segment.end.timeIntervalSince(segment.start) }
                        // A fix the distance's quality gate refuses (a receiver still settling) sets no record speed or climb.
                        let trusted = location.horizontalAccuracy >= 0 && location.horizontalAccuracy <= s.distance.configuration.maximumHorizontalAccuracy
                        if trusted, location.verticalAccuracy >= 0 { s.elevation.add(altitude: location.altitude) }
                        if trusted, location.speed >= 0 { s.maximumSpeed = max(s.maximumSpeed ?? 0, location.speed) }
                        // Metres and metres per second are the canonical units of distance and speed types.
                        if let segment, let distanceIndex {
                            derived.append(DerivedQuantity(typeIndex: distanceIndex, value: segment.meters, start: segment.start, end: segment.end))
                        }
                        if let speedIndex, location.speed >= 0 {
                            derived.append(DerivedQuantity(typeIndex: speedIndex, value: location.speed, start: location.timestamp, end: location.timestamp))
                        }
                        for quantity in derived[derivedBefore...] { groups.append(quantity) }
                    case .heartbeat, .status:
                        break
                    }
                }
            }
            await collect(Collected(samples: samples, derived: derived, locations: locations, rows: groups), into: builder)
            guard let motion else { continue }
            // A fix from before the workout started dates its event at the start: an event before
            // the start would end HealthKit's elapsed-time scan and undo every pause after it.
            let date = max(motion.date, builder.startDate ?? motion.date)
            builder.workoutSession?.generate(HKWorkoutEvent(type: motion.type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil))
            if motion.type == .motionPaused, state.withLock({ s in
                guard s.autoPausesSession else { return false }
                s.pausedByMotion = true
                s.heldWhilePaused = []
                return true
            }) {
                builder.workoutSession?.pause(at: date)
            }
        }
    }

    private func handle(_ reading: WorkoutReading, from sourceName: String, builder: HKLiveWorkoutBuilder) async {
        if case .status(let status) = reading {
            let previous = state.withLock { s -> WorkoutSourceStatus? in
                defer { s.statuses[status.source] = status }
                return s.statuses[status.source]
            }
            if Self.marksWorkout(status.kind, after: previous?.kind), builder.state == .active,
               let start = builder.startDate, status.date >= start {
                let event = HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: status.date, duration: 0), metadata: [
                    OpenHealthKitMetadataKeyEventName: "\(status.source): \(status.kind.rawValue)",
                    OpenHealthKitMetadataKeyDeviceStatus: status.kind.rawValue,
                    OpenHealthKitMetadataKeyDeviceSource: status.source,
                ])
                do { try await builder.addWorkoutEvents([event]) } catch {
                    state.withLock { $0.failures.append("\(status.source): \(error)") }
                }
            }
            return
        }
        switch reading {
        case .quantity, .location:
            await absorb(CollectionOfOne(reading), from: sourceName, builder: builder)
        case .heartbeat(let interval, let date):
            guard builder.isSessionRunning, interval > 0, interval.isFinite else { return }
            // A beat whose previous beat should have come more than half a second
            // after the last one received follows missed beats: a gap.
            let (seriesBuilder, offset, gap) = state.withLock { s -> (HKHeartbeatSeriesBuilder?, TimeInterval, Bool) in
                guard s.savesCollectedData,
                      s.types.contains(HKQuantityType(.heartRateVariabilitySDNN)) || s.types.contains(HKQuantityType(.heartRate)) else { return (nil, 0, false) }
                if s.heartbeats.builder == nil {
                    s.heartbeats.builder = HKHeartbeatSeriesBuilder(healthStore: builder.healthStore, device: nil, start: date.addingTimeInterval(-interval))
                }
                let gap = s.heartbeats.lastBeat.map { date.addingTimeInterval(-interval).timeIntervalSince($0) > 0.5 } ?? false
                if !gap, s.heartbeats.lastBeat != nil { s.heartbeats.intervals.append(interval) }
                s.heartbeats.lastBeat = date
                return (s.heartbeats.builder, date.timeIntervalSince(s.heartbeats.builder!.startDate), gap)
            }
            do {
                try await seriesBuilder?.addHeartbeat(at: offset, precededByGap: gap)
            } catch {
                state.withLock { $0.failures.append("\(sourceName): \(error)") }
            }
        case .status:
            break
        }
    }
}
