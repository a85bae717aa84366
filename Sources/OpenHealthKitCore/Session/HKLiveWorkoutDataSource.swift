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
///
/// Readings flow one way: from the sources to a ``LiveReadingsMachine``, which
/// decides what each does with no I/O, then to the builder's statistics, then
/// to a writer that saves them on a task of its own. The data source owns the
/// machine and carries out its actions.
public final class HKLiveWorkoutDataSource: @unchecked Sendable {
    // Mutable state lives in `state` behind a lock.

    /// The sources feeding this data source.
    public let sources: [any WorkoutDataSource]
    /// Why the configured sources could not be made, if they could not.
    public let configurationError: (any Error)?
    /// The clock that paces writes: the real clock unless a test injects
    /// another (never the session's virtual clock, which a replay runs fast).
    let writeClock: any WorkoutClock

    let state: Mutex<State>
    struct State {
        /// What each reading does.
        var machine: LiveReadingsMachine
        /// Readings counted and not yet handed to the writer.
        var pending = PendingWrites()
        /// Idle, reading into a builder, or stopped; the builder, writer and reading task with it.
        var lifecycle = LiveDataSourceLifecycle.idle
        /// Every failure told so far, in order.
        var failures: [LiveFailure] = []
        /// Who listens to ``events()``.
        var observers: [AsyncStream<LiveDataSourceEvent>.Continuation] = []
        /// The heartbeat series in progress.
        var heartbeatSeries: HKHeartbeatSeriesBuilder?
        /// Readings the store refused for a reason that may pass (a full or
        /// read-only disk): written before the next batch, up to ``unwrittenLimit``.
        var unwritten = ReadingWriter.Batch(samples: [], locations: [])
        /// The store's current trouble, once reported; `nil` while writes succeed.
        var storeTrouble: String?

        /// A write went through: the end of the store's trouble, if any, is reported once.
        mutating func storeWrittenAgain() {
            guard storeTrouble != nil else { return }
            storeTrouble = nil
            tell(.failure(LiveFailure(.storeRecovered, message: "the store is written again; the readings held meanwhile were saved")))
        }

        /// Tells `event` to every listener (a failure is kept in ``failures`` too);
        /// listeners that stopped listening are let go.
        mutating func tell(_ event: LiveDataSourceEvent) {
            if case .failure(let failure) = event { failures.append(failure) }
            observers.removeAll { observer in
                if case .terminated = observer.yield(event) { return true }
                return false
            }
        }
        /// The quantity series the written readings grow into (only the writer changes them).
        var series = LiveSeries()
        /// Whether the app may share routes, once asked (`nil`: not asked yet).
        var routeAllowed: Bool?
        /// Whether the athlete comes from the store's user characteristics when none is given
        /// (HealthKit's own initialiser: the system knows the user).
        var profileFromStore = false
    }

