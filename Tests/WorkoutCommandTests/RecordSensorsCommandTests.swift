import Foundation
import SensorBridge
import TestSupport
import Testing

/// `workout record --hrm` with a bike's sensors on the bridge: a scenario's power meter, its bytes written by
/// `workout simulate` and sent through a real pseudo-terminal at their own pace, recorded, exported to FIT and
/// read by Garmin's SDK.
@Suite(.timeLimit(.minutes(3))) struct RecordSensorsCommandTests {
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
        let scenario = folder.appendingPathComponent("ride.yaml"), capture = folder.appendingPathComponent("ride.hrm")
        try Self.ride.write(to: scenario, atomically: true, encoding: .utf8)
        let simulate = try await offThePool { try WorkoutProcess.run(["simulate", scenario.path, "--hrm", capture.path, "--start", "now"]) }
        try #require(simulate.status == 0, "\(simulate.stderr)")
        let text = try String(contentsOf: capture, encoding: .utf8)
        let sent = Self.powerNotifications(in: text)
        try #require(sent.count >= 15, "\(text.prefix(400))")

        let strap = try SocatPair()
        defer { strap.stop() }
        let store = folder.appendingPathComponent("health.sqlite").path
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--duration", "22s",
                                              "--store", store])
        try await recording.waitFor("state running", timeout: 30)
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
        let status = try await recording.finish()
        #expect(status == 0, "\(recording.output)")
        // The recording ends with the power and cadence `show` gives: one computation.
        let shown = try await offThePool { try WorkoutProcess.run(["show", "last", "--store", store]) }
        let summaryLines = shown.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  power") || $0.hasPrefix("  cadence") }
        #expect(summaryLines.count == 2, "\(shown.stdout)")
        for line in summaryLines { #expect(recording.output.contains(line), "record's summary lacks `\(line)`:\n\(recording.output)") }

        let fit = folder.appendingPathComponent("ride.fit").path
        let export = try await offThePool { try WorkoutProcess.run(["export", "last", "--format", "fit", "--output", fit, "--store", store]) }
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
        // Every power notification is one record with its watts; the first crank notification is the baseline.
        #expect(Int(figures[0]) == sent.count, "records with power: \(figures[0]), notifications sent: \(sent.count)")
        #expect(figures[1] / figures[0] == Double(sent.map(\.watts).reduce(0, +)) / Double(sent.count), "average power")
        let revolutions = Double((sent.last!.revolutions - sent.first!.revolutions + 65_536) % 65_536)
        let seconds = Double((sent.last!.time - sent.first!.time + 65_536) % 65_536) / 1_024
        let sentCadence = revolutions / seconds * 60, readCadence = figures[3] / figures[2]
        #expect(abs(readCadence - sentCadence) / sentCadence < 0.03, "cadence \(readCadence) rpm read, \(sentCadence) rpm sent")
    }
}
