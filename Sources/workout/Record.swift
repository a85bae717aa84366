import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import Synchronization
import WorkoutSources

/// `workout record`: a live workout from gpsd and a heart-rate strap, saved to the store.
struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a workout live from a GPS receiver (through gpsd) and a heart-rate strap.",
        discussion: """
            On a terminal a dashboard is redrawn each second; keys: p pause/resume, l lap, m marker, \
            q finish. With --plain (or without a terminal) it prints log lines instead, for headless \
            use under systemd. Ctrl-C or SIGTERM also finishes and saves the workout. Readings are \
            written to the store as they arrive; after a crash or power loss, `workout recover` \
            finishes the workout from what was saved.
            """
    )

    @Option(help: ArgumentHelp("The activity, by HealthKit's name: running, cycling, walking, hiking, …", valueName: "name"))
    var activity: String = "running"

    @Flag(help: "An indoor workout: no GPS unless --gpsd is given.")
    var indoor = false

    @Option(help: ArgumentHelp("gpsd's address (default localhost:2947 outdoors).", valueName: "host:port"))
    var gpsd: String?

    @Option(help: ArgumentHelp("A heart-rate strap bridge's serial device, with an optional baud rate: /dev/ttyUSB0@115200.", valueName: "device"))
    var hrm: String?

    @Option(help: ArgumentHelp("How the strap bridge frames notifications: hrm1, hex, slip or cobs.", valueName: "framing"))
    var framing: String = "hrm1"

    @Option(help: ArgumentHelp("Finish after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("An athlete profile (YAML: age, sex, mass, height, maxHeartRate, restingHeartRate, ftp) for energy and heart-rate zones.",
                               valueName: "file"))
    var profile: String?

    @Flag(help: "Pause the workout while standing still (from the receiver's Doppler speed) and resume on moving.")
    var autoPause = false

    @Option(help: ArgumentHelp("Also write the finished workout to this .fit, .tcx or .gpx file.", valueName: "path"))
    var export: String?

    @Flag(help: "Print log lines instead of the dashboard.")
    var plain = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if HKWorkoutActivityType(name: activity) == nil {
            throw ValidationError("Unknown activity '\(activity)'. Activities are HealthKit's names: running, cycling, walking, hiking, swimming, …")
        }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be a number of seconds above 0.") }
        if indoor, gpsd == nil, hrm == nil { throw ValidationError("Nothing to record from: give --hrm DEVICE (or --gpsd for an indoor receiver).") }
        if let export, ActivityFileFormat(pathExtension: URL(fileURLWithPath: export).pathExtension) == nil {
            throw ValidationError("--export needs a file ending in .fit, .tcx or .gpx.")
        }
    }

    func run() async throws {
        var sources: [any WorkoutDataSource] = []
        if !indoor || gpsd != nil {
            do { sources.append(try GPSDSource(address: gpsd ?? "localhost:2947")) } catch { throw ValidationError(error.message) }
        }
        if let hrm {
            do {
                sources.append(HeartRateStrapSource(try HeartRateStrapSource.configuration(device: hrm, framing: framing)))
            } catch {
                throw ValidationError(error.message)
            }
        }
        var athlete: AthleteProfile?
        if let profile {
            do { athlete = try AthleteProfile(contentsOf: URL(fileURLWithPath: profile)) } catch {
                throw ScenarioFileError(error: error, path: profile)
            }
        }
        let store = storeOptions.open()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = HKWorkoutActivityType(name: activity)!
        configuration.locationType = indoor ? .indoor : .outdoor
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: sources)
        dataSource.athleteProfile = athlete
        if autoPause {
            dataSource.autoPause = .default(for: configuration.activityType)
            dataSource.autoPausesSession = true
        }
        if hrm != nil { dataSource.enableCollection(for: HKQuantityType(.heartRateVariabilitySDNN), predicate: nil) }
        var share: Set<HKSampleType> = Set(dataSource.typesToCollect.map { $0 as HKSampleType })
        share.formUnion([HKWorkoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat(), HKQuantityType(.heartRateVariabilitySDNN)])
        try await store.requestAuthorization(toShare: share, read: share)

        let clock = SystemClock()
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = dataSource
        let display = RecordDisplay(plain: plain || isatty(STDOUT_FILENO) == 0, activity: activity, sources: sources.map(\.name))
        let start = clock.now
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        display.log("recording \(activity) to \(store.location); " + (display.plain ? "SIGINT or SIGTERM finishes" : "q finishes"))

        let commands = CommandQueue()
        let interrupt = InterruptSignal { commands.push(.finish) }
        defer { interrupt.cancel() }
        let keyboard = display.plain ? nil : Keyboard(commands)
        defer { keyboard?.restore() }
        var lapStart = start
        var tick = 0
        recording: while true {
            try? await Task.sleep(for: .milliseconds(200))
            let now = clock.now
            if let duration, now.timeIntervalSince(start) >= duration { break }
            for command in commands.take() {
                switch command {
                case .finish:
                    break recording
                case .pauseOrResume:
                    if session.state == .running { session.pause() } else if session.state == .paused { session.resume() }
                    display.log(session.state == .paused ? "paused" : "resumed")
                case .lap:
                    try? await builder.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lapStart, end: now), metadata: nil)])
                    lapStart = now
                    display.log("lap")
                case .marker:
                    try? await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: now, duration: 0), metadata: nil)])
                    display.log("marker")
                }
            }
            tick += 1
            display.update(session: session, builder: builder, dataSource: dataSource, everySecond: tick % 5 == 0)
        }
        let end = clock.now
        if lapStart > start {
            try? await builder.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lapStart, end: end), metadata: nil)])
        }
        session.end()
        try await builder.endCollection(at: end)
        let workout = try await builder.finishWorkout()
        keyboard?.restore()
        display.finish(workout: workout, builder: builder, dataSource: dataSource)
        if let export, let workout {
            let activity = try await Activity(workout: workout, in: store)
            try ActivityFile.write(activity, as: ActivityFileFormat(pathExtension: URL(fileURLWithPath: export).pathExtension) ?? .fit,
                                   to: URL(fileURLWithPath: export))
            print("exported to \(export)")
        }
    }
}

