import Foundation
import SensorBridge
import TestSupport
import Testing

/// `workout record --workout`: a structured workout ridden with a real strap bridge on a socat pty.
@Suite(.heavy, .timeLimit(.minutes(14))) struct RecordWorkoutCommandTests {
    /// 40 s at 100–110 bpm, then until lap at 140–150.
    static let plan = """
        name: Strap test
        steps:
          - active: 40s
            heartRate: 100..110
          - cooldown: open
            heartRate: 140..150
        """

    @Test(.enabled(if: SocatPair.executable != nil, "socat is missing: run Scripts/setup"))
    func aWorkoutIsRiddenStepByStepWithALapAndAnAlert() async throws {
        let folder = Scratch.url("record-workout")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let planPath = folder.appendingPathComponent("plan.yaml").path
        try Self.plan.write(toFile: planPath, atomically: true, encoding: .utf8)
        let strap = try SocatPair()
        defer { strap.stop() }
        // The strap: 105 bpm for 45 s, then 120 (below the second step's band), four notifications a second.
        let started = Date()
        let sending = Thread {
            var index: UInt32 = 0
            while Date().timeIntervalSince(started) < 90 {
                let bpm: UInt8 = Date().timeIntervalSince(started) < 45 ? 105 : 120
                _ = try? strap.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x00, bpm]), sequence: index,
                                                              milliseconds: UInt64(index) * 250))
                index += 1
                usleep(250_000)
            }
        }
        sending.start()
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--workout", planPath,
                                              "--duration", "80", "--store", folder.appendingPathComponent("health.sqlite").path])
        let status = try await recording.finish()
        let output = await recording.finalOutput()
        #expect(status == 0, "\(output)")
        // The steps as they came, the lap the first one's end closed, and the alert 30 + 5 s into the second.
        for line in ["step 1/2: Active, 0:40 at 100–110 bpm", "lap 1: 0:00:40", "step 2/2: Cooldown, lap at 140–150 bpm",
                     "below target: 120 against 140–150 bpm", "workout Strap test: 2 of 2 steps", ", not finished"] {
            #expect(output.contains(line), "\(line) is missing from:\n\(output)")
        }
        // The first step held at 105 bpm when judged (from 30 s), the second below its band from then on.
        let first = try #require(output.split(separator: "\n").first { $0.hasPrefix("  1  0:40  Active  100–110 bpm") }, "\(output)")
        #expect(first.contains("100 % in target"), "\(first)")
        let second = try #require(output.split(separator: "\n").first { $0.hasPrefix("  2  ") }, "\(output)")
        #expect(second.contains("  0 % in target") && second.contains("1 alert"), "\(second)")
    }
}
