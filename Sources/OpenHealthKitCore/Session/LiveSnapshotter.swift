public import Foundation
import Synchronization
import TrainingMetrics

/// Takes ``LiveSnapshot``s of a recording: the one computation of what the dashboard, the live page and a
/// mirrored companion show while it runs. It keeps what a snapshot needs from earlier ones (the current lap,
/// the last 100 m of climbing), so every snapshot of a recording comes from one snapshotter.
///
/// ```swift
/// let snapshotter = LiveSnapshotter(activity: .cycling, gps: gps.name, strap: nil, zones: zones)
/// let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
/// ```
public final class LiveSnapshotter: Sendable {
    /// The lap that ended when ``startLap(builder:at:)`` began the next one.
    public struct FinishedLap: Sendable, Equatable {
        /// Its number, from 1.
        public var number: Int
        /// When it started.
        public var start: Date
        /// Its active seconds.
        public var seconds: Double
    }

    private struct Progress {
        var lapNumber = 1
        var lapStart: Date?
        var lapElapsed = 0.0
        var lapDistance = 0.0
        /// Recent (distance, altitude) pairs, for the grade over the last 100 m.
        var climb: [(distance: Double, altitude: Double)] = []
        /// The power readings of the last few seconds, by the end of each, for 3-s power.
        var power: [(end: Date, watts: Double)] = []
        /// The current lap's power readings: their sum and count.
        var lapPower = (sum: 0.0, count: 0)
        /// The training figures, fed one value a second of activity.
        var training: LivePowerMetrics?
        /// Whole seconds of activity fed to `training` so far.
        var trainedSeconds = 0
        /// Whether `training` has been fed a power reading yet.
        var powerHeard = false

        /// Takes in the builder's most recent power reading, once.
        mutating func see(power watts: Double, endingAt end: Date) {
            guard power.last.map({ end > $0.end }) ?? true else { return }
            power.append((end, watts))
            lapPower.sum += watts
            lapPower.count += 1
        }
    }

    /// Seconds of power readings averaged into the current power.
    public static let powerWindow: TimeInterval = 3

    /// The activity recorded.
    public let activity: HKWorkoutActivityType
    /// The GPS source's name, when one is used.
    public let gps: String?
    /// The strap's name, when one is used.
    public let strap: String?
    /// Every sensor besides the GPS: its source's name and the name the rider gave it.
    public let sensors: [(source: String, label: String)]
    /// The athlete's heart-rate zones, in their chosen model.
    public let zones: HeartRateZones?
    private let progress: Mutex<Progress>
    /// The figures the workout will be saved with, as they stand.
    private let figures: LiveFigures
    private let guidanceLines = Mutex<[String]?>(nil)

