import Foundation
import Testing
import TestSupport
import WorkoutSources
import SensorBridge

/// A terminal for the dashboard: a tmux session of a given size on a server of
/// its own, read with `capture-pane` and typed into with `send-keys`.
final class TmuxTerminal: @unchecked Sendable {
    private let socket = "ohk-\(UUID().uuidString.prefix(8))"
    private let session = "record"

    /// Starts `command` in a detached session `width` × `height`; the pane stays after the command ends.
    init(width: Int, height: Int, command: [String]) throws {
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        try tmux(["new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), "sleep 0.5; exec \(quoted)"])
        try tmux(["set-option", "-t", session, "remain-on-exit", "on"])
    }

    /// Runs a tmux command (with `posix_spawn`: the server `new-session` starts would keep a `Process` waiting).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = try Spawn.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        guard output.status == 0 else { throw RecordTestError("tmux \(arguments.first ?? ""): \(output.standardError)") }
        return output.standardOutput
    }

    /// The screen's rows as tmux shows them (trailing spaces dropped), with the lines scrolled off its top when `history` is set.
    func screen(history: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session] + (history ? ["-S", "-100"] : [])).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// Types `keys`.
    func send(_ keys: String) throws { try tmux(["send-keys", "-t", session, "-l", keys]) }

    /// Resizes the window, as dragging a terminal's corner does.
    func resize(width: Int, height: Int) throws { try tmux(["resize-window", "-t", session, "-x", String(width), "-y", String(height)]) }

