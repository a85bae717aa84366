import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutCatalog

/// Shows a recording as it goes: the full-screen dashboard on a terminal, or
/// log lines for headless use. Warnings go to standard error in both.
final class RecordDisplay {
    let plain: Bool
    private let activity: HKWorkoutActivityType
    private let clock: any WorkoutClock
    private let screen = TerminalScreen()
    private var state: DashboardState
    private var lastStatuses: [String: WorkoutSourceStatus.Kind] = [:]
    private var lastState: HKWorkoutSessionState?
    private var lastSummary = -10.0

    /// A display of the recording that `snapshotter` takes snapshots of.
    init(plain: Bool, snapshotter: LiveSnapshotter, clock: any WorkoutClock) {
        self.plain = plain
        self.activity = snapshotter.activity
        self.clock = clock
        // Not `clock.now`: a receiver's clock learns its time from the first fix, after the display exists.
        var waiting = LiveSnapshot(activity: snapshotter.activity.name, showsPace: LiveSnapshot.showsPace(snapshotter.activity.name), date: .distantPast)
        waiting.gps = snapshotter.gps.map { LiveSnapshot.Source(name: $0, kind: nil, detail: "", text: "waiting") }
        waiting.strap = snapshotter.strap.map { LiveSnapshot.Source(name: $0, kind: nil, detail: "", text: "waiting") }
        waiting.sensors = snapshotter.sensors.map { LiveSnapshot.Source(name: $0.source, kind: nil, detail: "", text: "waiting", label: $0.label) }
        state = DashboardState(snapshot: waiting)
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

    /// Logs a source's status when its kind changed (a device connected, lost, a fix gained), in both modes.
    func sourceChanged(_ status: WorkoutSourceStatus) {
        guard lastStatuses[status.source] != status.kind else { return }
        lastStatuses[status.source] = status.kind
        log("\(status.source) \(status.kind.rawValue)" + (status.detail.isEmpty ? "" : ": \(status.detail)"))
    }

    /// Shows `snapshot`: on the dashboard when `now` (or the terminal changed size); in plain mode, the
    /// session's state changes and a line every 10 s.
    func update(session: HKWorkoutSession, snapshot: LiveSnapshot, redraw now: Bool) {
        state.snapshot = snapshot
        if plain {
            if session.state != lastState {
                lastState = session.state
                write("state \(Self.name(session.state))")
            }
            if snapshot.elapsedSeconds - lastSummary >= 10 {
                lastSummary = snapshot.elapsedSeconds
                write("\(clockText(snapshot.elapsedSeconds)) " + String(format: "distance %.2f km", snapshot.distanceMeters / 1000)
                      + (snapshot.heartRate.map { String(format: "  heart rate %.0f bpm", $0) } ?? "") + (snapshot.guidance ?? []).map { "  \($0)" }.joined())
            }
            return
        }
        guard now || screen.resized else { return }
        state.timeOfDay = timeText(snapshot.date)
        redraw()
    }

    private func redraw() {
        guard !plain else { return }
        let snapshot = state
        screen.draw { RecordDashboard.render(snapshot, width: $0, height: $1) }
    }

    /// The lines shown after the recording: the saved workout's figures, with averages, not last readings.
    func summary(of workout: HKWorkout, cadenceAndPower: [(label: String, text: String)] = []) -> [String] {
        var lines = ["saved workout \(workout.uuid.uuidString)"]
        lines.append("  duration    \(clockText(workout.duration)) active, \(clockText(workout.endDate.timeIntervalSince(workout.startDate))) in all")
        if let meters = WorkoutSummary.distance(of: workout) {
            lines.append(String(format: "  distance    %.2f km", meters / 1000))
            if workout.duration > 0, meters > 0 { lines.append("  \(state.snapshot.showsPace ? "pace " : "speed")       \(speedText(meters / workout.duration, activity: activity.name)) average") }
        }
        if let heartRate = workout.statistics(for: HKQuantityType(.heartRate)), let average = heartRate.averageQuantity()?.doubleValue(for: beatsPerMinute) {
            lines.append(String(format: "  heart rate  %.0f bpm average, %.0f highest", average, heartRate.maximumQuantity()?.doubleValue(for: beatsPerMinute) ?? average))
        }
        if let energy = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) {
            lines.append(String(format: "  energy      %.0f kcal", energy))
        }
        for (label, text) in cadenceAndPower { lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + text) }
        let events = workout.workoutEvents ?? []
        let laps = events.filter { $0.type == .lap }.count
        if laps > 0 { lines.append("  laps        \(laps)") }
        let markers = events.filter { $0.type == .marker && $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] == nil }.count
        if markers > 0 { lines.append("  markers     \(markers)") }
        let devices = events.filter { $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] != nil }.count
        if devices > 0 { lines.append("  device events \(devices)") }
        return lines
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