    /// What the recording's guidance says now (``LiveSnapshot/guidance``): set by the recording as its course, workout and
    /// trainer move on, and carried by every snapshot from then on, those the builder's readings prompt between two
    /// of the recording's own included, so the page never loses the lines for a moment.
    public var guidance: [String]? {
        get { guidanceLines.withLock { $0 } }
        set { guidanceLines.withLock { $0 = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
    }

    /// A snapshotter for a recording of `activity` from the named sources: `sensors` are every sensor besides the
    /// GPS (the strap among them), by source name with the rider's name for each.
    ///
    /// With `power` (the athlete's threshold power, critical power and W′), snapshots also carry the
    /// training figures of ``LivePowerMetrics``: 10- and 30-s power, normalized power and TSS so far,
    /// the lap's normalized power and W′ balance. They are fed one value a second of activity from the
    /// power meter's first reading on: the latest reading while it is current (5 s), else zero, as a
    /// head unit holds it. A finished
    /// ride's figures join readings further apart with straight lines (``SecondSeries``), so on a
    /// sensor that drops out the two can differ by the seconds it was silent.
    public init(activity: HKWorkoutActivityType, gps: String?, strap: String?, sensors: [(source: String, label: String)] = [], zones: HeartRateZones?,
                power: (functionalThresholdPower: Double?, criticalPower: Double?, wPrime: Double?)? = nil) {
        self.activity = activity
        self.gps = gps
        self.strap = strap
        self.sensors = sensors
        self.zones = zones
        figures = LiveFigures(activity: activity)
        var progress = Progress()
        if let power {
            progress.training = LivePowerMetrics(functionalThresholdPower: power.functionalThresholdPower, criticalPower: power.criticalPower, wPrime: power.wPrime)
        }
        self.progress = Mutex(progress)
    }

    /// Seconds after which a speed, cadence or power reading is no longer current.
    public static let currentWithin: TimeInterval = 5
    /// Seconds after which a heart rate is no longer current.
    public static let heartRateCurrentWithin: TimeInterval = 10

    /// Beats and revolutions per minute, made once rather than at every snapshot.
    private static let perMinute = HKUnit.count().unitDivided(by: .minute())

    /// The recording as it stands at `date`.
    public func snapshot(session: HKWorkoutSession?, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, at date: Date) -> LiveSnapshot {
        frame(session: session, builder: builder, dataSource: dataSource, at: date).snapshot
    }

    /// The recording as it stands at `date`, with the figures (``LiveFigures``) its snapshot shows, lowest and highest
    /// readings among them: what `replay` prints when it keeps nothing is the dashboard's last frame.
    public func frame(session: HKWorkoutSession?, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource,
                      at date: Date) -> (snapshot: LiveSnapshot, figures: LiveFigures.Now) {
        var snapshot = LiveSnapshot(state: state(of: session, builder: builder), activity: activity.name,
                                    showsPace: LiveSnapshot.showsPace(activity.name), date: date)
        // The figures the workout will be saved with (distance, averages, top speed, climbing): one computation.
        let now = figures.update(builder: builder, dataSource: dataSource, at: date)
        let elapsed = now.movingSeconds
        let meters = now.distanceMeters
        snapshot.start = builder.startDate
        snapshot.guidance = guidance
        snapshot.elapsedSeconds = elapsed
        snapshot.distanceMeters = meters
        func recent(_ identifier: HKQuantityTypeIdentifier, unit: HKUnit, within seconds: TimeInterval = Self.currentWithin) -> Double? {
            guard let statistics = builder.statistics(for: HKQuantityType(identifier)), let interval = statistics.mostRecentQuantityDateInterval(),
                  date.timeIntervalSince(interval.end) <= seconds else { return nil }
            return statistics.mostRecentQuantity()?.doubleValue(for: unit)
        }
        let perMinute = Self.perMinute
        snapshot.heartRate = recent(.heartRate, unit: perMinute, within: Self.heartRateCurrentWithin)
        snapshot.averageHeartRate = now.averageHeartRate
        // Below zone 1 is no zone.
        snapshot.heartRateZone = snapshot.heartRate.flatMap { value in zones?.zone(of: value) }.flatMap { $0 > 0 ? $0 : nil }
        snapshot.cadence = recent(.cyclingCadence, unit: perMinute)
        let latestPower = latestPower(builder)
        snapshot.energyKilocalories = now.energyKilocalories
        snapshot.averageCadence = now.averageCadence
        snapshot.averagePower = now.averagePower
        snapshot.ascentMeters = now.ascentMeters
        snapshot.descentMeters = now.descentMeters
        let latest = dataSource.latestLocation
        let location = latest.flatMap { date.timeIntervalSince($0.timestamp) <= Self.currentWithin ? $0 : nil }
        // The receiver's Doppler speed; without a fix (indoors), a wheel sensor's.
        snapshot.speed = location.flatMap { $0.speed >= 0 ? $0.speed : nil }
            ?? (activity == .cycling ? recent(.cyclingSpeed, unit: HKUnit.meter().unitDivided(by: .second())) : nil)
        snapshot.averageSpeed = now.averageSpeed
        snapshot.maximumSpeed = now.maximumSpeed
        snapshot.fixTime = latest?.timestamp
        let warnings = LiveFailure.inForce(dataSource.recentFailures())
        snapshot.warnings = warnings.isEmpty ? nil : warnings
        let statuses = dataSource.statuses
        if let gps {
            var source = Self.source(gps, statuses[gps], waiting: "waiting for gpsd")
            if let latest, latest.horizontalAccuracy > 0 { source.text += String(format: ", ±%.0f m", latest.horizontalAccuracy) }
            snapshot.gps = source
        }
        if let strap { snapshot.strap = Self.source(strap, statuses[strap], waiting: "waiting for the strap") }
        snapshot.sensors = sensors.map { sensor in
            var source = Self.source(sensor.source, statuses[sensor.source], waiting: "waiting")
            source.label = sensor.label
            return source
        }
        progress.withLock { progress in
            if let (watts, end) = latestPower { progress.see(power: watts, endingAt: end) }
            progress.power.removeAll { date.timeIntervalSince($0.end) >= Self.powerWindow }
            if !progress.power.isEmpty { snapshot.power = progress.power.reduce(0) { $0 + $1.watts } / Double(progress.power.count) }
            if progress.lapPower.count > 0 { snapshot.lapAveragePower = progress.lapPower.sum / Double(progress.lapPower.count) }
            if let training = Self.train(&progress, elapsed: elapsed, latestPower: latestPower, at: date) {
                snapshot.power10s = training.mean(last: 10)
                snapshot.power30s = training.mean(last: 30)
                snapshot.normalizedPower = training.normalizedPower
                snapshot.lapNormalizedPower = training.lapNormalizedPower
                snapshot.trainingStressScore = training.trainingStressScore
                snapshot.wPrimeBalance = training.wPrimeBalance
                snapshot.wPrimeShare = training.wPrimeShare
                if training.wPrimeBalance != nil { snapshot.wPrimeLow = training.wPrimeLow }
            }
            snapshot.lap = progress.lapNumber
            snapshot.lapSeconds = elapsed - progress.lapElapsed
            snapshot.lapDistanceMeters = meters - progress.lapDistance
            if let location, location.verticalAccuracy >= 0 {
                snapshot.elevationMeters = location.altitude
                if progress.climb.last.map({ meters - $0.distance >= 5 }) ?? true { progress.climb.append((meters, location.altitude)) }
                while progress.climb.count > 2, meters - progress.climb[1].distance >= 100 { progress.climb.removeFirst() }
                if let first = progress.climb.first, meters - first.distance >= 50 {
                    snapshot.gradePercent = (location.altitude - first.altitude) / (meters - first.distance) * 100
                }
            }
        }
        return (snapshot, now)
    }

    /// Ends the current lap at `date` and begins the next; returns the lap that ended.
    public func startLap(builder: HKLiveWorkoutBuilder, at date: Date) -> FinishedLap {
        let elapsed = builder.elapsedTime(at: date)
        let meters = LiveFigures.distance(of: builder, activity: activity)
        let start = builder.startDate ?? date
        let latestPower = latestPower(builder)
        return progress.withLock { progress in
            // The seconds before the lap's start belong to the lap that ends.
            _ = Self.train(&progress, elapsed: elapsed, latestPower: latestPower, at: date)
            let finished = FinishedLap(number: progress.lapNumber, start: progress.lapStart ?? start, seconds: elapsed - progress.lapElapsed)
            progress.lapNumber += 1
            progress.lapStart = date
            progress.lapElapsed = elapsed
            progress.lapDistance = meters
            progress.lapPower = (0, 0)
            progress.training?.startLap()
            return finished
        }
    }

    /// The builder's most recent power reading and when it ended.
    private func latestPower(_ builder: HKLiveWorkoutBuilder) -> (watts: Double, end: Date)? {
        let statistics = builder.statistics(for: HKQuantityType(activity == .cycling ? .cyclingPower : .runningPower))
        return statistics.flatMap { statistics in
            statistics.mostRecentQuantityDateInterval().flatMap { interval in statistics.mostRecentQuantity().map { ($0.doubleValue(for: .watt()), interval.end) } }
        }
    }

    /// Feeds the training figures each whole second of activity up to `elapsed` not yet fed, at the power current
    /// at `date` (the latest reading, while it is current), and returns them; nil without thresholds.
    private static func train(_ progress: inout Progress, elapsed: Double, latestPower: (watts: Double, end: Date)?, at date: Date) -> LivePowerMetrics? {
        guard var training = progress.training else { return nil }
        let seconds = Int(max(0, elapsed).rounded(.down))
        // Before the power meter is first heard there is no reading, not a reading of zero: those seconds are
        // left out, as the saved ride's series leaves them out (`SecondSeries`).
        guard let latestPower else {
            progress.trainedSeconds = max(progress.trainedSeconds, seconds)
            return training
        }
        if !progress.powerHeard {
            // The first reading: the seconds of activity before the one it ended in are not fed either.
            progress.powerHeard = true
            let heard = Int(max(0, elapsed - max(0, date.timeIntervalSince(latestPower.end))).rounded(.down))
            progress.trainedSeconds = max(progress.trainedSeconds, min(heard, seconds))
        }
        let current = date.timeIntervalSince(latestPower.end) <= currentWithin ? latestPower.watts : 0
        while progress.trainedSeconds < seconds {
            training.add(current)
            progress.trainedSeconds += 1
        }
        progress.training = training
        return training
    }

    /// When the current lap started; nil while it is the first.
    public var currentLapStart: Date? { progress.withLock { $0.lapStart } }

    /// The session's state as people read it: a pause the rider did not ask for is `auto-paused`, and an ended
    /// session is `saving` until its workout is saved.
    private func state(of session: HKWorkoutSession?, builder: HKLiveWorkoutBuilder) -> LiveSnapshot.State {
        switch session?.state {
        case nil, .notStarted?, .prepared?: return .waiting
        case .running?: return .running
        case .paused?:
            let motion = builder.workoutEvents.last { $0.type == .motionPaused || $0.type == .motionResumed }
            return motion?.type == .motionPaused ? .autoPaused : .paused
        case .stopped?: return .stopped
        case .ended?: return .saving
        @unknown default: return .waiting
        }
    }

    private static func source(_ name: String, _ status: WorkoutSourceStatus?, waiting: String) -> LiveSnapshot.Source {
        guard let status else { return LiveSnapshot.Source(name: name, kind: nil, detail: "", text: waiting) }
        return LiveSnapshot.Source(name: name, kind: status.kind, detail: status.detail, text: describe(status), battery: status.battery)
    }

    /// A source's status as people read it: `3D fix`, `no skin contact`, `reconnecting: connection refused`.
    public static func describe(_ status: WorkoutSourceStatus) -> String {
        let kind = switch status.kind {
        case .fix3D: "3D fix"
        case .fix2D: "2D fix"
        case .noFix: "no fix"
        case .contactLost: "no skin contact"
        case .contactRestored: "contact"
        default: status.kind.rawValue
        }
        // "connected to KICKR 1234 (…)" says the kind already.
        return status.detail.isEmpty ? kind : status.detail.hasPrefix(kind) ? status.detail : "\(kind): \(status.detail)"
    }
}
