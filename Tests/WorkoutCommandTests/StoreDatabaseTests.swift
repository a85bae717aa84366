import Foundation
import Testing
import TestSupport

/// The store opened by many processes at once: a recorder, `workout serve` and cron'd imports share one file.
@Suite(.heavy, .timeLimit(.minutes(10))) struct StoreDatabaseTests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/track-intervals.yaml").path

    /// Eight processes create one new store at once, twenty times: every one succeeds and every workout is kept
    /// (before, one in five such starts stopped with "table … already exists" or "database is locked").
    @Test func eightProcessesCreatingOneNewStoreAllSucceed() async throws {
        for round in 1...20 {
            let problems = try await offThePool { try Self.race(round: round) }
            #expect(problems.isEmpty, "round \(round): \(problems.joined(separator: "\n"))")
        }
    }

    /// One round: eight replays into one new store, waited for; what went wrong, if anything.
    static func race(round: Int) throws -> [String] {
        let store = Scratch.url("race-\(round)").appendingPathComponent("health.sqlite").path
        let processes = try (1...8).map { _ -> (Process, Pipe) in
            _ = TestRunReaper.started
            let process = Process()
            process.executableURL = WorkoutProcess.executable
            process.arguments = ["replay", scenario, "--store", store]
            let pipe = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = pipe
            try process.run()
            return (process, pipe)
        }
        var problems: [String] = []
        for (process, pipe) in processes {
            let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 { problems.append("exit \(process.terminationStatus): \(errors)") }
        }
        let listed = try WorkoutProcess.runBlocking(["list", "--json", "--store", store])
        let workouts = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
        if workouts?.count != 8 { problems.append("\(workouts?.count ?? 0) workouts of 8 kept: \(listed.stderr)") }
        return problems
    }
}
