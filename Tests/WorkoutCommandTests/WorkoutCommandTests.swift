import Foundation
import Testing
import OpenHealthKit
import TestSupport

/// Runs the built `workout` executable as a separate process.
struct WorkoutProcess {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("workout")
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `workout` with `arguments` and waits for it on a thread of its own, so that no cooperative
    /// thread is held while it runs; `input`, if given, is its standard input.
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws -> Output {
        try await offThePool { try runBlocking(arguments, environment: environment, input: input) }
    }

    /// Runs `workout` with `arguments` on the calling thread: for code already off the pool.
    static func runBlocking(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Output {
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "OPENHEALTHKIT_AUTHORIZATION")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension BlockingCommandSuites {
@Suite(.heavy, .timeLimit(.minutes(10))) struct WorkoutCommandTests {
    let bpm = HKUnit(from: "count/min")

    func storeWithHeartRates() async throws -> String {
        let path = Scratch.url("cli").appendingPathComponent("health.sqlite").path
        let store = HKHealthStore(location: .file(path), source: HKSource(name: "Recorder", bundleIdentifier: "com.example.recorder"))
        try await store.requestAuthorization(toShare: [HKQuantityType(.heartRate), HKQuantityType(.stepCount)], read: nil)
        let start = Date(timeIntervalSince1970: 1_709_251_200)
        try await store.save([
            HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 120), start: start, end: start),
            HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 150), start: start + 60, end: start + 60),
            HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 900), start: start, end: start + 600),
        ])
        return path
    }

    /// A mistyped store path is reported, not made into a new, empty store.
    @Test(arguments: [["list"], ["show", "last"], ["samples", "heartRate"], ["stats", "heartRate"], ["export", "last"], ["delete", "last"]])
    func readingCommandsRefuseAStoreThatIsNotThere(_ command: [String]) async throws {
        let path = Scratch.url("missing").appendingPathComponent("health.sqlite").path
        let result = try await WorkoutProcess.run(command + ["--store", path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path): no store there"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// No store yet is nothing to recover (the record service asks at every start, the first included), and no store is made.
    @Test func recoverWithNoStoreYetHasNothingToDo() async throws {
        let path = Scratch.url("missing").appendingPathComponent("health.sqlite").path
        let result = try await WorkoutProcess.run(["recover", "--store", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "No unfinished workout: no store at \(path) yet.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The version says the release and the commit it was built from: the release alone on its tag, else after a
    /// tilde, with the commit count and commit (how Debian sorts it before the release).
    @Test func versionAndHelp() async throws {
        let version = try await WorkoutProcess.run(["--version"])
        #expect(version.status == 0)
        let line = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+(~git[0-9]+\.[0-9a-f]{10}(\+modified)?)? \(commit ([0-9a-f]{10}(\+modified)?|unknown)\)/) != nil, "\(line)")
        let help = try await WorkoutProcess.run(["--help"])
        #expect(help.status == 0)
        for command in ["samples", "stats", "store", "convert"] { #expect(help.stdout.contains(command)) }
    }

    @Test func aSecondProcessReadsWhatTheFirstSaved() async throws {
        let path = try await storeWithHeartRates()
        let result = try await WorkoutProcess.run(["samples", "heartRate", "--store", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { ($0["value"] as? Double)?.rounded() } == [120, 150])
        #expect(rows.allSatisfy { $0["unit"] as? String == "count/min" && $0["source"] as? String == "Recorder" })

        let stats = try await WorkoutProcess.run(["stats", "stepCount", "--by", "day", "--json"], environment: ["OPENHEALTHKIT_STORE": path])
        #expect(stats.status == 0, "\(stats.stderr)")
        let buckets = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]])
        #expect(buckets.count == 1)
        #expect(buckets.first?["sum"] as? Double == 900)
    }

    @Test func aDeniedReadShowsNothingFromOtherApps() async throws {
        let path = try await storeWithHeartRates()
        let result = try await WorkoutProcess.run(["samples", "heartRate", "--store", path, "--json"],
                                            environment: ["OPENHEALTHKIT_AUTHORIZATION": "deny read heartRate"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.isEmpty)
    }

    @Test func badInputGetsAnActionableError() async throws {
        let type = try await WorkoutProcess.run(["samples", "heartRat", "--store", ":memory:"])
        #expect(type.status != 0)
        #expect(type.stderr.contains("Did you mean 'heartRate'?"))
        let unit = try await WorkoutProcess.run(["convert", "1", "count/hour", "count/s"])
        #expect(unit.status != 0)
        #expect(unit.stderr.contains("column 7"))
        #expect(unit.stderr.contains("did you mean \"hr\""))
        let policy = try await WorkoutProcess.run(["store", "--store", ":memory:"], environment: ["OPENHEALTHKIT_AUTHORIZATION": "deny shar heartRate"])
        #expect(policy.status != 0)
        #expect(policy.stderr.contains("OPENHEALTHKIT_AUTHORIZATION:1:1"))
    }

    @Test func convertPrintsBothUnits() async throws {
        let result = try await WorkoutProcess.run(["convert", "5.5", "mmol<180.15588000005408>/L", "mg/dL"])
        #expect(result.status == 0)
        #expect(result.stdout == "5.5 mmol<180.15588000005408>/L = 99.086 mg/dL\n")
    }

    @Test func storeSummaryCountsEveryType() async throws {
        let path = try await storeWithHeartRates()
        let result = try await WorkoutProcess.run(["store", "--store", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["counts"] as? [String: Int] == ["heartRate": 2, "stepCount": 1])
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias WorkoutCommandTests = BlockingCommandSuites.WorkoutCommandTests

