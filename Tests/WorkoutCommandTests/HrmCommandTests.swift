import Foundation
import Testing
import WorkoutSources
import TestSupport
import SensorBridge

extension BlockingCommandSuites {
@Suite(.timeLimit(.minutes(10))) struct HrmCommandTests {
    func capture(_ text: String) throws -> String {
        let path = Scratch.url("hrm", extension: "log").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func decodesACaptureAndSummarises() async throws {
        let gap = String(decoding: StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x14, 0x46, 0x59, 0x03, 0x58, 0x03]),
                                                            sequence: 45, milliseconds: 126_000), as: UTF8.self)
        let path = try capture("$HRM1,42,123456,2A37,164B0203*B181\r\n$HRM1,43,124456,2A37,104C2803*D5DF\r\n" + gap)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await WorkoutProcess.run(["hrm", path])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("#42 t=123.456s 2A37 16 4B 02 03") && $0.contains("HR 75 bpm, contact detected, RR 752 ms") })
        #expect(lines.contains { $0.contains("byte 36: CRC mismatch") })
        #expect(lines.contains { $0.contains("expected 43 but got 45: 2 frame(s) lost") })
        #expect(lines.contains { $0.contains("HR 70 bpm, contact not detected") && $0.hasSuffix("(left out)") })
        #expect(lines.last == "summary: 2 notifications, heart rate 75–75 bpm, 1 rejected, 2 lost in sequence gaps, 0 reconnects")
    }

    @Test func decodesAPowerMeterATrainerAndABatteryOnTheSameBridge() async throws {
        let frames = [(0x2A63, [0x20, 0x00, 0xFA, 0x00, 0x05, 0x00, 0x00, 0x04] as [UInt8]), (0x2AD2, [0x44, 0x00, 0xD0, 0x07, 0xB4, 0x00, 0xC8, 0x00]),
                      (0x2A19, [0x5A]), (0x2A63, [0x20, 0x00, 0xFA])]
        let text = frames.enumerated().map { index, frame in
            String(decoding: StrapFraming.hrm1.encode(.notification(kind: UInt16(frame.0), payload: frame.1), sequence: UInt32(index), milliseconds: 1000 * UInt64(index)),
                   as: UTF8.self)
        }.joined()
        let path = try capture(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await WorkoutProcess.run(["hrm", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("2A63 20 00 FA 00 05 00 00 04  power 250 W, crank 5 at 1024/1024 s"), "\(output.stdout)")
        #expect(output.stdout.contains("2AD2 44 00 D0 07 B4 00 C8 00  20.00 km/h, 90.0 rpm, 200 W"))
        #expect(output.stdout.contains("2A19 5A  battery 90 %"))
        #expect(output.stdout.contains("2A63 rejected: Cycling Power Measurement (0x2A63): the instantaneous power needs 2 bytes at byte 2"))
        #expect(!output.stdout.contains("impossible"), "nothing impossible was sent")
    }

    /// A crank that claims 40 revolutions in a second is dropped by the rules a recording uses, and the summary counts it.
    @Test func countsImpossibleRevolutionDeltas() async throws {
        let frames: [[UInt8]] = [[0x20, 0x00, 0xFA, 0x00, 0x05, 0x00, 0x00, 0x04], [0x20, 0x00, 0xFA, 0x00, 0x2D, 0x00, 0x00, 0x08]]
        let text = frames.enumerated().map { index, payload in
            String(decoding: StrapFraming.hrm1.encode(.notification(kind: 0x2A63, payload: payload), sequence: UInt32(index), milliseconds: 1000 * UInt64(index)),
                   as: UTF8.self)
        }.joined()
        let path = try capture(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await WorkoutProcess.run(["hrm", path])
        #expect(output.stdout.contains("1 impossible revolution delta dropped"), "\(output.stdout)")
    }

    @Test func printsJSONLines() async throws {
        let path = try capture("Notification handle = 0x000e value: 16 34 e4 04\nHR: 72 bpm\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await WorkoutProcess.run(["hrm", path, "--framing", "hex", "--json"])
        #expect(output.status == 0)
        let objects = try output.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        let notification = try #require(objects.first { $0["event"] as? String == "notification" })
        #expect(notification["heartRate"] as? Int == 52)
        #expect(notification["rr"] as? [Int] == [1252])
        #expect(notification["contact"] as? String == "detected")
        #expect(objects.contains { $0["event"] as? String == "problem" && ($0["message"] as? String ?? "").contains("HR: 72 bpm") })
        #expect(objects.last?["event"] as? String == "summary")
    }

    @Test func explainsWhatIsWrong() async throws {
        let framing = try await WorkoutProcess.run(["hrm", "/dev/ttyUSB0", "--framing", "nmea"])
        #expect(framing.status != 0)
        #expect(framing.stderr.contains("'nmea' is invalid for '--framing <framing>'"), "\(framing.stderr)")
        #expect(framing.stderr.contains("'hrm1', 'hrm2', 'hex', 'slip' or 'cobs'"), "the choices are listed")
        let baud = try await WorkoutProcess.run(["hrm", "/dev/ttyUSB0@12345"])
        #expect(baud.stderr.contains("12345 baud is not a standard rate"))
        let folder = try await WorkoutProcess.run(["hrm", FileManager.default.temporaryDirectory.path])
        #expect(folder.status != 0)
        #expect(folder.stderr.contains("cannot open \(FileManager.default.temporaryDirectory.path)"))
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias HrmCommandTests = BlockingCommandSuites.HrmCommandTests

