import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutCatalog

/// Shows a recording as it goes: the full-screen dashboard on a terminal, or
/// log lines for headless use. Warnings go to standard error in both.
final class RecordDisplay {
    /// Where the current lap started: its date, the active time and the distance then.
    struct Lap {
        var start: Date
        var elapsed: TimeInterval
        var distance: Double
    }

    let plain: Bool
    private let activity: HKWorkoutActivityType
    private let gps: String?
    private let strap: String?
    /// The athlete's zones, by their chosen model (``HeartRateZoneChoice``), as every other surface draws them.
    private let zones: HeartRateZones?
    private let clock: any WorkoutClock
    private let screen = TerminalScreen()
    private var state = DashboardState()
    private var lastStatuses: [String: WorkoutSourceStatus.Kind] = [:]
    private var lastState: HKWorkoutSessionState?
    private var lastSummary = -10.0
    /// Recent (distance, altitude) pairs, for the grade over the last 100 m.
    private var climb: [(Double, Double)] = []

    init(plain: Bool, activity: HKWorkoutActivityType, gps: String?, strap: String?, athlete: AthleteProfile?, clock: any WorkoutClock) {
        self.plain = plain
        self.activity = activity
        self.gps = gps
        self.strap = strap
        zones = athlete.flatMap(HeartRateZoneChoice.init(profile:))?.zones
        self.clock = clock
        state.activity = activity.name
        state.showsPace = usesPace(activity.name)
        if gps != nil { state.gps = "waiting" }
        if strap != nil { state.strap = "waiting" }
    }

    /// Takes the screen (dashboard mode).
    func begin() {
        guard !plain else { return }
        screen.enter()
        redraw()
    }

    /// Gives the screen back.
    func end() {
        screen.leave()
    }

    /// A message: a line in plain mode, the log region on the dashboard.
    func log(_ text: String) {
        if plain { return write(text) }
        state.log.append("\(timeText(clock.now)) \(text)")
        if state.log.count > 200 { state.log.removeFirst(state.log.count - 200) }
        redraw()
    }

    /// A warning: on standard error, and in the dashboard's log.
    func warn(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
        if !plain { log("warning: \(text)") }
    }

    /// The workout's distance so far, in metres.
    func distance(_ builder: HKLiveWorkoutBuilder) -> Double {
        builder.statistics(for: HKQuantityType(HKWorkout.distanceType(for: activity)))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0
    }

    func update(session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, lap: Lap, lapNumber: Int, redraw now: Bool) {
        let statuses = dataSource.statuses
        // Device changes are always logged, in both modes.
        for (name, status) in statuses.sorted(by: { $0.key < $1.key }) where lastStatuses[name] != status.kind {
            lastStatuses[name] = status.kind
            log("\(name) \(status.kind.rawValue)" + (status.detail.isEmpty ? "" : ": \(status.detail)"))
        }
        let date = clock.now
        let elapsed = builder.elapsedTime(at: date)
        if plain {
            if session.state != lastState {
                lastState = session.state
                write("state \(Self.name(session.state))")
            }
            if elapsed - lastSummary >= 10 {
                lastSummary = elapsed
                let heartRate = builder.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?.doubleValue(for: beatsPerMinute)
                write("\(clockText(elapsed)) " + String(format: "distance %.2f km", distance(builder) / 1000)
                      + (heartRate.map { String(format: "  heart rate %.0f bpm", $0) } ?? ""))
            }
            return
        }
        guard now || screen.resized else { return }
        fill(session: session, builder: builder, dataSource: dataSource, lap: lap, lapNumber: lapNumber, at: date)
        redraw()
    }

