import Foundation
import SensorBridge
import TestSupport
import Testing

/// `workout record --hrm` with a bike's sensors on the bridge: a scenario's power meter, its bytes written by
/// `workout simulate` and sent through a real pseudo-terminal at their own pace, recorded, exported to FIT and
/// read by Garmin's SDK.
@Suite(.heavy, .timeLimit(.minutes(10))) struct RecordSensorsCommandTests {
    static let ride = """
        name: power meter over the bridge
        activity: cycling
        location: indoor
        seed: 11
        sensors:
          heartRate: {rr: false}
          power: {noise: 4}
          cadence: {noise: 2}
        timeline:
          - start
          - move: {duration: 16s, power: 210W, cadence: 90}
          - stop
          - end
        """

    /// The ride's sensors' notifications as `workout simulate --hrm` writes them, dated from now, in `folder`.
    static func simulatedRide(in folder: URL) async throws -> URL {
        let scenario = folder.appendingPathComponent("ride.yaml"), capture = folder.appendingPathComponent("ride.hrm")
        try ride.write(to: scenario, atomically: true, encoding: .utf8)
        let simulate = try await offThePool { try WorkoutProcess.runBlocking(["simulate", scenario.path, "--hrm", capture.path, "--start", "now"]) }
        try #require(simulate.status == 0, "\(simulate.stderr)")
        return capture
    }

    /// The capture's lines with the milliseconds they are stamped with.
    static func lines(of capture: String) -> [(milliseconds: Int, line: String)] {
        capture.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count > 3, let milliseconds = Int(fields[2]) else { return nil }
            return (milliseconds, String(line))
        }
    }

    /// The power meter's notifications in the capture: watts, and crank revolutions and event times.
    static func powerNotifications(in capture: String) -> [(watts: Int, revolutions: Int, time: Int)] {
        lines(of: capture).compactMap { _, line in
            let fields = line.split(separator: ",")
            guard fields[3] == "2A63" else { return nil }
            let hex = fields[4].split(separator: "*")[0]
            let bytes = stride(from: 0, to: hex.count, by: 2).map { offset -> Int in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return Int(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
            }
            guard bytes.count >= 8 else { return nil }
            return (Int(Int16(bitPattern: UInt16(bytes[2] | bytes[3] << 8))), bytes[4] | bytes[5] << 8, bytes[6] | bytes[7] << 8)
        }
    }

    @Test(.enabled(if: SocatPair.executable != nil, "socat is missing: run Scripts/setup"),
          .enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func aPowerMetersWattsAndCadenceReachAFITFileGarminReads() async throws {
        let folder = Scratch.url("record-sensors")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = try await Self.simulatedRide(in: folder)
        let text = try String(contentsOf: capture, encoding: .utf8)
        let sent = Self.powerNotifications(in: text)
        try #require(sent.count >= 15, "\(text.prefix(400))")

        let strap = try SocatPair()
        defer { strap.stop() }
        let store = folder.appendingPathComponent("health.sqlite").path
        // 16 s of notifications, fed from when the test sees the recording run; the rider stops it (SIGINT) once the
        // store holds every power reading sent, however late a machine busy with the rest of the suite lets the
        // recorder read them (a fixed duration lost the last ones there).
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--store", store])
        try await recording.waitFor("state running", timeout: 60)
        // The bridge sends each line at its own time, as the sensors notified.
        let lines = Self.lines(of: text)
        try await offThePool {
            let start = Date()
            for (milliseconds, line) in lines {
                let due = start.addingTimeInterval(Double(milliseconds - lines[0].milliseconds) / 1_000)
                if due > Date() { Thread.sleep(until: due) }
                try strap.write(Array((line + "\r\n").utf8))
            }
        }
        let stored = try await eventually(every: .milliseconds(500), within: .seconds(90)) {
            try await offThePool { try Self.storedPowerReadings(store) } >= sent.count
        }
        #expect(stored, "the store never held the \(sent.count) power readings sent:\n\(recording.output)")
        recording.interrupt()
        let status = try await recording.finish()
        #expect(status == 0, "\(recording.output)")
        // The recording ends with the power and cadence `show` gives: one computation.
        let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--store", store]) }
        let summaryLines = shown.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  power") || $0.hasPrefix("  cadence") }
        #expect(summaryLines.count == 2, "\(shown.stdout)")
        for line in summaryLines { #expect(recording.output.contains(line), "record's summary lacks `\(line)`:\n\(recording.output)") }

        let figures = try await Self.fitFigures(store: store, folder: folder)
        // Every power notification is one record with its watts; the first crank notification is the baseline.
        #expect(Int(figures[0]) == sent.count, "records with power: \(figures[0]), notifications sent: \(sent.count)")
        #expect(figures[1] / figures[0] == Double(sent.map(\.watts).reduce(0, +)) / Double(sent.count), "average power")
        let sentCadence = Self.cadence(of: sent), readCadence = figures[3] / figures[2]
        #expect(abs(readCadence - sentCadence) / sentCadence < 0.03, "cadence \(readCadence) rpm read, \(sentCadence) rpm sent")
    }

    /// The same ride's power meter and strap as Bluetooth devices of a fake BlueZ: `workout sensors` finds and names
    /// them, and `record --sensor power` records the meter (after a refused first connection). Every notification the
    /// meter sent is one FIT record with its watts. (With the strap recorded too, records come at both devices'
    /// instants, each holding the last power: the count would be the union's.)
    @Test(.enabled(if: FakeBlueZ.isAvailable, "dbus-daemon or dbus-fast is missing: run Scripts/setup"),
          .enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func aPowerMeterAndAStrapThroughBlueZReachAFITFileGarminReads() async throws {
        let folder = Scratch.url("record-ble")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = try await Self.simulatedRide(in: folder)
        let sent = Self.powerNotifications(in: try String(contentsOf: capture, encoding: .utf8))
        try #require(sent.count >= 15)
        // Each device plays the capture's lines for its characteristic from the moment its notifications start.
        let fake = try FakeBlueZ(devices: """
            {"devices": [
              {"address": "C4:7A:11:22:33:44", "name": "Power 1", "rssi": -58, "battery": 87, "connectFailures": 1,
               "services": [{"uuid": "1818", "characteristics": [{"uuid": "2a63", "flags": ["notify"], "capture": "\(capture.path)"},
                                                                 {"uuid": "2a5d", "flags": ["read"], "value": "06"}]}]},
              {"address": "E8:11:00:00:00:0A", "name": "HRM-Pro", "rssi": -70, "appearAfter": 0.2,
               "services": [{"uuid": "180d", "characteristics": [{"uuid": "2a37", "flags": ["notify"], "capture": "\(capture.path)"}]}]}]}
            """)
        defer { fake.stop() }
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": fake.bus.address, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]

        let scan = try await offThePool { try WorkoutProcess.runBlocking(["sensors", "scan", "--seconds", "1"], environment: environment) }
        #expect(scan.status == 0, "\(scan.stderr)")
        let rows = scan.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("C4:7A:11:22:33:44  Power 1") && $0.contains("87 %") && $0.hasSuffix("cycling-power") }, "\(scan.stdout)")
        #expect(rows.contains { $0.hasPrefix("E8:11:00:00:00:0A  HRM-Pro") && $0.hasSuffix("heart-rate") }, "\(scan.stdout)")
        #expect(scan.stdout.contains("workout sensors add power ble:C4:7A:11:22:33:44"), "\(scan.stdout)")
        let add = try await offThePool { try WorkoutProcess.runBlocking(["sensors", "add", "power", "ble:C4:7A:11:22:33:44"], environment: environment) }
        #expect(add.status == 0, "\(add.stderr)")
        let list = try await offThePool { try WorkoutProcess.runBlocking(["sensors", "list"], environment: environment) }
        #expect(list.stdout == "power  ble:C4:7A:11:22:33:44\n")

        let store = folder.appendingPathComponent("health.sqlite").path
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--sensor", "power",
                                              "--plain", "--duration", "22s", "--store", store], environment: environment)
        let status = try await recording.finish()
        #expect(status == 0, "\(recording.output)")
        let output = recording.output
        #expect(output.contains("ble:C4:7A:11:22:33:44 connected: connected to Power 1 (C4:7A:11:22:33:44), battery 87 %"), "\(output)")
        #expect(output.contains("le-connection-abort-by-local"), "the refused first connection is said: \(output)")
        let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--store", store]) }
        let summaryLines = shown.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  power") || $0.hasPrefix("  cadence") }
        #expect(summaryLines.count == 2, "\(shown.stdout)")
        for line in summaryLines { #expect(output.contains(line), "record's summary lacks `\(line)`:\n\(output)") }

        let figures = try await Self.fitFigures(store: store, folder: folder)
        #expect(Int(figures[0]) == sent.count, "records with power: \(figures[0]), notifications sent: \(sent.count)")
        #expect(figures[1] / figures[0] == Double(sent.map(\.watts).reduce(0, +)) / Double(sent.count), "average power")
        let sentCadence = Self.cadence(of: sent), readCadence = figures[3] / figures[2]
        #expect(abs(readCadence - sentCadence) / sentCadence < 0.01, "cadence \(readCadence) rpm read, \(sentCadence) rpm sent")
        // The meter is kept with the workout and named in the FIT file, as a head unit names its sensors.
        #expect(shown.stdout.contains("  sensors     Power 1 (power meter, battery 87 %)"), "\(shown.stdout)")
        let devices = try await offThePool { try ExternalTool.python("""
            import sys, json
            from garmin_fit_sdk import Decoder, Stream
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
            print(json.dumps([[d.get("device_index"), str(d.get("ble_device_type")), d.get("product_name"), d.get("battery_level")]
                              for d in messages["device_info_mesgs"] if d.get("device_index") not in (0, "creator")]))
            """, [folder.appendingPathComponent("ride.fit").path]) }
        #expect(devices.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == #"[[1, "bike_power", "Power 1", 87]]"#,
                "\(devices.standardOutput)\(devices.standardError)")
    }

    /// The cadence the meter's crank data say over all its notifications: revolutions over their event times.
    static func cadence(of sent: [(watts: Int, revolutions: Int, time: Int)]) -> Double {
        let revolutions = Double((sent.last!.revolutions - sent.first!.revolutions + 65_536) % 65_536)
        let seconds = Double((sent.last!.time - sent.first!.time + 65_536) % 65_536) / 1_024
        return revolutions / seconds * 60
    }

    /// The last workout in `store`, exported to FIT and read by Garmin's SDK: records with power, their watts summed,
    /// records with cadence, their cadence summed.
    /// How many power readings a store holds, read by Python's sqlite3 beside the recorder writing it.
    static func storedPowerReadings(_ store: String) throws -> Int {
        let output = try ExternalTool.python(StoreReaderPython.source + """
            db = sqlite3.connect(sys.argv[1])
            try:
                print(len(quantities(db, 'HKQuantityTypeIdentifierCyclingPower')))
            except sqlite3.OperationalError:
                print(0)  # not yet made
            """, [store])
        return Int(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    static func fitFigures(store: String, folder: URL) async throws -> [Double] {
        let fit = folder.appendingPathComponent("ride.fit").path
        let export = try await offThePool { try WorkoutProcess.runBlocking(["export", "last", "--format", "fit", "--output", fit, "--store", store]) }
        try #require(export.status == 0, "\(export.stdout)\(export.stderr)")
        let read = try await offThePool { try ExternalTool.python("""
            import sys
            from garmin_fit_sdk import Decoder, Stream
            d = Decoder(Stream.from_file(sys.argv[1]))
            assert d.is_fit() and d.check_integrity(), 'not a sound FIT file'
            m, e = Decoder(Stream.from_file(sys.argv[1])).read()
            assert not e, e
            records = m['record_mesgs']
            power = [r['power'] for r in records if r.get('power') is not None]
            cadence = [r['cadence'] for r in records if r.get('cadence')]
            print(len(power), sum(power), len(cadence), sum(cadence))
            """, [fit]) }
        try #require(read.status == 0, "\(read.standardError)")
        let figures = read.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        try #require(figures.count == 4, "\(read.standardOutput)")
        return figures
    }
}
