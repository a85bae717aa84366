import Foundation

/// What each live reading does to a workout, decided in one place.
///
/// A value type in the style of swift-async-algorithms' state machines: it
/// holds what the readings so far have built up (the distance and its gates,
/// energy's intervals, elevation, auto-pause and the positions held while
/// paused by it, devices' states, the heartbeat timeline), and for each
/// reading returns the ``Action``s its owner carries out: quantities to count
/// and write, positions for the route, events, a pause or resume of the
/// session, heartbeats and markers. It performs no I/O, reads no clock and
/// holds no lock; what it needs of the session comes in a ``Moment``, so the
/// same readings at the same moments always give the same actions.
///
/// ```swift
/// var machine = LiveReadingsMachine(configuration: configuration)
/// for action in machine.absorb(.location(fix), at: moment) { … }
/// ```
struct LiveReadingsMachine: Sendable {
    /// The activity of the workout (its energy model and default distance).
    let activityType: HKWorkoutActivityType
    /// The distance type the configuration's activity derives from positions, if any.
    private let configuredDistanceType: HKQuantityType?
    /// The speed type the configuration's activity derives from Doppler speed, if any.
    private let configuredSpeedType: HKQuantityType?

    /// The types collected: readings of other types are dropped, and derived
    /// quantities are made only for types in it.
    var types: Set<HKQuantityType> {
        didSet {
            collectsActiveEnergy = types.contains(Self.activeEnergyType)
            collectsBasalEnergy = types.contains(Self.basalEnergyType)
            typesVersion &+= 1
        }
    }
    /// Whether ``types`` holds active and basal energy: asked for every reading.
    private(set) var collectsActiveEnergy = false
    private(set) var collectsBasalEnergy = false
    /// Changes whenever ``types`` does, so caches keyed by it can tell they are stale.
    private var typesVersion = 0
    /// Predicates a type's samples must match to be collected.
    var predicates: [HKQuantityType: NSPredicateBox] = [:]
    /// The athlete, for energy from heart rate, METs and basal energy (the energy estimator's).
    var profile: AthleteProfile? {
        get { energy.profile }
        set { energy.profile = newValue }
    }
    /// Auto-pause, when on.
    var autoPause: AutoPauseDetector?
    /// Whether auto-pause pauses and resumes the session too.
    var autoPausesSession = false
    /// Whether positions and heartbeats are kept: with `false` no ``Action/route(_:)``
    /// or ``Action/addHeartbeat(seriesStart:offset:precededByGap:)`` comes.
    /// Quantities still come, to be counted; their owner writes them only when saving.
    var savesCollectedData = true
    /// Whether positions give the distance, speed, climbing and top speed (`true`, as on a watch), or only the route
    /// (and energy from their speed): a recorded file replayed as it imports, whose own samples carry those.
    var derivesMotionFromLocations = true
    /// Whether active energy comes from the models (`true`: power, heart rate with a profile, speed), or from the
    /// readings' own energy samples: a recorded file replayed as it imports, whose calories are the device's.
    var derivesActiveEnergy = true

    /// Energy's models over the readings' intervals.
    var energy: EnergyEstimator
    /// Active energy derived so far, in kilocalories.
    var derivedActiveKilocalories = 0.0
    /// Metres counted from positions, after the accumulator's gates.
    private(set) var distance = DistanceAccumulator()
    /// Elevation ascended and descended from trusted positions, in the current multisport leg (else the workout).
    private(set) var elevation = ElevationGain()
    /// The leg `elevation` counts, and the metres the legs before it climbed and descended: a multisport
    /// workout's climbing is its legs' sum, each counted on its own, as its saved sessions count it.
    private var elevationLeg: HKWorkoutActivityType?
    private var earlierLegs: [(leg: HKWorkoutActivityType?, ascended: Double, descended: Double)] = []
    /// Metres climbed and descended in each multisport leg the positions came in, in order (one entry, with no
    /// leg, for a workout of one activity).
    var elevationByLeg: [(leg: HKWorkoutActivityType?, ascended: Double, descended: Double)] {
        earlierLegs + [(elevationLeg, elevation.ascended, elevation.descended)]
    }
    /// The highest trusted Doppler speed.
    private(set) var maximumSpeed: Double?
    /// Seconds of the segments the distance counted.
    private(set) var movingSeconds = 0.0
    /// Positions received while running.
    private(set) var locationCount = 0
    /// The latest position received while running.
    private(set) var latestLocation: CLLocation?
    /// The last status each source reported, by source name.
    private(set) var statuses: [String: WorkoutSourceStatus] = [:]
    /// The heartbeat series in progress.
    private(set) var heartbeats = HeartbeatTimeline()
    /// Whether auto-pause paused the session (so moving again resumes it).
    private var pausedByMotion = false
    /// Positions received while auto-pause had the session paused.
    private var heldWhilePaused: [CLLocation] = []