    private func fill(session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, lap: Lap, lapNumber: Int, at date: Date) {
        let elapsed = builder.elapsedTime(at: date)
        let meters = distance(builder)
        let automatic = session.state == .paused && (builder.workoutEvents.last { $0.type == .motionPaused || $0.type == .motionResumed }?.type == .motionPaused)
        state.state = automatic ? "auto-paused" : Self.name(session.state)
        state.elapsed = elapsed
        state.distance = meters
        state.lapNumber = lapNumber
        state.lapTime = elapsed - lap.elapsed
        state.lapDistance = meters - lap.distance
        state.timeOfDay = timeText(date)
        // Readings older than a few seconds are not current any more.
        func recent(_ statistics: HKStatistics?, unit: HKUnit, within seconds: TimeInterval = 5) -> Double? {
            guard let statistics, let interval = statistics.mostRecentQuantityDateInterval(),
                  date.timeIntervalSince(interval.end) <= seconds else { return nil }
            return statistics.mostRecentQuantity()?.doubleValue(for: unit)
        }
        let heartRate = builder.statistics(for: HKQuantityType(.heartRate))
        state.heartRate = recent(heartRate, unit: beatsPerMinute, within: 10)
        state.averageHeartRate = heartRate?.averageQuantity()?.doubleValue(for: beatsPerMinute)
        // Below zone 1 (half the maximum) is no zone.
        state.heartRateZone = state.heartRate.flatMap { value in zones?.zone(of: value) }
            .flatMap { $0 > 0 ? $0 : nil }
        state.cadence = recent(builder.statistics(for: HKQuantityType(.cyclingCadence)), unit: beatsPerMinute)
        state.power = recent(builder.statistics(for: HKQuantityType(activity == .cycling ? .cyclingPower : .runningPower)), unit: .watt())
        state.energy = builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie())
        let location = dataSource.latestLocation.flatMap { date.timeIntervalSince($0.timestamp) <= 5 ? $0 : nil }
        state.speed = location.flatMap { $0.speed >= 0 ? $0.speed : nil }
        state.averageSpeed = elapsed > 0 && meters > 0 ? meters / elapsed : nil
        state.maximumSpeed = (dataSource.derivedMetadata[HKMetadataKeyMaximumSpeed] as? HKQuantity)?.doubleValue(for: HKUnit(from: "m/s"))
        if let location, location.verticalAccuracy >= 0 {
            state.elevation = location.altitude
            if climb.last.map({ meters - $0.0 >= 5 }) ?? true { climb.append((meters, location.altitude)) }
            while climb.count > 2, meters - climb[1].0 >= 100 { climb.removeFirst() }
            if let first = climb.first, meters - first.0 >= 50 { state.grade = (location.altitude - first.1) / (meters - first.0) * 100 }
        }
        let statuses = dataSource.statuses
        if let gps {
            var text = statuses[gps].map { Self.describe($0) } ?? "waiting for gpsd"
            if let location = dataSource.latestLocation, location.horizontalAccuracy > 0 { text += String(format: ", ±%.0f m", location.horizontalAccuracy) }
            state.gps = text
        }
        if let strap { state.strap = statuses[strap].map { Self.describe($0) } ?? "waiting for the strap" }
    }

    private func redraw() {
        guard !plain else { return }
        let snapshot = state
        screen.draw { RecordDashboard.render(snapshot, width: $0, height: $1) }
    }

    /// The lines shown after the recording: the saved workout's figures, with averages, not last readings.
    func summary(of workout: HKWorkout) -> [String] {
        var lines = ["saved workout \(workout.uuid.uuidString)"]
        lines.append("  duration    \(clockText(workout.duration)) active, \(clockText(workout.endDate.timeIntervalSince(workout.startDate))) in all")
        if let meters = WorkoutSummary.distance(of: workout) {
            lines.append(String(format: "  distance    %.2f km", meters / 1000))
            if workout.duration > 0, meters > 0 { lines.append("  \(state.showsPace ? "pace " : "speed")       \(speedText(meters / workout.duration, activity: activity.name)) average") }
        }
        if let heartRate = workout.statistics(for: HKQuantityType(.heartRate)), let average = heartRate.averageQuantity()?.doubleValue(for: beatsPerMinute) {
            lines.append(String(format: "  heart rate  %.0f bpm average, %.0f highest", average, heartRate.maximumQuantity()?.doubleValue(for: beatsPerMinute) ?? average))
        }
        if let energy = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) {
            lines.append(String(format: "  energy      %.0f kcal", energy))
        }
        let events = workout.workoutEvents ?? []
        let laps = events.filter { $0.type == .lap }.count
        if laps > 0 { lines.append("  laps        \(laps)") }
        let markers = events.filter { $0.type == .marker && $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] == nil }.count
        if markers > 0 { lines.append("  markers     \(markers)") }
        let devices = events.filter { $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] != nil }.count
        if devices > 0 { lines.append("  device events \(devices)") }
        return lines
    }

    static func describe(_ status: WorkoutSourceStatus) -> String {
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

    static func name(_ state: HKWorkoutSessionState) -> String {
        switch state {
        case .notStarted: "not started"
        case .prepared: "prepared"
        case .running: "running"
        case .paused: "paused"
        case .stopped: "stopped"
        case .ended: "ended"
        @unknown default: "unknown"
        }
    }

    private func timeText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
