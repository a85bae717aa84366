import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats
import WorkoutSources
import SensorBridge

/// A strap bridge on a socat pty, sending a heart-rate notification every
/// 50 ms on its own thread: notification `i` carries 60 + i mod 120 bpm, and
/// the time each was written is kept.
final class StrapFeeder: @unchecked Sendable {
    private let strap: SocatPair
    private let lock = NSLock()
    private var stopped = false
    private var written: [(date: Date, value: Int)] = []
    private let thread: Thread

    init(_ strap: SocatPair) {
        self.strap = strap
        let box = FeederBox()
        thread = Thread { box.run() }
        box.feeder = self
        thread.start()
    }

    fileprivate func loop() {
        var index = 0
        while !lock.withLock({ stopped }) {
            let value = 60 + index % 120
            if (try? strap.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x00, UInt8(value)]), sequence: UInt32(index),
                                                          milliseconds: UInt64(index) * 50))) != nil {
                lock.withLock { written.append((Date(), value)) }
            }
            index += 1
            usleep(50_000)
        }
    }

    /// Stops sending and returns what was written, in order.
    func stop() -> [(date: Date, value: Int)] {
        lock.withLock { stopped = true }
        while thread.isExecuting { usleep(10_000) }
        return lock.withLock { written }
    }
}

private final class FeederBox: @unchecked Sendable {
    weak var feeder: StrapFeeder?
    func run() {
        // Wait for the feeder to be set, then loop.
        while feeder == nil { usleep(1_000) }
        feeder?.loop()
    }
}