    /// The derived distance and speed types' indices for a leg, while ``types`` is unchanged.
    private var derivedIndices: (leg: HKWorkoutActivityType?, version: Int, distance: UInt8?, speed: UInt8?)?
    /// Whether the type last seen is collected, while ``types`` is unchanged:
    /// a run of one type asks the set once.
    private var lastType: (type: HKQuantityType, version: Int, collected: Bool)?

    static let activeEnergyType = HKQuantityType(.activeEnergyBurned)
    static let basalEnergyType = HKQuantityType(.basalEnergyBurned)
    static let heartRateType = HKQuantityType(.heartRate)
    static let cyclingPowerType = HKQuantityType(.cyclingPower)
    static let runningPowerType = HKQuantityType(.runningPower)
    static let metersPerSecond = HKUnit.meter().unitDivided(by: .second())
    static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    static let watts = HKUnit.watt()

    /// A machine for a workout of `configuration`, collecting its default types.
    init(configuration: HKWorkoutConfiguration?) {
        activityType = configuration?.activityType ?? .other
        energy = EnergyEstimator(activityType: configuration?.activityType ?? .other, profile: nil)
        configuredDistanceType = configuration.map { HKQuantityType(HKWorkout.distanceType(for: $0.activityType)) }
        configuredSpeedType = configuration.flatMap { Self.speedType(for: $0.activityType) }.map(HKQuantityType.init)
        // Observers do not run in an initialiser: the flags are set here.
        types = Self.defaultTypes(for: configuration)
        collectsActiveEnergy = types.contains(Self.activeEnergyType)
        collectsBasalEnergy = types.contains(Self.basalEnergyType)
    }

    // MARK: Absorbing

    /// The actions `reading` calls for at `moment`.
    mutating func absorb(_ reading: WorkoutReading, at moment: Moment) -> [Action] {
        var actions: [Action] = []
        absorb(reading, at: moment, into: &actions)
        return actions
    }

    /// Hands the actions `reading` calls for at `moment` to `sink`, in order:
    /// the form a batch of readings uses, with no array per reading.
    mutating func absorb<Sink: LiveActionSink>(_ reading: WorkoutReading, at moment: Moment, into sink: inout Sink) {
        switch reading {
        case .quantity(let sample):
            guard moment.sessionRunning else { return }
            absorb(sample, into: &sink)
        case .location(let location):
            if moment.sessionRunning {
                absorb(location, at: moment, into: &sink)
            } else if moment.sessionPaused {
                watch(location, whilePausedAt: moment, into: &sink)
            }
        case .heartbeat(let interval, let date):
            guard moment.sessionRunning else { return }
            absorbHeartbeat(interval: interval, at: date, into: &sink)
        case .status(let status):
            absorb(status, at: moment, into: &sink)
        }
    }

    /// A measured quantity: energy for the interval it closes, then the
    /// sample itself if its type is collected and it matches the type's predicate.
    private mutating func absorb<Sink: LiveActionSink>(_ sample: HKQuantitySample, into sink: inout Sink) {
        energy(after: sample, into: &sink)
        let type = sample.quantityType
        // The strap's own energy field is the last resort: dropped when a model applies.
        if type == Self.activeEnergyType, derivesActiveEnergy, profile != nil || energy.lastPower != nil { return }
        let collected: Bool
        if let last = lastType, last.version == typesVersion, last.type == type {
            collected = last.collected
        } else {
            collected = types.contains(type)
            lastType = (type, typesVersion, collected)
        }
        guard collected, predicates.isEmpty || (predicates[type]?.predicate.evaluate(with: sample) ?? true) else { return }
        sink.perform(.collect(sample))
    }

