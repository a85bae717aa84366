import Foundation
import GATT
import SensorBridge
import TestSupport
import Testing

/// `workout record --trainer --workout`: a smart trainer held in ERG at a structured workout's power targets, over
/// both transports: BlueZ (a fake `org.bluez` whose trainer answers the control point as the Fitness Machine Service
/// specification has it) and the serial bridge (a real socat pty, this test playing the bridge's firmware).
@Suite(.heavy, .serialized, .timeLimit(.minutes(14))) struct RecordTrainerCommandTests {
    /// 25 s at 150 W, then 25 s at 250 W.
    static let plan = """
        name: ERG test
        steps:
          - active: 25s
            power: 150W
          - active: 25s
            power: 250W
        """

    /// The fake's control-point lines (`control 059600 -> 01`), in order.
    static func controls(in log: String) -> [String] {
        log.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("control ") }.map { String($0.dropFirst("control ".count)) }
    }

    /// A step line's average watts (`… average 243 W …`).
    static func average(in line: String) -> Int? {
        guard let range = line.range(of: "average ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Writes the plan in a new folder.
    static func folder(_ name: String) throws -> (folder: URL, plan: String) {
        let folder = Scratch.url(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plan = folder.appendingPathComponent("plan.yaml").path
        try Self.plan.write(toFile: plan, atomically: true, encoding: .utf8)
        return (folder, plan)
    }

    @Test(.enabled(if: FakeBlueZ.isAvailable, "dbus-daemon or dbus-fast is missing: run Scripts/setup"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func aTrainerThroughBlueZIsHeldAtEachStepsPowerAfterARefusalAndTheLivePageShowsIt() async throws {
        let (folder, plan) = try Self.folder("record-trainer-ble")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Its wheel reads 40 km/h whatever the effort (a gear): in ERG the speed comes from the power instead. The
        // first Set Target Power is refused as "control not permitted".
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "D1:2C:00:00:00:01", "name": "KICKR 1234", "rssi": -50,
              "trainer": {"power": 120, "speed": 40, "cadence": 88, "results": {"05": [5]}},
              "services": [{"uuid": "1826", "characteristics": [
                {"uuid": "2ad2", "flags": ["notify"]}, {"uuid": "2ad9", "flags": ["write", "indicate"]},
                {"uuid": "2ada", "flags": ["notify"]}]}]}]}
            """)
        defer { fake.stop() }
        // The browser first (tests take the one browser in turn): the ride starts once it is up, and the page shows
        // the second step held in ERG, as the README's picture of it.
        let ready = folder.appendingPathComponent("browser-ready").path, address = folder.appendingPathComponent("live-url").path
        let picture = Screenshots.path("live-erg.png")
        let browsing = Task {
            try JSONSerialization.data(withJSONObject: try await Browser.run([
                .touch(ready),
                .openURL(inFile: address, timeout: 120),
                .waitUntil("var t = document.getElementById('live-guidance').innerText; return /TRAINER ERG 250 W$/m.test(t) && /now 2\\d\\d ok/.test(t)",
                           timeout: 90),
                .screenshot(picture),
                .evaluate("return Array.from(document.querySelectorAll('#live-guidance li')).map(function(li){ return li.textContent })"),
            ]))
        }
        while !FileManager.default.fileExists(atPath: ready) { try await Task.sleep(for: .milliseconds(100)) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--trainer", "ble:D1:2C:00:00:00:01", "--plain",
                                              "--workout", plan, "--duration", "55", "--store", store, "--serve", "127.0.0.1:0"],
                                             environment: ["DBUS_SYSTEM_BUS_ADDRESS": fake.bus.address])
        try await recording.waitFor("live page on ")
        let line = try #require(recording.output.split(separator: "\n").first { $0.contains("live page on ") })
        try String(try #require(line.split(separator: " ").first { $0.hasPrefix("http://") })).write(toFile: address, atomically: true, encoding: .utf8)
        let results = try #require(try JSONSerialization.jsonObject(with: try await browsing.value) as? [Any])
        // The page shows the step and the trainer in the dashboard's words.
        let guidance = try #require(results.first as? [String], "\(results)")
        #expect(guidance.count == 2 && guidance[0].hasPrefix("STEP 2/2 Active  238–263 W  now 2") && guidance[0].contains(" ok  0:") && guidance[1] == "TRAINER ERG 250 W", "\(guidance)")
        #expect(Screenshots.isPicture(picture))
        let status = try await recording.finish()
        let output = await recording.finalOutput()
        #expect(status == 0, "\(output)")
        let controls = Self.controls(in: fake.log)
        // Control first, then start, then 150 W (0x0096) refused with 05; control asked again, 150 W held; 250 W
        // (0x00FA) at the second step; a flat road once the workout is done; the trainer stopped (08 01) at the end.
        #expect(controls == ["00 -> 01", "07 -> 01", "059600 -> 05", "00 -> 01", "059600 -> 01", "05fa00 -> 01", "11000000002833 -> 01",
                             "0801 -> 01"], "\(fake.log)")
        for line in ["trainer: KICKR 1234 (D1:2C:00:00:00:01) connected", "trainer refused set target power 150 W: the trainer does not give control",
                     "trainer: holding 150 W", "trainer: holding 250 W", "TRAINER ERG 250 W"] {
            #expect(output.contains(line), "\(line) is missing from:\n\(output)")
        }
        // Power followed each target: the fake halves the gap each second, and the new target reaches it a second or
        // two into the step (the step is seen on the next snapshot, the write on the reader's next turn); the averages
        // lie within that lag of the targets, and the band (± 5 %) is held once judged (from 10 s).
        let steps = output.split(separator: "\n").map(String.init)
        let first = try #require(steps.first { $0.hasPrefix("  1  ") }, "\(output)")
        let second = try #require(steps.first { $0.hasPrefix("  2  ") }, "\(output)")
        #expect(Self.average(in: first).map { (135...155).contains($0) } == true, "\(first)")
        #expect(Self.average(in: second).map { (215...252).contains($0) } == true, "\(second)")
        #expect(second.contains("100 % in target"), "\(second)")
        // 40 km/h for 55 s would be 611 m. In ERG (50 s), 120–250 W on the flat for 75 + 9 kg is 29–35 km/h, 400–490 m;
        // then 5 s on a flat road at the wheel's 40 km/h, 56 m.
        let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--json", "--store", store]) }
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stdout)")
        let meters = try #require(detail["distanceMeters"] as? Double, "\(shown.stdout)")
        #expect(meters > 400 && meters < 560, "\(meters) m")
    }

    /// A course ridden indoors: 300 m flat, then 6 % up. The trainer rides the course's road where the ridden distance
    /// (the trainer's own, at its wheel's 40 km/h) places the rider: a flat road first, the grade rising over the 100 m
    /// around the foot of the climb, then 6 %.
    @Test(.enabled(if: FakeBlueZ.isAvailable, "dbus-daemon or dbus-fast is missing: run Scripts/setup"))
    func aCourseRiddenIndoorsSetsTheTrainersGradeAsTheRiderClimbs() async throws {
        let (folder, _) = try Self.folder("record-trainer-course")
        defer { try? FileManager.default.removeItem(at: folder) }
        let points = (0...100).map { step in
            let metres = Double(step) * 10
            return String(format: "<trkpt lat=\"%.7f\" lon=\"5.0\"><ele>%.1f</ele></trkpt>", 52 + metres / 111_195, max(0, metres - 300) * 0.06)
        }
        let course = folder.appendingPathComponent("climb.gpx").path
        try ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Climb</name><trkseg>"
             + points.joined() + "</trkseg></trk></gpx>").write(toFile: course, atomically: true, encoding: .utf8)
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "D1:2C:00:00:00:02", "name": "KICKR 5678", "trainer": {"power": 180, "speed": 40},
              "services": [{"uuid": "1826", "characteristics": [
                {"uuid": "2ad2", "flags": ["notify"]}, {"uuid": "2ad9", "flags": ["write", "indicate"]}, {"uuid": "2ada", "flags": ["notify"]}]}]}]}
            """)
        defer { fake.stop() }
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--trainer", "ble:D1:2C:00:00:00:02", "--plain",
                                              "--course", course, "--duration", "45", "--store", folder.appendingPathComponent("health.sqlite").path],
                                             environment: ["DBUS_SYSTEM_BUS_ADDRESS": fake.bus.address])
        let status = try await recording.finish()
        let output = await recording.finalOutput()
        #expect(status == 0, "\(output)")
        // Each Indoor Bike Simulation's grade, in hundredths of a percent (bytes 3 and 4, signed).
        let grades = Self.controls(in: fake.log).filter { $0.hasPrefix("11") && $0.hasSuffix("-> 01") }.compactMap { line -> Int? in
            let hex = Array(line.prefix(14))
            guard hex.count == 14, let low = UInt8(String(hex[6..<8]), radix: 16), let high = UInt8(String(hex[8..<10]), radix: 16) else { return nil }
            return Int(Int16(bitPattern: UInt16(low) | UInt16(high) << 8))
        }
        #expect(grades.first == 0, "\(fake.log)")
        #expect(grades.last == 600, "45 s at 11.1 m/s is 500 m: on the climb. \(grades)")
        #expect(zip(grades, grades.dropFirst()).allSatisfy { $0 <= $1 } && grades.count >= 4, "a grade that only rises: \(grades)")
        #expect(output.contains("TRAINER SIM +6.0 %"), "\(output)")
        #expect(Self.controls(in: fake.log).last == "0801 -> 01", "\(fake.log)")
    }

    @Test(.enabled(if: SocatPair.executable != nil, "socat is missing: run Scripts/setup"))
    func aTrainerOnTheBridgeIsControlledByHRW2LinesAndAsksAgainWhenControlIsLost() async throws {
        let (folder, plan) = try Self.folder("record-trainer-bridge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let strap = try SocatPair()
        defer { strap.stop() }
        let firmware = try BridgeTrainer(path: strap.bridge, loseControlAt: 12)
        firmware.start(for: 75)
        defer { firmware.stop() }
        let store = folder.appendingPathComponent("health.sqlite").path
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--trainer", "hrm:\(strap.device)?framing=hrm2", "--plain",
                                              "--workout", plan, "--duration", "60", "--store", store])
        let status = try await recording.finish()
        let output = await recording.finalOutput()
        #expect(status == 0, "\(output)")
        // Each request a checked $HRW2 line to the trainer's tag: control, start, 150 W; control lost at 12 s, so
        // control, start and 150 W again; 250 W at the second step; once the workout is done (50 s), a flat road
        // (0 % grade, no wind, rolling resistance 0.0040, wind resistance 0.51 kg/m); stop at the end.
        let writes = firmware.writes
        #expect(writes.allSatisfy { $0.device == "T" && $0.characteristic == 0x2AD9 }, "\(writes)")
        #expect(writes.map(\.value) == [[0x00], [0x07], [0x05, 0x96, 0x00], [0x00], [0x07], [0x05, 0x96, 0x00], [0x05, 0xFA, 0x00], [0x11, 0, 0, 0, 0, 40, 51],
                                         [0x08, 0x01]],
                "\(writes.map(\.value))\n\(output)")
        #expect(writes.map(\.sequence) == Array(1...UInt32(writes.count)), "\(writes.map(\.sequence))")
        for line in ["trainer: control lost; asking again", "trainer: holding 250 W"] {
            #expect(output.contains(line), "\(line) is missing from:\n\(output)")
        }
        let second = try #require(output.split(separator: "\n").first { $0.hasPrefix("  2  ") }, "\(output)")
        #expect(second.contains("100 % in target"), "\(second)")
    }
}

