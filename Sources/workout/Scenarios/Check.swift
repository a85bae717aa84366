import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutSources
import ScenarioModel

/// `workout check`: replay scenarios and judge their expectations, for CI.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay scenario files and check their expectations (exit status 0 when all pass, 1 otherwise).",
        discussion: "Each scenario replays instantly in memory. Its readings count toward the live builder's figures, which the expectations judge; its samples and route are not saved."
    )

    @Argument(help: ArgumentHelp("Scenario files (YAML).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Also write a JUnit XML report for CI systems.", valueName: "path"))
    var junit: String?

    @Flag(help: "Print the reports as JSON: per file, each expectation with what was expected and measured.")
    var json = false

    struct Report: Encodable {
        struct Outcome: Encodable {
            var key: String
            var expected: String
            var measured: String?
            var passed: Bool
            var line: Int
        }
        var file: String
        var name: String
        var passed: Int
        var failed: Int
        var failure: String?
        var seconds: Double
        var outcomes: [Outcome]

        init(_ report: ScenarioReport) {
            file = report.file
            name = report.name
            passed = report.passed
            failed = report.failed
            failure = report.failure
            seconds = report.seconds
            outcomes = report.outcomes.map {
                Outcome(key: $0.expectation.key, expected: $0.expectation.expectedDescription, measured: $0.measured?.description,
                        passed: $0.passed, line: $0.expectation.line)
            }
        }
    }

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scenario file, such as Scenarios/*.yaml.") }
    }

    func run() async throws {
        var reports: [ScenarioReport] = []
        for file in files {
            let report: ScenarioReport
            do {
                let scenario = try loadScenario(file)
                let started = ContinuousClock.now
                let result = try await ScenarioRunner(scenario: scenario).replay(in: HKHealthStore(location: .inMemory, source: workoutSource), savingCollectedData: false)
                let took = ContinuousClock.now - started
                report = ScenarioReport(file: file, scenario: scenario, result: result,
                                        seconds: Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
            } catch let error as ScenarioFileError {
                report = ScenarioReport(file: file, failure: error.description)
            }
            if !json { print(report.text) }
            reports.append(report)
        }
        let passed = reports.reduce(0) { $0 + $1.passed }, failed = reports.reduce(0) { $0 + $1.failed }
        if json { try printJSON(reports.map(Report.init)) } else { print("\(passed) passed, \(failed) failed") }
        if let junit {
            do {
                try ScenarioReport.junit(reports).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                throw ValidationError("Cannot write the JUnit report to \(junit): \(error.localizedDescription)")
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