    /// A position while running: the route, energy from its speed, auto-pause,
    /// the distance it adds (a sample of the leg's distance type), elevation,
    /// record speed and a speed sample.
    private mutating func absorb<Sink: LiveActionSink>(_ location: CLLocation, at moment: Moment, into sink: inout Sink) {
        locationCount += 1
        latestLocation = location
        if savesCollectedData { sink.perform(.route(location)) }
        energy(afterSpeed: location, into: &sink)
        let motion = autoPause?.add(speed: location.speed, at: location.timestamp)
        guard derivesMotionFromLocations else {
            if let motion { perform(motion, at: moment, into: &sink) }
            return
        }
        let segment = distance.add(location)
        if let segment { movingSeconds += segment.end.timeIntervalSince(segment.start) }
        // A fix the distance's quality gate refuses (a receiver still settling) sets no record speed or climb.
        let trusted = location.horizontalAccuracy >= 0 && location.horizontalAccuracy <= distance.configuration.maximumHorizontalAccuracy
        if moment.leg != elevationLeg {
            if elevationLeg != nil || elevation.ascended + elevation.descended > 0 {
                earlierLegs.append((elevationLeg, elevation.ascended, elevation.descended))
            }
            elevation = ElevationGain()
            elevationLeg = moment.leg
        }
        if trusted, location.verticalAccuracy >= 0 { elevation.add(altitude: location.altitude, at: location.timestamp.timeIntervalSinceReferenceDate) }
        if trusted, location.speed >= 0 { maximumSpeed = max(maximumSpeed ?? 0, location.speed) }
        let indices = derivedTypeIndices(leg: moment.leg)
        // Metres and metres per second are the canonical units of distance and speed types.
        if let segment, let index = indices.distance {
            sink.perform(.derive(DerivedQuantity(typeIndex: index, value: segment.meters, start: segment.start, end: segment.end)))
        }
        if let index = indices.speed, location.speed >= 0 {
            sink.perform(.derive(DerivedQuantity(typeIndex: index, value: location.speed, start: location.timestamp, end: location.timestamp)))
        }
        guard let motion else { return }
        perform(motion, at: moment, into: &sink)
    }

    /// Auto-pause's event for a position, and the session's pause when auto-pause pauses it.
    private mutating func perform<Sink: LiveActionSink>(_ motion: (type: HKWorkoutEventType, date: Date), at moment: Moment, into sink: inout Sink) {
        // A fix from before the workout started dates its event at the start: an event before
        // the start would end HealthKit's elapsed-time scan and undo every pause after it.
        let date = max(motion.date, moment.workoutStart ?? motion.date)
        sink.perform(.generate(motion.type, at: date))
        if motion.type == .motionPaused, autoPausesSession {
            pausedByMotion = true
            heldWhilePaused = []
            sink.perform(.pauseSession(at: date))
        }
    }