/// A bridge's firmware with a smart trainer behind it, as this test plays it on the bridge end of a socat pty:
/// Indoor Bike Data (tag `T`) once a second, power following the target asked as the fake BlueZ trainer's does;
/// each `$HRW2` line read, checked and answered with the control point's indication as an HRM2 line; and, once,
/// a Fitness Machine Status of control lost.
final class BridgeTrainer: @unchecked Sendable {
    private let descriptor: Int32
    private let loseControlAt: Double
    private let lock = NSLock()
    private var received: [BridgeWrite] = []
    private var stopped = false
    private var thread: Thread?

    /// The firmware on `path` (the bridge end), losing control `loseControlAt` seconds after starting.
    init(path: String, loseControlAt: Double) throws {
        descriptor = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw SocatError("cannot open \(path): \(String(cString: strerror(errno)))") }
        self.loseControlAt = loseControlAt
    }

    deinit { close(descriptor) }

    /// The requests read, in order.
    var writes: [BridgeWrite] { lock.withLock { received } }

    /// Runs for at most `seconds` on a thread of its own.
    func start(for seconds: Double) {
        let thread = Thread { [self] in run(for: seconds) }
        self.thread = thread
        thread.start()
    }

    func stop() { lock.withLock { stopped = true } }

    private func run(for seconds: Double) {
        let started = Date()
        var sequence: UInt32 = 0, controlled = false, target: Double?, power = 120.0, lost = false, nextData = started
        var pending: [UInt8] = []
        func send(_ kind: UInt16, _ payload: [UInt8]) {
            sequence += 1
            let line = StrapFraming.hrm2.encode(.notification(kind: kind, payload: payload), sequence: sequence,
                                                milliseconds: UInt64(Date().timeIntervalSince(started) * 1_000), device: "T")
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        while Date().timeIntervalSince(started) < seconds, !lock.withLock({ stopped }) {
            let now = Date()
            if now >= nextData {
                power += ((target ?? 120) - power) / 2
                let watts = UInt16(bitPattern: Int16(power.rounded()))
                send(0x2AD2, [0x44, 0x00, 0xA0, 0x0F, 0xB0, 0x00, UInt8(watts & 0xFF), UInt8(watts >> 8)])
                nextData = nextData.addingTimeInterval(1)
            }
            if !lost, controlled, now.timeIntervalSince(started) >= loseControlAt {
                lost = true
                controlled = false
                target = nil
                send(0x2ADA, [0xFF])
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            pending += buffer[..<count]
            while let end = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[...end])
                pending.removeSubrange(...end)
                guard let write = try? BridgeWrite(parsing: line), let op = write.value.first else { continue }
                lock.withLock { received.append(write) }
                var result: UInt8 = 0x01
                switch op {
                case 0x00: controlled = true
                case 0x05 where controlled && write.value.count >= 3:
                    target = Double(Int16(bitPattern: UInt16(write.value[1]) | UInt16(write.value[2]) << 8))
                case 0x07 where controlled, 0x08 where controlled: if op == 0x08 { target = nil }
                default: if !controlled { result = 0x05 }
                }
                send(0x2AD9, [0x80, op, result])
            }
        }
    }
}