    /// Waits until `condition` holds for the screen, at most `seconds`.
    func waitFor(_ what: String, seconds: Double = 15, history: Bool = false, _ condition: ([String]) -> Bool) async throws -> [String] {
        var rows: [String] = []
        for _ in 0..<Int(seconds * 10) {
            rows = try screen(history: history)
            if condition(rows) { return rows }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw RecordTestError("the dashboard never showed \(what):\n" + rows.joined(separator: "\n"))
    }

    deinit { _ = try? tmux(["kill-server"]) }
}

/// `workout record`'s dashboard in a real terminal (tmux), fed by a real gpsd and a strap on a real pseudo-terminal.
@Suite(.heavy, .timeLimit(.minutes(10))) struct RecordDashboardTests {
    static let ride = """
        name: dashboard ride
        activity: cycling
        seed: 3
        route:
          loop: {center: [52.37, 4.89], length: 3km}
        sensors:
          gps: {noise: 0, accuracy: 4}
          heartRate: off
        timeline:
          - start
          - move: {duration: 120s, speed: 8}
          - stop
        """

    static func contains(_ rows: [String], _ text: String) -> Bool { rows.contains { $0.contains(text) } }

    /// Every row fits the terminal, and the header and keys are there exactly once (a stale line would repeat them).
    static func checkLayout(_ rows: [String], width: Int, height: Int) {
        #expect(rows.count == height, "\(rows.count) rows on a \(height)-row terminal")
        #expect(rows.allSatisfy { $0.count <= width })
        #expect(rows.filter { $0.contains("[p] pause/resume") }.count == 1, "\(rows.joined(separator: "\n"))")
        #expect(rows.last?.contains("[p] pause/resume") == true, "the keys are on the last row")
        #expect(rows.filter { $0.contains("┌─ TIME") || $0.hasPrefix(" time ") }.count == 1)
        #expect(rows.filter { $0.contains(" gps ") }.count == 1)
    }

    @Test(.enabled(if: ExternalTool.has("tmux") && GPSDFeed.isAvailable, "tmux, gpsd or socat is missing: run Scripts/setup"),
          arguments: [(80, 24, 100, 30), (100, 30, 80, 24)])
    func theDashboardStaysWholeThroughAWorkout(_ size: (Int, Int, Int, Int)) async throws {
        let (width, height, newWidth, newHeight) = size
        let folder = Scratch.url("dashboard")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenario = folder.appendingPathComponent("ride.yaml").path, nmea = folder.appendingPathComponent("ride.nmea").path
        let store = folder.appendingPathComponent("health.sqlite").path, profile = folder.appendingPathComponent("athlete.yaml").path
        try Self.ride.write(toFile: scenario, atomically: true, encoding: .utf8)
        try "sex: female\nage: 35\nmass: 60\nheight: 168\nmaxHeartRate: 180\n".write(toFile: profile, atomically: true, encoding: .utf8)
        #expect(try await WorkoutProcess.run(["simulate", scenario, "--nmea", nmea, "--start", "now"]).status == 0)
        // The receiver, played epoch by epoch into a real gpsd from a thread of its own until the test quits the recording.
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let epochs = try GPSDFeed.epochs(ofLog: nmea)
        let ridden = StopFlag()
        let riding = Task { try await offThePool { try feed.play(epochs, stop: ridden) } }
        let strap = try SocatPair()
        // The strap: 150 bpm, then 160, a notification a second, from a thread of its own: a task
        // waits for a cooperative thread, which other tests' blocking work can hold for seconds.
        let flag = StopFlag()
        let feeding = Thread {
            var sequence: UInt32 = 0
            while !flag.isSet {
                let heartRate: UInt8 = sequence < 20 ? 150 : 160
                try? strap.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x06, heartRate]), sequence: sequence,
                                                          milliseconds: UInt64(sequence) * 1000))
                sequence += 1
                usleep(1_000_000)
            }
        }
        feeding.start()
        defer { flag.set() }

        let terminal = try TmuxTerminal(width: width, height: height, command: [
            WorkoutProcess.executable.path, "record", "--activity", "cycling", "--gpsd", "127.0.0.1:\(feed.port)", "--hrm", strap.device,
            "--profile", profile, "--store", store,
        ])
        var rows = try await terminal.waitFor("a running workout with a fix and heart rate") {
            Self.contains($0, "RECORDING") && Self.contains($0, "3D fix") && Self.contains($0, "Z4")
        }
        Self.checkLayout(rows, width: width, height: height)
        #expect(Self.contains(rows, "km/h"), "a ride shows speed, not pace")
        #expect(Self.contains(rows, "HEART RATE bpm  Z4"), "150 bpm of 180 is zone 4\n\(rows.joined(separator: "\n"))")

        try terminal.send("p")
        rows = try await terminal.waitFor("the pause") { Self.contains($0, "PAUSED") && Self.contains($0, " paused") }
        #expect(!Self.contains(rows, "resumed"), "the first p pauses and says so\n\(rows.joined(separator: "\n"))")
        Self.checkLayout(rows, width: width, height: height)
        try terminal.send("p")
        rows = try await terminal.waitFor("the resume") { Self.contains($0, "RECORDING") && Self.contains($0, " resumed") }
        try terminal.send("l")
        rows = try await terminal.waitFor("the lap") { Self.contains($0, "lap 2") && Self.contains($0, "lap 1: ") }
        try terminal.send("m")
        rows = try await terminal.waitFor("the marker") { Self.contains($0, "marker at ") }
        Self.checkLayout(rows, width: width, height: height)

        try terminal.resize(width: newWidth, height: newHeight)
        rows = try await terminal.waitFor("the new size") { $0.count == newHeight && $0.last?.contains("[p] pause/resume") == true }
        try await Task.sleep(for: .seconds(1.5))
        rows = try terminal.screen()
        Self.checkLayout(rows, width: newWidth, height: newHeight)

        try terminal.send("q")
        rows = try await terminal.waitFor("the summary", seconds: 20, history: true) { Self.contains($0, "saved workout") }
        let summary = rows.joined(separator: "\n")
        ridden.set()
        try await riding.value
        // The average of what the strap sent (150 then 160), not the last reading.
        let line = try #require(rows.first { $0.contains("heart rate") && $0.contains("average") }, "\(summary)")
        let average = try #require(Double(line.split(separator: " ").first { Double($0) != nil } ?? ""), "\(line)")
        #expect(average >= 150 && average < 160, "\(line)")
        #expect(summary.contains("markers     1"), "\(summary)")

        let shown = try await WorkoutProcess.run(["show", "last", "--json", "--store", store])
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stderr)")
        #expect((detail["markers"] as? [Any])?.count == 1)
        #expect((detail["laps"] as? [Any])?.count == 2)
        #expect((detail["pauses"] as? [Any])?.count == 1)
        let zones = try #require(detail["zones"] as? [String: Any])
        #expect(zones["basis"] as? String == "athlete" && zones["maximumHeartRate"] as? Double == 180)
        let fit = folder.appendingPathComponent("ride.fit").path
        #expect(try await WorkoutProcess.run(["export", "last", "-o", fit, "--store", store]).status == 0)
        let markers = try ExternalTool.python("""
            import sys
            from garmin_fit_sdk import Decoder, Stream
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
            print(len([e for e in messages.get("event_mesgs", []) if e.get("event") == "user_marker"]), len(errors))
            """, [fit])
        #expect(markers.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0", "\(markers.standardOutput) \(markers.standardError)")
    }
}