/// What the keys and signals ask for.
enum RecordCommand: Sendable {
    case pauseOrResume, lap, marker, finish
}

/// Commands from the keyboard and signal handlers, taken by the recording loop.
final class CommandQueue: Sendable {
    private let pending = Mutex<[RecordCommand]>([])

    func push(_ command: RecordCommand) { pending.withLock { $0.append(command) } }

    func take() -> [RecordCommand] { pending.withLock { commands in defer { commands = [] }; return commands } }
}

/// Reads single keys from a terminal in raw mode on a thread of its own.
final class Keyboard {
    private var saved = termios()
    private var isRaw = false

    init?(_ commands: CommandQueue) {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~(tcflag_t(ICANON) | tcflag_t(ECHO))
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        isRaw = true
        let thread = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                switch byte {
                case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: " "): commands.push(.pauseOrResume)
                case UInt8(ascii: "l"), UInt8(ascii: "L"): commands.push(.lap)
                case UInt8(ascii: "m"), UInt8(ascii: "M"): commands.push(.marker)
                case UInt8(ascii: "q"), UInt8(ascii: "Q"): commands.push(.finish)
                default: break
                }
            }
        }
        thread.start()
    }

    /// Gives the terminal its settings back.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }
}

/// The dashboard, or log lines for headless use.
final class RecordDisplay {
    let plain: Bool
    private let activity: String
    private let sources: [String]
    private var lastStatuses: [String: WorkoutSourceStatus.Kind] = [:]
    private var lastState: HKWorkoutSessionState?
    private var drawnLines = 0
    private var lastSummary = -10.0

    init(plain: Bool, activity: String, sources: [String]) {
        self.plain = plain
        self.activity = activity
        self.sources = sources
    }

    /// One line, in either mode.
    func log(_ text: String) {
        if !plain { clear() }
        write(text)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private func clear() {
        guard drawnLines > 0 else { return }
        FileHandle.standardOutput.write(Data(("\u{1B}[\(drawnLines)A\u{1B}[J").utf8))
        drawnLines = 0
    }

    func update(session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, everySecond: Bool) {
        let statuses = dataSource.statuses
        // Device changes are always logged, in both modes.
        for name in sources {
            guard let status = statuses[name], lastStatuses[name] != status.kind else { continue }
            lastStatuses[name] = status.kind
            log("\(name) \(status.kind.rawValue)" + (status.detail.isEmpty ? "" : ": \(status.detail)"))
        }
        if plain {
            if session.state != lastState {
                lastState = session.state
                write("state \(Self.name(session.state))")
            }
            let elapsed = builder.elapsedTime
            if elapsed - lastSummary >= 10 {
                lastSummary = elapsed
                write("\(clockText(elapsed)) " + Self.summary(builder: builder, dataSource: dataSource).joined(separator: "  "))
            }
            return
        }
        guard everySecond else { return }
        clear()
        var lines = ["\u{1B}[1m\(Self.name(session.state).uppercased())\u{1B}[0m  \(activity)  \(clockText(builder.elapsedTime))"]
        lines += Self.summary(builder: builder, dataSource: dataSource)
        let laps = builder.workoutEvents.filter { $0.type == .lap }.count
        lines.append("laps \(laps)  " + sources.map { name in "\(name): \(statuses[name].map { $0.kind.rawValue + ($0.detail.isEmpty ? "" : " (\($0.detail))") } ?? "waiting")" }
            .joined(separator: "  "))
        lines.append("[p] pause/resume  [l] lap  [m] marker  [q] finish")
        write(lines.joined(separator: "\n"))
        drawnLines = lines.count
    }

    static func summary(builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource) -> [String] {
        var parts: [String] = []
        let distance = HKQuantityType(HKWorkout.distanceType(for: builder.workoutConfiguration.activityType))
        let meters = builder.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter()) ?? 0
        parts.append(String(format: "distance %.2f km", meters / 1000))
        if let speed = dataSource.latestLocation?.speed, speed >= 0 { parts.append(String(format: "speed %.1f km/h", speed * 3.6)) }
        let bpm = HKUnit.count().unitDivided(by: .minute())
        if let heartRate = builder.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?.doubleValue(for: bpm) {
            var text = String(format: "heart rate %.0f bpm", heartRate)
            if let profile = dataSource.athleteProfile { text += " zone \(HeartRateZones.percentOfMaximum(profile: profile).zone(of: heartRate))" }
            parts.append(text)
        }
        if let energy = builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) {
            parts.append(String(format: "energy %.0f kcal", energy))
        }
        return parts
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

    func finish(workout: HKWorkout?, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource) {
        clear()
        guard let workout else {
            write("No workout was saved.")
            return
        }
        write("saved workout \(workout.uuid.uuidString)")
        write("  duration    \(clockText(workout.duration))")
        for line in Self.summary(builder: builder, dataSource: dataSource) where !line.hasPrefix("speed") { write("  " + line) }
        let markers = (workout.workoutEvents ?? []).filter { $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] != nil }
        if !markers.isEmpty { write("  device events \(markers.count)") }
        for failure in dataSource.failures { write("  warning: \(failure)") }
    }
}
