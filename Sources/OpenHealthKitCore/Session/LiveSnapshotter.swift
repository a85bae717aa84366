public import Foundation
import Synchronization

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
    private let progress = Mutex(Progress())

    /// A snapshotter for a recording of `activity` from the named sources: `sensors` are every sensor besides the
    /// GPS (the strap among them), by source name with the rider's name for each.
    public init(activity: HKWorkoutActivityType, gps: String?, strap: String?, sensors: [(source: String, label: String)] = [], zones: HeartRateZones?) {
        self.activity = activity
        self.gps = gps
        self.strap = strap
        self.sensors = sensors
        self.zones = zones
    }

    /// Seconds after which a speed, cadence or power reading is no longer current.
    public static let currentWithin: TimeInterval = 5
    /// Seconds after which a heart rate is no longer current.
    public static let heartRateCurrentWithin: TimeInterval = 10

    /// Beats and revolutions per minute, made once rather than at every snapshot.
    private static let perMinute = HKUnit.count().unitDivided(by: .minute())

    /// The recording as it stands at `date`.
    public func snapshot(session: HKWorkoutSession?, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, at date: Date) -> LiveSnapshot {
        var snapshot = LiveSnapshot(state: state(of: session, builder: builder), activity: activity.name,
                                    showsPace: LiveSnapshot.showsPace(activity.name), date: date)
        let elapsed = builder.elapsedTime(at: date)
        let meters = builder.statistics(for: HKQuantityType(HKWorkout.distanceType(for: activity)))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0
        snapshot.start = builder.startDate
        snapshot.elapsedSeconds = elapsed
        snapshot.distanceMeters = meters
        func recent(_ identifier: HKQuantityTypeIdentifier, unit: HKUnit, within seconds: TimeInterval = Self.currentWithin) -> Double? {
            guard let statistics = builder.statistics(for: HKQuantityType(identifier)), let interval = statistics.mostRecentQuantityDateInterval(),
                  date.timeIntervalSince(interval.end) <= seconds else { return nil }
            return statistics.mostRecentQuantity()?.doubleValue(for: unit)
        }
        let perMinute = Self.perMinute
        snapshot.heartRate = recent(.heartRate, unit: perMinute, within: Self.heartRateCurrentWithin)
        snapshot.averageHeartRate = builder.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: perMinute)
        // Below zone 1 is no zone.
        snapshot.heartRateZone = snapshot.heartRate.flatMap { value in zones?.zone(of: value) }.flatMap { $0 > 0 ? $0 : nil }
        snapshot.cadence = recent(.cyclingCadence, unit: perMinute)
        let powerStatistics = builder.statistics(for: HKQuantityType(activity == .cycling ? .cyclingPower : .runningPower))
        let latestPower = powerStatistics.flatMap { statistics in
            statistics.mostRecentQuantityDateInterval().flatMap { interval in statistics.mostRecentQuantity().map { ($0.doubleValue(for: .watt()), interval.end) } }
        }
        snapshot.energyKilocalories = builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie())
        let latest = dataSource.latestLocation
        let location = latest.flatMap { date.timeIntervalSince($0.timestamp) <= Self.currentWithin ? $0 : nil }
        // The receiver's Doppler speed; without a fix (indoors), a wheel sensor's.
        snapshot.speed = location.flatMap { $0.speed >= 0 ? $0.speed : nil }
            ?? (activity == .cycling ? recent(.cyclingSpeed, unit: HKUnit.meter().unitDivided(by: .second())) : nil)
        snapshot.averageSpeed = elapsed > 0 && meters > 0 ? meters / elapsed : nil
        snapshot.maximumSpeed = (dataSource.derivedMetadata[HKMetadataKeyMaximumSpeed] as? HKQuantity)?.doubleValue(for: HKUnit(from: "m/s"))
        snapshot.fixTime = latest?.timestamp
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
        return snapshot
    }

    /// Ends the current lap at `date` and begins the next; returns the lap that ended.
    public func startLap(builder: HKLiveWorkoutBuilder, at date: Date) -> FinishedLap {
        let elapsed = builder.elapsedTime(at: date)
        let meters = builder.statistics(for: HKQuantityType(HKWorkout.distanceType(for: activity)))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0
        let start = builder.startDate ?? date
        return progress.withLock { progress in
            let finished = FinishedLap(number: progress.lapNumber, start: progress.lapStart ?? start, seconds: elapsed - progress.lapElapsed)
            progress.lapNumber += 1
            progress.lapStart = date
            progress.lapElapsed = elapsed
            progress.lapDistance = meters
            progress.lapPower = (0, 0)
            return finished
        }
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
        return status.detail.isEmpty ? kind : "\(kind): \(status.detail)"
    }
}