    let finished = AsyncStream<Void>.makeStream()

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
            let sources = try WorkoutSourceRegistry.configuredSources(environment)
            if let fast = sources.first(where: { $0.pace != 1 }) {
                // The app dates its session with Date(): readings dated ahead of it would count before their time and
                // be left out of the saved workout.
                throw WorkoutSourceError("'\(fast.name)' plays \(fast.pace.formatted())× faster than real time, but an app's session and builder run on "
                                         + "its own clock (Date()), so its readings would be dated ahead of the workout. Leave out speed= for an app; "
                                         + "`workout replay` plays a scenario fast on a virtual clock.")
            }
            self.init(configuration: configuration, sources: sources, error: nil, writeClock: SystemClock())
        } catch {
            self.init(configuration: configuration, sources: [], error: error, writeClock: SystemClock())
        }
        // As HealthKit estimates energy from the user's characteristics, so does this data source,
        // unless the app sets ``athleteProfile``.
        state.withLock { $0.profileFromStore = true }
    }

    /// A data source over `sources`.
    public convenience init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?, sources: [any WorkoutDataSource]) {
        self.init(configuration: configuration, sources: sources, error: nil, writeClock: SystemClock())
    }

    /// A data source over `sources` whose writes are paced by `writeClock`: a
    /// test passes a ``VirtualClock`` to see the one-second write bound kept
    /// without waiting for it. (An OpenHealthKit addition.)
    public convenience init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?, sources: [any WorkoutDataSource],
                            writeClock: any WorkoutClock) {
        self.init(configuration: configuration, sources: sources, error: nil, writeClock: writeClock)
    }

    private init(configuration: HKWorkoutConfiguration?, sources: [any WorkoutDataSource], error: (any Error)?, writeClock: any WorkoutClock) {
        self.sources = sources
        self.configurationError = error
        self.writeClock = writeClock
        self.state = Mutex(State(machine: LiveReadingsMachine(configuration: configuration)))
    }

    deinit {
        for observer in state.withLock({ $0.observers }) { observer.finish() }
    }

    /// The athlete, for energy from heart rate, METs and basal energy. Without
    /// one, active energy comes from a power meter or the strap's energy field only.
    public var athleteProfile: AthleteProfile? {
        get { state.withLock { $0.machine.profile } }
        set { state.withLock { $0.machine.profile = newValue } }
    }

    /// Auto-pause thresholds; `nil` (the default) turns auto-pause off. When set,
    /// Doppler speed produces ``HKWorkoutEventType/motionPaused`` and
    /// ``HKWorkoutEventType/motionResumed`` events through the session. Like
    /// HealthKit's, these events do not change elapsed time.
    public var autoPause: AutoPauseDetector.Thresholds? {
        get { state.withLock { $0.machine.autoPause?.thresholds } }
        set { state.withLock { $0.machine.autoPause = newValue.map(AutoPauseDetector.init) } }
    }

    /// Whether auto-pause also pauses and resumes the session, as a watch's
    /// Autopause setting does (default `false`).
    ///
    /// The session is paused from the moment the speed dropped and resumed from
    /// the moment it rose, not when the dwell ran out; positions received while
    /// paused are held, so the distance covered before moving was confirmed
    /// still counts. A session the user paused is never resumed by motion.
    public var autoPausesSession: Bool {
        get { state.withLock { $0.machine.autoPausesSession } }
        set { state.withLock { $0.machine.autoPausesSession = newValue } }
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
        get { state.withLock { $0.machine.savesCollectedData } }
        set { state.withLock { $0.machine.savesCollectedData = newValue } }
    }

    /// Whether positions give the workout's distance, speed, climbing and top speed (`true`, the default, as on a
    /// watch), or only its route: for a recorded file replayed as it imports, whose own distance, speed and climbing
    /// come as samples and metadata. An OpenHealthKit addition.
    package var derivesMotionFromLocations: Bool {
        get { state.withLock { $0.machine.derivesMotionFromLocations } }
        set { state.withLock { $0.machine.derivesMotionFromLocations = newValue } }
    }

    /// Whether the data source derives active energy from power, heart rate or speed (`true`, the default), or
    /// keeps the energy samples it is given instead: for a recorded file replayed as it imports, whose calories are
    /// the device's. An OpenHealthKit addition.
    package var derivesActiveEnergy: Bool {
        get { state.withLock { $0.machine.derivesActiveEnergy } }
        set { state.withLock { $0.machine.derivesActiveEnergy = newValue } }
    }

    /// Active energy this data source has derived, in kilocalories.
    public var derivedActiveKilocalories: Double { state.withLock { $0.machine.derivedActiveKilocalories } }

    /// The types the data source adds to the builder.
    public var typesToCollect: Set<HKQuantityType> { state.withLock { $0.machine.types } }

    /// Starts collecting `quantityType`, keeping only samples that match `predicate`.
    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        state.withLock { s in
            s.machine.types.insert(quantityType)
            s.machine.predicates[quantityType] = predicate.map(NSPredicateBox.init)
        }
    }

    /// Stops collecting `quantityType`.
    public func disableCollection(for quantityType: HKQuantityType) {
        state.withLock { s in
            s.machine.types.remove(quantityType)
            s.machine.predicates[quantityType] = nil
        }
    }

    /// The last status each source reported, by source name.
    public var statuses: [String: WorkoutSourceStatus] { state.withLock { $0.machine.statuses } }

    /// How many positions were received while running; they go to the
    /// builder's route, which holds them (in the store, not in memory).
    public var locationCount: Int { state.withLock { $0.machine.locationCount } }

    /// The latest position received while running: for a display refreshed every second.
    public var latestLocation: CLLocation? { state.withLock { $0.machine.latestLocation } }

    /// Metres counted from positions so far, after the accumulator's gates.
    public var distanceFromLocations: Double { state.withLock { $0.machine.distance.total } }

    /// Workout metadata derived from the positions: elevation ascended and
    /// descended (3 m hysteresis, in centimetres), maximum Doppler speed, and
    /// average speed while moving (counted distance over the time it took);
    /// and the athlete profile's heart-rate and power figures
    /// (``AthleteProfile/workoutMetadata``), from which zones are drawn later.
    public var derivedMetadata: [String: Any] { state.withLock { $0.machine.derivedMetadata } }

    /// Each multisport leg's metadata derived from the positions (its climbing), in the order the legs came.
    package var derivedLegMetadata: [(leg: HKWorkoutActivityType, metadata: [String: Any])] { state.withLock { $0.machine.legMetadata } }

    /// Messages from sources that failed, and from the store's troubles.
    public var failures: [String] { state.withLock { $0.failures.map(\.message) } }

    /// The failures told so far, with what each concerns; the last `limit` of them. (An OpenHealthKit addition.)
    public func recentFailures(_ limit: Int = .max) -> [LiveFailure] {
        state.withLock { Array($0.failures.suffix(limit)) }
    }

    /// Records `failure` among ``failures`` and tells it to ``events()``' listeners.
    func fail(_ failure: LiveFailure) {
        state.withLock { $0.tell(.failure(failure)) }
    }

    /// Every status the sources report and every failure, as they happen,
    /// from now until the data source is gone or the listener stops. (An
    /// OpenHealthKit addition: a recorder shows them without polling
    /// ``statuses`` and ``failures``.)
    ///
    /// ```swift
    /// for await event in dataSource.events() {
    ///     if case .status(let status) = event { print(status.source, status.kind) }
    /// }
    /// ```
    public func events() -> AsyncStream<LiveDataSourceEvent> {
        let (stream, continuation) = AsyncStream<LiveDataSourceEvent>.makeStream()
        state.withLock { $0.observers.append(continuation) }
        return stream
    }

    /// Waits until every source has ended.
    public func untilSourcesFinish() async {
        var iterator = finished.stream.makeAsyncIterator()
        while state.withLock({ $0.lifecycle.running > 0 }), !Task.isCancelled, await iterator.next() != nil {}
    }
}