/// Real faults under `workout record`: the process killed at random moments,
/// the store's disk full or read-only, the strap bridge coming and going.
@Suite(.heavy, .serialized) struct RecordCommandFaultTests {
    /// Heart-rate samples in the store, by the time they were measured.
    static func heartRates(in store: String) throws -> [(date: Date, value: Double)] {
        let output = try ExternalTool.python(StoreReaderPython.source + """
            db = sqlite3.connect(sys.argv[1])
            for start, value in heart_rates(db):
                print(repr(start), value)
            """, [store])
        return output.standardOutput.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let start = Double(parts[0]), let value = Double(parts[1]) else { return nil }
            return (Date(timeIntervalSince1970: start), value)
        }
    }

    /// `PRAGMA integrity_check`, by Python's sqlite3 module: `ok` for a sound file.
    static func integrity(of store: String) throws -> String {
        try ExternalTool.python("import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", [store])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `kill -9` of a recorder at 16 random moments (`OHK_KILL_ROUNDS` for more), each followed by
    /// `workout recover`: no store is ever corrupt, every recording that was
    /// running is recovered, at most a second of the strap's readings is lost,
    /// what is kept is what was sent in the order it was sent, and every
    /// recovered workout exports to a FIT file that reads back.
    // A guard against a hang, not a goal: sixteen rounds take about a minute and a half alone, fifty four minutes.
    @Test(.timeLimit(.minutes(14)), .enabled(if: SocatPair.executable != nil, "socat is missing: run Scripts/setup"))
    func aRecorderKilledAtRandomMomentsLosesAtMostASecond() async throws {
        let folder = Scratch.url("kill-9")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let seed: UInt64 = 20_261_124
        var random = SplitMix64(state: seed)
        var losses: [Double] = []
        var recovered = 0
        let strap = try SocatPair()
        let rounds = ProcessInfo.processInfo.environment["OHK_KILL_ROUNDS"].flatMap(Int.init) ?? 16
        for round in 1...rounds {
            if round > 1 { try await offThePool { strap.stop(); try strap.start() } }   // a fresh pty: nothing left over from the last round
            let roundStart = Date()   // after the last round's kill: its readings are all older
            let feeder = StrapFeeder(strap)
            let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--allow-empty",
                                                  "--store", store])
            let delay = Double.random(in: 0.3...3.5, using: &random)
            let slept = Date()
            try await Task.sleep(for: .seconds(delay))
            // How late this process woke, and how long the recorder's threads waited for a processor: on a machine
            // busy with the rest of the suite, readings wait unread in the pty while the recorder is held back; the
            // bound below is a second and a quarter beyond the longer of the two.
            let lateness = max(0, Date().timeIntervalSince(slept) - delay)
            let (sent, heldBack) = try await offThePool {
                let heldBack = recording.secondsWaitingForCPU
                recording.kill()
                return (feeder.stop(), heldBack)
            }
            // Whether it was running is read from all it wrote before the kill: read before it, a busy machine's
            // pipe could still hold the "state running" line of a recording that was running (and is recovered).
            let output = await recording.finalOutput()
            let runningBeforeKill = output.contains("state running")
            let recover = try await offThePool { try WorkoutProcess.runBlocking(["recover", "--json", "--store", store]) }
            let context = "round \(round) of seed \(seed), killed after \(String(format: "%.2f", delay)) s\n\(output)\n\(recover.stdout)\(recover.stderr)"
            #expect(recover.status == 0, "\(context)")
            #expect(try await offThePool { try Self.integrity(of: store) } == "ok", "\(context)")
            let result = try JSONSerialization.jsonObject(with: Data(recover.stdout.utf8)) as? [String: Any]
            if runningBeforeKill {
                #expect(result?["recovered"] as? Bool != false, "a running recording was not recovered: \(context)")
            }
            // A recording stores its session as running a moment before it prints so: killed in between, it is
            // recovered without having said it ran. Each workout in the list must be one that recover recovered.
            if result?["recovered"] as? Bool == true { recovered += 1 }
            guard runningBeforeKill, let firstSent = sent.first, let lastSent = sent.last else { continue }
            let kept = try await offThePool { try Self.heartRates(in: store) }.filter { $0.date >= roundStart }
            // What was kept is what was sent, in order: the kept values are a subsequence of the sent ones
            // (values repeat every 120 notifications, so they are matched in turn, not looked up).
            var next = sent.startIndex
            var unmatched: Double?
            for sample in kept {
                while next < sent.endIndex, Double(sent[next].value) != sample.value { next += 1 }
                guard next < sent.endIndex else { unmatched = sample.value; break }
                next += 1
            }
            #expect(unmatched == nil, "\(unmatched ?? 0) bpm was kept out of the order sent, or never sent: \(kept.map(\.value)) \(context)")
            // The newest kept reading against the newest sent before the kill (the recorder dates readings on arrival).
            let newestKept = kept.last?.date ?? firstSent.date
            let loss = max(0, lastSent.date.timeIntervalSince(newestKept))
            losses.append(loss)
            #expect(loss <= 1.25 + max(lateness, heldBack),
                    "lost \(String(format: "%.2f", loss)) s of readings (woken \(String(format: "%.2f", lateness)) s late, the recorder held back \(String(format: "%.2f", heldBack)) s): \(context)")
        }
        // Every recovered workout exports, and the FIT file reads back with its heart rate.
        let list = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
        let workouts = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stderr)")
        #expect(workouts.count == recovered, "\(list.stdout)")
        for workout in workouts {
            let id = try #require(workout["id"] as? String)
            let file = folder.appendingPathComponent("\(id).fit")
            let export = try await offThePool { try WorkoutProcess.runBlocking(["export", id, "--format", "fit", "--output", file.path, "--store", store]) }
            #expect(export.status == 0, "\(export.stdout)\(export.stderr)")
            #expect(throws: Never.self) { try ActivityFile.read(file) }
        }
        let sorted = losses.sorted()
        print("kill -9 × \(rounds) (seed \(seed)): \(recovered) recordings recovered, 0 corrupt stores; readings lost: median \(String(format: "%.2f", sorted[sorted.count / 2])) s, most \(String(format: "%.2f", sorted.last ?? 0)) s")
        #expect(recovered >= rounds * 3 / 5, "most random moments fall in a running recording")
    }

    /// Whether this process may mount a filesystem (root, outside a restricted container).
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let folder = Scratch.url("mount-probe")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? ExternalTool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path]))?.status == 0 else { return false }
        _ = try? ExternalTool.run("/bin/umount", [folder.path])
        return true
    }()

    /// The store's disk fills up under a running recorder and frees up again:
    /// the recorder says so once, in words, goes on, holds the readings it
    /// could not write and writes them once there is room, so the finished
    /// workout has every reading; the store is sound.
    @Test(.timeLimit(.minutes(10)), .enabled(if: SocatPair.executable != nil, "socat is missing: run Scripts/setup"),
          .enabled(if: canMount, "mounting a small tmpfs needs root: skipping the full disk"))
    func aFullDiskLosesNothingOnceSpaceReturns() async throws {
        let disk = Scratch.url("full-disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(try ExternalTool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", disk.path]).status == 0)
        defer { _ = try? ExternalTool.run("/bin/umount", ["-l", disk.path]) }
        let store = disk.appendingPathComponent("health.sqlite").path
        let strap = try SocatPair()
        let feeder = StrapFeeder(strap)
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--duration", "14s",
                                              "--store", store])
        try await recording.waitFor("state running")
        let running = Date()
        try await Task.sleep(for: .seconds(3))
        // Fill the disk to the last byte, as a card full of old rides is.
        let filler = disk.appendingPathComponent("filler").path
        _ = try await offThePool { try ExternalTool.run("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=64k"]) }
        try await recording.waitFor("the disk holding the store is full")
        try await Task.sleep(for: .seconds(3))
        try FileManager.default.removeItem(atPath: filler)
        #expect(try await recording.finish() == 0, "\(recording.output)")
        let sent = try await offThePool { feeder.stop() }.filter { $0.date >= running }
        let output = recording.output
        #expect(output.components(separatedBy: "the disk holding the store is full").count == 2, "said once:\n\(output)")
        #expect(output.contains("the store is written again; the readings held meanwhile were saved"), "\(output)")
        #expect(output.contains("saved workout"), "\(output)")
        #expect(try await offThePool { try Self.integrity(of: store) } == "ok")
        let kept = try await offThePool { try Self.heartRates(in: store) }.filter { $0.date >= running }
        // Everything the strap sent while the workout ran, but for the last readings after its end.
        #expect(kept.count >= sent.count - 25, "kept \(kept.count) of \(sent.count) readings\n\(output)")
    }

    /// A strap bridge that vanishes for 2 s and comes back every 5 s for a
    /// minute, as a loose USB plug does: the recording goes on, picks the
    /// strap up again each time, and the workout keeps the readings of every
    /// time it was there and marks each loss.
    @Test(.timeLimit(.minutes(10)), .enabled(if: SocatPair.executable != nil, "socat is missing: run Scripts/setup"))
    func aStrapBridgeThatComesAndGoesForAMinute() async throws {
        let folder = Scratch.url("flapping")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let strap = try SocatPair()
        let feeder = StrapFeeder(strap)   // writes fail, and are not counted, while the bridge is gone
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--duration", "64s",
                                              "--store", store])
        try await recording.waitFor("state running")
        var windows: [(start: Date, end: Date)] = []
        for _ in 0..<12 {
            let start = Date()
            try await Task.sleep(for: .seconds(3))
            windows.append((start, Date()))
            try await offThePool { strap.stop() }
            try await Task.sleep(for: .seconds(2))
            try await offThePool { try strap.start() }
        }
        #expect(try await recording.finish() == 0, "\(recording.output)")
        _ = try await offThePool { feeder.stop() }
        let output = recording.output
        #expect(output.contains("saved workout"), "\(output)")
        let kept = try await offThePool { try Self.heartRates(in: store) }
        // Every time the bridge was there (the first 0.5 s aside, as the reader finds it again), readings were kept.
        for (index, window) in windows.enumerated() {
            let inside = kept.filter { $0.date >= window.start.addingTimeInterval(1.2) && $0.date <= window.end }
            #expect(inside.count >= 20, "window \(index + 1): \(inside.count) readings\n\(output)")
        }
        let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--json", "--store", store]) }
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stderr)")
        let text = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--store", store]) }.stdout
        #expect(text.components(separatedBy: ": disconnected").count - 1 >= 11, "each loss is marked\n\(text)")
        #expect(detail["heartRate"] != nil || text.contains("bpm"), "\(text)")
    }
}
