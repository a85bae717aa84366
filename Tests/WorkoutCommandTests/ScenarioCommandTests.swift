import Foundation
import Testing
import TestSupport

extension BlockingCommandSuites {
/// `workout replay`, `check` and `simulate`, run as a user runs them.
@Suite(.timeLimit(.minutes(10))) struct ScenarioCommandTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    func scenario(_ name: String) -> String { Self.scenarios.appendingPathComponent(name).path }

    func temporaryFile(_ name: String) -> String {
        let folder = Scratch.url("cli")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test func replayPrintsTheSameJSONEveryTime() async throws {
        let first = try await WorkoutProcess.run(["replay", scenario("easy-run.yaml"), "--no-store", "--json"])
        let second = try await WorkoutProcess.run(["replay", scenario("easy-run.yaml"), "--no-store", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        for key in ["state", "activityType", "start", "end", "duration", "elapsed", "totalDistanceMeters", "totalEnergyKilocalories",
                    "heartRate", "events", "laps", "sampleCounts"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        #expect(json["state"] as? String == "ended")
    }

    @Test func replayStoresTheWorkout() async throws {
        let store = temporaryFile("health.sqlite")
        let replay = try await WorkoutProcess.run(["replay", scenario("treadmill-run.yaml"), "--store", store])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("Treadmill run — running, ended"))
        let contents = try await WorkoutProcess.run(["store", "--store", store, "--json"])
        #expect(contents.stdout.contains("\"heartRate\" : 1800"), "\(contents.stdout)")
        #expect(contents.stdout.contains("\"workout\" : 1"), "\(contents.stdout)")
    }

    @Test func noStoreWithAnExportIsRefusedWithTheWayToDoIt() async throws {
        let export = temporaryFile("nothing.fit")
        let replay = try await WorkoutProcess.run(["replay", scenario("easy-run.yaml"), "--no-store", "--export", export])
        #expect(replay.status == 64)
        #expect(replay.stderr.contains("--no-store keeps no samples or route to export to \(export); give --store :memory:"), "\(replay.stderr)")
        #expect(!FileManager.default.fileExists(atPath: export))
        let inMemory = try await WorkoutProcess.run(["replay", scenario("easy-run.yaml"), "--store", ":memory:", "--export", export])
        #expect(inMemory.status == 0, "\(inMemory.stderr)")
        #expect(FileManager.default.fileExists(atPath: export))
    }

    @Test func aBadScenarioIsRefusedWithItsLocation() async throws {
        let file = temporaryFile("bad.yaml")
        try "activity: running\nlocation: indoor\ntimeline:\n  - strat\n".write(toFile: file, atomically: true, encoding: .utf8)
        let replay = try await WorkoutProcess.run(["replay", file, "--no-store"])
        #expect(replay.status != 0)
        #expect(replay.stderr.contains("\(file):4:5: error: unknown timeline step 'strat'"), "\(replay.stderr)")
        #expect(replay.stderr.contains("Did you mean 'start'?"))
        #expect(replay.stdout.isEmpty)
    }

    @Test func checkReportsEachExpectationAndExitsWithTheOutcome() async throws {
        let failing = temporaryFile("failing.yaml")
        try """
            name: Too optimistic
            activity: running
            location: indoor
            sensors: {footpod: true}
            timeline:
              - start
              - move: {duration: 10m, speed: 3}
              - stop
              - end
            expect:
              state: ended
              totalDistanceMeters: 5km ± 1%
            """.write(toFile: failing, atomically: true, encoding: .utf8)
        let junit = temporaryFile("report.xml")
        let check = try await WorkoutProcess.run(["check", scenario("trainer-ride.yaml"), failing, "--junit", junit])
        #expect(check.status == 1)
        #expect(check.stdout.contains("✓ power.average: expected 153 ± 5, measured"))
        #expect(check.stdout.contains("✗ totalDistanceMeters: expected 5000 ± 1%, measured"))
        #expect(check.stdout.contains("11 passed, 1 failed"), "\(check.stdout)")
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("<testsuites name=\"workout check\" tests=\"12\" failures=\"1\">"))
    }

    @Test func simulateWritesNMEAAndStrapFrames() async throws {
        let nmea = temporaryFile("ride.nmea"), hrm = temporaryFile("strap.txt")
        let simulate = try await WorkoutProcess.run(["simulate", scenario("strap-dropout.yaml"), "--nmea", nmea, "--hrm", hrm, "--framing", "hrm1"])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        let sentences = try String(contentsOfFile: nmea, encoding: .utf8).split(separator: "\r\n")
        #expect(sentences.count == 1800 * 4)
        #expect(sentences.allSatisfy { $0.hasPrefix("$GP") })
        let frames = try String(contentsOfFile: hrm, encoding: .utf8).split(separator: "\r\n")
        // 30 minutes at one notification a second, less the 30 s the link was down, plus two link frames.
        #expect(frames.count == 1770 + 2)
        #expect(frames.contains { $0.contains(",LINK,00*") })
        let refused = try await WorkoutProcess.run(["simulate", scenario("trainer-ride.yaml"), "--nmea", nmea])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("no GPS route"))
    }

    @Test func simulatedGPSSaysNoFixInATunnelAndNothingWhileGPSDRestarts() async throws {
        let file = temporaryFile("faults.yaml"), nmea = temporaryFile("faults.nmea")
        try """
            activity: cycling
            route:
              loop: {center: [45.76, 4.83, 170], length: 3km}
            timeline:
              - start
              - move: {duration: 5m, speed: 7}
              - stop
              - end
            faults:
              - gpsLoss: {at: 1m, duration: 30s}
              - gpsdRestart: {at: 3m, duration: 20s}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let simulate = try await WorkoutProcess.run(["simulate", file, "--nmea", nmea])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        let sentences = try String(contentsOfFile: nmea, encoding: .utf8).split(separator: "\r\n")
        let noFix = sentences.filter { $0.hasPrefix("$GPGGA") && $0.split(separator: ",", omittingEmptySubsequences: false)[6] == "0" }
        #expect(noFix.count == 30)
        // 300 epochs, 30 without a fix, 20 not written at all.
        #expect(sentences.filter { $0.hasPrefix("$GPGGA") }.count == 280)
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias ScenarioCommandTests = BlockingCommandSuites.ScenarioCommandTests