    /// A position while the session is paused: not recorded, but auto-pause
    /// still watches the speed so that moving again is noticed, and resumes a
    /// session it paused from where moving began, with the positions since.
    private mutating func watch<Sink: LiveActionSink>(_ location: CLLocation, whilePausedAt moment: Moment, into sink: inout Sink) {
        guard autoPause != nil else { return }
        if pausedByMotion { heldWhilePaused.append(location) }
        guard let motion = autoPause?.add(speed: location.speed, at: location.timestamp) else { return }
        guard motion.type == .motionResumed, pausedByMotion else {
            sink.perform(.generate(motion.type, at: max(motion.date, moment.workoutStart ?? motion.date)))
            return
        }
        pausedByMotion = false
        let held = heldWhilePaused
        heldWhilePaused = []
        // Resume where moving began: back from the confirmed speed through
        // the speeding-up that was already above the pause threshold; the
        // first step away from the last standing position counts.
        var first = held.firstIndex { $0.timestamp >= motion.date } ?? held.endIndex
        let standing = autoPause?.thresholds.pauseBelow ?? 0
        while first > 0, held[first - 1].speed >= standing { first -= 1 }
        // The first step's distance runs from the last standing position, so resume there.
        let anchor = max(0, first - 1)
        let resumeDate = anchor < held.endIndex ? min(held[anchor].timestamp, motion.date) : motion.date
        let date = max(resumeDate, moment.workoutStart ?? resumeDate)
        sink.perform(.generate(motion.type, at: date))
        sink.perform(.resumeSession(at: date))
        var running = moment
        running.sessionRunning = true
        running.sessionPaused = false
        for location in held[anchor...] { absorb(location, at: running, into: &sink) }
    }

    /// A beat-to-beat interval: the heartbeat series gains a beat, after a gap
    /// when the beat before it should have come more than half a second after
    /// the last one received.
    private mutating func absorbHeartbeat<Sink: LiveActionSink>(interval: TimeInterval, at date: Date, into sink: inout Sink) {
        guard interval > 0, interval.isFinite, savesCollectedData,
              types.contains(HKQuantityType(.heartRateVariabilitySDNN)) || types.contains(Self.heartRateType) else { return }
        let seriesStart = heartbeats.seriesStart ?? date.addingTimeInterval(-interval)
        heartbeats.seriesStart = seriesStart
        let gap = heartbeats.lastBeat.map { date.addingTimeInterval(-interval).timeIntervalSince($0) > 0.5 } ?? false
        if !gap, heartbeats.lastBeat != nil { heartbeats.intervals.append(interval) }
        heartbeats.lastBeat = date
        sink.perform(.addHeartbeat(seriesStart: seriesStart, offset: date.timeIntervalSince(seriesStart), precededByGap: gap))
    }

    /// A device's state: remembered, and a marker in the workout when it is a
    /// loss or a recovery during collection.
    private mutating func absorb<Sink: LiveActionSink>(_ status: WorkoutSourceStatus, at moment: Moment, into sink: inout Sink) {
        let previous = statuses[status.source]
        statuses[status.source] = status
        guard Self.marksWorkout(status.kind, after: previous?.kind), moment.collecting,
              let start = moment.workoutStart, status.date >= start else { return }
        sink.perform(.mark(HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: status.date, duration: 0), metadata: [
            OpenHealthKitMetadataKeyEventName: "\(status.source): \(status.kind.rawValue)",
            OpenHealthKitMetadataKeyDeviceStatus: status.kind.rawValue,
            OpenHealthKitMetadataKeyDeviceSource: status.source,
        ])))
    }

    /// Takes the heartbeat series' RR intervals between beats with no gap,
    /// for its variability, and starts a new series.
    mutating func finishHeartbeats() -> [TimeInterval] {
        defer { heartbeats = HeartbeatTimeline() }
        return heartbeats.intervals
    }

    /// The derived distance (of the leg's activity, else the configuration's)
    /// and speed types' indices, when collected.
    private mutating func derivedTypeIndices(leg: HKWorkoutActivityType?) -> (distance: UInt8?, speed: UInt8?) {
        if let cached = derivedIndices, cached.version == typesVersion, cached.leg == leg { return (cached.distance, cached.speed) }
        // A multisport leg counts its own distance type (swimming, cycling, running).
        let legType = leg.map { HKQuantityType(HKWorkout.distanceType(for: $0)) }
        let distanceType = legType.flatMap { types.contains($0) ? $0 : nil } ?? configuredDistanceType.flatMap { types.contains($0) ? $0 : nil }
        let speedType = configuredSpeedType.flatMap { types.contains($0) ? $0 : nil }
        let indices = (distance: distanceType.flatMap(DerivedQuantity.index(of:)), speed: speedType.flatMap(DerivedQuantity.index(of:)))
        derivedIndices = (leg, typesVersion, indices.distance, indices.speed)
        return indices
    }
}
