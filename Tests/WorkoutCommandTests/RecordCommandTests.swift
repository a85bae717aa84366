import Foundation
import TestSupport
import Testing

/// `workout record` running in the background, its output read line by line.
final class RecordingProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var text = ""
    private var closed = false
    private let input = Pipe()

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        _ = TestRunReaper.started
        process.executableURL = WorkoutProcess.executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
        process.standardInput = input
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.lock.withLock {
                self?.text += String(decoding: data, as: UTF8.self)
                if data.isEmpty { self?.closed = true }
            }
        }
        try process.run()
    }

    var output: String { lock.withLock { text } }

    /// Writes a line to the process's standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits until the output contains `fragment` (after the first `earlier`, when given; at most `timeout`
    /// seconds, when given).
    func waitFor(_ fragment: String, after earlier: String? = nil, timeout: Double? = nil) async throws {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        func seen() -> Bool {
            let text = output
            guard let earlier else { return text.contains(fragment) }
            return text.range(of: earlier).map { text[$0.upperBound...].contains(fragment) } ?? false
        }
        while !seen() {
            guard process.isRunning else { throw RecordTestError("workout ended before printing '\(fragment)':\n\(output)") }
            if let deadline, Date() > deadline { throw RecordTestError("workout did not print '\(fragment)' in \(timeout ?? 0) s:\n\(output)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// How long the process's threads have waited, ready to run, for a processor since it started (the sum of
    /// the run-queue times in `/proc/<pid>/task/*/schedstat`, in seconds): what a machine busy with other work
    /// held it back. Zero where the kernel does not say.
    var secondsWaitingForCPU: Double {
        let tasks = "/proc/\(process.processIdentifier)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        let nanoseconds = threads.reduce(0.0) { total, thread in
            guard let text = try? String(contentsOfFile: "\(tasks)/\(thread)/schedstat", encoding: .utf8) else { return total }
            let fields = text.split(separator: " ")
            return total + (fields.count > 1 ? Double(fields[1]) ?? 0 : 0)
        }
        return nanoseconds / 1e9
    }

    /// Sends SIGINT, as a rider's Ctrl-C: the recording finishes and is saved.
    func interrupt() {
        Foundation.kill(process.processIdentifier, SIGINT)
    }

    /// Kills the process with SIGKILL, as a power cut or the OOM killer would, and waits for it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Everything the process wrote before it ended: the output once its pipe is closed (at most 5 s after
    /// the end, for a child that holds the pipe open). Call after ``kill()`` or ``finish()``.
    func finalOutput() async -> String {
        for _ in 0..<50 where !lock.withLock({ closed }) { try? await Task.sleep(for: .milliseconds(100)) }
        return output
    }

    /// Waits for the process to end and returns its status.
    func finish() async throws -> Int32 {
        while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        try await Task.sleep(for: .milliseconds(200))
        return process.terminationStatus
    }
}

extension RecordingProcess {
    /// Plays `epochs` through `feed` once this recording waits for a fix, unplugs the receiver, and finishes the
    /// recording as a rider does (SIGINT) once it has said the receiver went away: every fix gpsd reported is in
    /// the recording, however busy the machine. (A ride's first seconds are a rest: an epoch the recorder's
    /// connection misses on a busy machine moves nothing.)
    func ride(_ epochs: [[String]], on feed: GPSDFeed) async throws {
        try await waitFor("for a fix from gpsd://127.0.0.1:\(feed.port)")
        try await offThePool {
            try feed.play(epochs)
            try feed.unplug()
        }
        try await waitFor("went away")
        interrupt()
    }
}

struct RecordTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Records scenario rides through a real gpsd. Each takes about as long as its ride (80 s); they wait on what gpsd
/// and the recorder did, never on a schedule, so they run side by side.
@Suite(.heavy, .timeLimit(.minutes(10))) struct RecordCommandTests {
    static let ride = """
        name: gpsd test ride
        activity: running
        seed: 7
        route:
          loop: {center: [52.37, 4.89], length: 2km}
        sensors:
          gps: {noise: 0, accuracy: 4}
          heartRate: off
        timeline:
          - start
          - rest: 8s
          - move: {duration: 25s, speed: 5}
          - rest: 15s
          - move: {duration: 25s, speed: 5}
          - rest: 4s
          - stop
        """

    struct Ride {
        let folder: URL
        let nmea: String
        let store: String
        let groundTruth: Double
    }

    /// Writes the scenario, its NMEA dated from now, and its ground-truth distance.
    func prepare(_ text: String = Self.ride) async throws -> Ride {
        let folder = Scratch.url("record")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenario = folder.appendingPathComponent("ride.yaml").path
        try text.write(toFile: scenario, atomically: true, encoding: .utf8)
        let nmea = folder.appendingPathComponent("ride.nmea").path
        let simulated = try await WorkoutProcess.run(["simulate", scenario, "--nmea", nmea, "--start", "now"])
        try #require(simulated.status == 0, "\(simulated.stderr)")
        let replay = try await WorkoutProcess.run(["replay", scenario, "--no-store", "--json"])
        let result = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any]
        let truth = try #require((result?["groundTruth"] as? [String: Any])?["distanceMeters"] as? Double)
        return Ride(folder: folder, nmea: nmea, store: folder.appendingPathComponent("health.sqlite").path, groundTruth: truth)
    }

    func workouts(in store: String) async throws -> [[String: Any]] {
        let list = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
        return try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// The positions of an NMEA log's RMC sentences as a GPX route: the ride's own path, as a course to follow.
    static func course(fromNMEA path: String) throws -> String {
        func degrees(_ text: Substring, _ hemisphere: Substring, width: Int) -> Double? {
            guard text.count > width, let whole = Double(text.prefix(width)), let minutes = Double(text.dropFirst(width)) else { return nil }
            return (whole + minutes / 60) * (hemisphere == "S" || hemisphere == "W" ? -1 : 1)
        }
        var points = ""
        for line in try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline) where line.hasPrefix("$GPRMC") || line.hasPrefix("$GNRMC") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 6, fields[2] == "A", let latitude = degrees(fields[3], fields[4], width: 2), let longitude = degrees(fields[5], fields[6], width: 3) else { continue }
            points += "<rtept lat=\"\(latitude)\" lon=\"\(longitude)\"/>"
        }
        return "<?xml version=\"1.0\"?><gpx version=\"1.1\"><rte><name>The ride's path</name>\(points)</rte></gpx>"
    }

    /// Records `epochs` played through a real gpsd (``GPSDFeed``) with `workout record ARGUMENTS --gpsd …` to the
    /// end of the ride (``RecordingProcess/ride(_:on:)``).
    func record(_ epochs: [[String]], on feed: GPSDFeed, _ arguments: [String]) async throws -> RecordingProcess {
        let recording = try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(feed.port)"] + arguments)
        try await recording.ride(epochs, on: feed)
        #expect(try await recording.finish() == 0, "\(recording.output)")
        return recording
    }

    @Test func aRideThroughRealGpsdIsRecordedWithItsDistanceAndPause() async throws {
        let ride = try await prepare()
        defer { try? FileManager.default.removeItem(at: ride.folder) }
        // Followed along its own path as a course: the navigation line counts the distance along it.
        let course = ride.folder.appendingPathComponent("course.gpx").path
        try Self.course(fromNMEA: ride.nmea).write(toFile: course, atomically: true, encoding: .utf8)
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let recording = try await record(try GPSDFeed.epochs(ofLog: ride.nmea), on: feed, ["--auto-pause", "--course", course, "--store", ride.store])
        let workout = try #require(try await workouts(in: ride.store).first, "\(recording.output)")
        let meters = try #require(workout["distanceMeters"] as? Double)
        // At its end the line gives the course's length, finished.
        let along = recording.output.split(separator: "\n").compactMap { line in line.firstMatch(of: /COURSE (?:finished, )?(\d+\.\d+) km/).flatMap { Double($0.output.1) } }
        #expect(along.count >= 5 && !recording.output.contains("off course"), "\(recording.output)")
        #expect(recording.output.contains("course finished: ") && recording.output.contains("COURSE finished, "), "\(recording.output)")
        #expect(abs((along.last ?? 0) * 1_000 - meters) < 30, "the course's last along \(along.last ?? 0) km, the workout \(meters) m")
        #expect(abs(meters - ride.groundTruth) <= ride.groundTruth * 0.005, "recorded \(meters) m, scenario \(ride.groundTruth) m\n\(recording.output)")
        // 50 s of moving, the rest standing: auto-paused at the start and in the middle.
        let active = try #require(workout["durationSeconds"] as? Double)
        #expect(active > 50 && active < 70, "active \(active) s")
        let shown = try await WorkoutProcess.run(["show", try #require(workout["id"] as? String), "--json", "--store", ride.store]).stdout
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        let pauses = try #require(detail["pauses"] as? [[String: Any]])
        // The 15 s rest after the first 25 s of running is an automatic pause.
        #expect(pauses.contains { pause in
            pause["automatic"] as? Bool == true && (30..<40).contains(pause["startSeconds"] as? Double ?? 0)
                && (10..<20).contains(pause["durationSeconds"] as? Double ?? 0)
        }, "\(shown)")
    }

    /// A ride that leaves its course for a 60-m detour, its fixes through a real gpsd: the recorder tells the detour
    /// where the scenario's own replay (the same matcher on the simulation's fixes) tells it, and the way back.
    @Test func aRideThroughRealGpsdLeavesItsCourseAndComesBackWhereTheReplaySaysSo() async throws {
        let folder = Scratch.url("record-course")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 1 km due north from 52.3° N 4.9° E, a point every 50 m.
        var gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>North</name><trkseg>"
        for step in 0...20 { gpx += "<trkpt lat=\"\(52.3 + Double(step) * 50 / 111_250)\" lon=\"4.9\"><ele>2</ele></trkpt>" }
        let course = folder.appendingPathComponent("north.gpx").path
        try (gpx + "</trkseg></trk></gpx>").write(toFile: course, atomically: true, encoding: .utf8)
        let scenario = folder.appendingPathComponent("detour.yaml").path
        try """
            name: detour through gpsd
            activity: cycling
            seed: 4
            course: \(course)
            sensors:
              gps: {noise: 0, accuracy: 4}
              heartRate: off
            timeline:
              - start
              - move: {distance: 200m, speed: 8}
              - detour: {off: 60m, speed: 5}
              - move: {distance: 300m, speed: 8}
              - stop
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let replay = try await WorkoutProcess.run(["replay", scenario, "--no-store", "--json"])
        let replayed = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any], "\(replay.stderr)")
        let excursions = try #require((replayed["course"] as? [String: Any])?["offCourse"] as? [[String: Any]], "\(replay.stdout)")
        try #require(excursions.count == 1, "\(excursions)")
        let along = try #require(excursions[0]["distanceAlong"] as? Double)
        let nmea = folder.appendingPathComponent("detour.nmea").path
        let simulated = try await WorkoutProcess.run(["simulate", scenario, "--nmea", nmea, "--start", "now"])
        try #require(simulated.status == 0, "\(simulated.stderr)")
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let recording = try await record(try GPSDFeed.epochs(ofLog: nmea), on: feed,
                                         ["--activity", "cycling", "--course", course, "--store", folder.appendingPathComponent("health.sqlite").path])
        let told = recording.output.split(separator: "\n").filter { $0.contains("off course at") || $0.contains("back on course at") }.map(String.init)
        #expect(told.count == 2, "\(recording.output)")
        #expect(told.first?.contains(String(format: "off course at %.2f km", along / 1_000)) == true, "the replay left at \(along) m: \(told)")
        #expect(told.last?.contains("back on course at") == true, "\(told)")
    }

    /// gpsd killed in a rest of the ride and started again: the recorder reconnects, keeps what it had and records the
    /// rest. The second half is played once the recorder has said it reconnected, so no step is lost however long
    /// that takes on a busy machine.
    @Test func aRecordingCarriesOnWhenGpsdIsKilledAndRestarted() async throws {
        let ride = try await prepare()
        defer { try? FileManager.default.removeItem(at: ride.folder) }
        // 8 s of rest and 25 s of running, then 8 s into the 15-s rest: the first 41 epochs.
        let epochs = try GPSDFeed.epochs(ofLog: ride.nmea)
        #expect(epochs.count > 70, "the ride is about 78 epochs")
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let recording = try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(feed.port)", "--store", ride.store])
        try await recording.waitFor("for a fix from gpsd://127.0.0.1:\(feed.port)")
        try await offThePool {
            try feed.play(Array(epochs.prefix(41)))
            try feed.unplug()
        }
        try await recording.waitFor("went away")
        try await offThePool { feed.stopDaemon() }
        try await recording.waitFor("disconnected")
        try await offThePool { try feed.startDaemon() }
        try await recording.waitFor("reconnected to gpsd")
        try await offThePool {
            try feed.play(Array(epochs.dropFirst(41)))
            try feed.unplug()
        }
        try await recording.waitFor("went away", after: "reconnected to gpsd")
        recording.interrupt()
        #expect(try await recording.finish() == 0, "\(recording.output)")
        let workout = try #require(try await workouts(in: ride.store).first, "\(recording.output)")
        let meters = try #require(workout["distanceMeters"] as? Double)
        // Everything before the kill is kept and the second half is recorded; the gap fell in a rest.
        #expect(abs(meters - ride.groundTruth) <= ride.groundTruth * 0.01, "recorded \(meters) m, scenario \(ride.groundTruth) m\n\(recording.output)")
        let id = try #require(workout["id"] as? String)
        let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", id, "--store", ride.store]) }.stdout
        #expect(shown.contains("gpsd://127.0.0.1:\(feed.port): disconnected"), "\(shown)")
        #expect(shown.contains("gpsd://127.0.0.1:\(feed.port): connected"), "\(shown)")
        #expect(recording.output.contains("connected to gpsd at 127.0.0.1:\(feed.port)"), "\(recording.output)")
    }

    /// gpsd hung (SIGSTOP) for 10 s in the middle of the ride while the receiver goes on talking, then let go on:
    /// the recorder notices the silence, marks it, reconnects, and the ride's distance is the receiver's, with
    /// nothing added across the gap.
    @Test func aRecordingSurvivesGpsdHungForTenSeconds() async throws {
        let ride = try await prepare()
        defer { try? FileManager.default.removeItem(at: ride.folder) }
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let recording = try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(feed.port)", "--store", ride.store])
        try await recording.waitFor("for a fix from gpsd://127.0.0.1:\(feed.port)")
        // The receiver talks at its own pace whatever gpsd does.
        let epochs = try GPSDFeed.epochs(ofLog: ride.nmea)
        let played = Task { try await offThePool { try feed.play(epochs, inStep: false) } }
        try await recording.waitFor("fix3D")
        // 8 s of rest, then 25 s at 5 m/s: hang gpsd while the runner moves.
        try await Task.sleep(for: .seconds(14))
        feed.signalDaemon(SIGSTOP)
        let hung = Date()
        try await recording.waitFor("did not answer")
        try await Task.sleep(for: .seconds(10))
        feed.signalDaemon(SIGCONT)
        let hungSeconds = Date().timeIntervalSince(hung)
        try await played.value
        try await offThePool { try feed.unplug() }
        try await recording.waitFor("went away", after: "reconnected to gpsd")
        recording.interrupt()
        #expect(try await recording.finish() == 0, "\(recording.output)")
        let workout = try #require(try await workouts(in: ride.store).first, "\(recording.output)")
        let meters = try #require(workout["distanceMeters"] as? Double)
        // At most the whole ride (no jump across the gap), and no less than the ride without the time gpsd hung, at 5 m/s.
        #expect(meters <= ride.groundTruth * 1.005, "recorded \(meters) m, scenario \(ride.groundTruth) m\n\(recording.output)")
        #expect(meters >= ride.groundTruth - 5 * hungSeconds - 15,
                "recorded \(meters) m, scenario \(ride.groundTruth) m, gpsd hung \(hungSeconds) s\n\(recording.output)")
        let shown = try await WorkoutProcess.run(["show", try #require(workout["id"] as? String), "--store", ride.store]).stdout
        #expect(shown.contains("gpsd://127.0.0.1:\(feed.port): stale"), "the silence is marked\n\(shown)")
    }

    /// GeographicLib's length of a track through `fixes`, by its Python package.
    static func geographicLibLength(_ fixes: [GPSDWatch.Fix]) throws -> Double {
        let points = fixes.map { "\($0.latitude),\($0.longitude)" }.joined(separator: ";")
        let output = try ExternalTool.python("""
            import sys
            from geographiclib.geodesic import Geodesic
            points = [tuple(map(float, p.split(","))) for p in sys.argv[1].split(";")]
            print(sum(Geodesic.WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"] for a, b in zip(points, points[1:])))
            """, [points])
        return try #require(Double(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), "\(output.standardError)")
    }

    /// A real receiver's log, played through gpsfake (gpsd's own way to try a recorder), carries the day it
    /// was recorded (haicom-305N: gpsd dates it two days back; garmin-10x: 2030). The recording runs on the
    /// receiver's time: the workout's dates are the fixes', and its distance is GeographicLib's over gpsd's own
    /// fixes that pass the recorder's accuracy gate (50 m).
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real receiver logs"),
          .enabled(if: ExternalTool.pythonHas("geographiclib"), "geographiclib is missing: run Scripts/setup"),
          arguments: ["haicom-305N", "garmin-10x"])
    func aReceiversLogIsRecordedOnTheReceiversTime(_ name: String) async throws {
        let folder = Scratch.url("receiver-time")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("health.sqlite").path
        // About 2.5 times real time: the clock follows fixes that come faster than the system's seconds.
        // gpsfake's start, the watcher's connection and the recording's start wait, and must follow one another at once
        // (gpsfake -n plays as soon as gpsd runs): one closure, off Swift's two-thread pool.
        let (gpsd, pipe, recording) = try await offThePool { () throws -> (GPSFake, GPSDWatch, RecordingProcess) in
            let gpsd = try GPSFake(log: SharedData.file("gpsd-logs/\(name).log").path, delay: 0.1)
            gpsd.waitUntilListening()
            let pipe = try GPSDWatch(port: gpsd.port)
            return (gpsd, pipe, try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(gpsd.port)", "--fix-wait", "30", "--duration", "80s",
                                                      "--store", store]))
        }
        defer { gpsd.stop() }
        let status = try await recording.finish()
        #expect(status == 0, "\(recording.output)")
        let fixes = try await offThePool { pipe.stop() }
        let first = try #require(fixes.first, "gpsd reported no fix: \(pipe.captured.prefix(500))"), last = try #require(fixes.last)
        #expect(abs(first.time.timeIntervalSinceNow) > 3600, "the log's own dates are far from today's")
        #expect(recording.output.contains("the workout runs on the receiver's time"), "\(recording.output)")
        #expect(recording.output.components(separatedBy: "the receiver's clock says").count == 2, "said once\n\(recording.output)")

        let workout = try #require(try await workouts(in: store).first, "\(recording.output)")
        let start = try #require((workout["start"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        let end = try #require((workout["end"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        // The workout starts at the first fix (learnt before starting) and ends after the last, on the receiver's time.
        #expect(start.timeIntervalSince(first.time) > -1 && start.timeIntervalSince(first.time) < 5, "start \(start), first fix \(first.time)")
        #expect(end >= last.time.addingTimeInterval(-1) && end.timeIntervalSince(last.time) < 80, "end \(end), last fix \(last.time)")

        let accepted = fixes.filter { ($0.horizontalError ?? .infinity) <= 50 }
        if name == "haicom-305N" {
            let reference = try await offThePool { try Self.geographicLibLength(accepted) }
            let meters = try #require(workout["distanceMeters"] as? Double)
            #expect(reference > 40)
            #expect(abs(meters - reference) <= reference * 0.02, "recorded \(meters) m, GeographicLib over gpsd's \(accepted.count) fixes \(reference) m")
            // The settling receiver's first fixes (400 m error, 11 m/s of noise) set no top speed.
            let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--json", "--store", store]) }.stdout
            let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
            let top = try #require(detail["maximumSpeed"] as? Double)
            #expect(top <= (accepted.compactMap(\.speed).max() ?? 0) + 0.001, "top speed \(top) m/s")
        }
    }
}
