import Foundation
public import ScenarioModel
import Markup

/// The outcome of checking one scenario file's expectations.
public struct ScenarioReport: Sendable {
    /// One judged expectation.
    public struct Outcome: Sendable {
        /// The expectation.
        public var expectation: ScenarioExpectation
        /// What the replay measured; `nil` when the result has no such value.
        public var measured: ScenarioResult.Value?
        /// Whether it passed.
        public var passed: Bool
    }

    /// The file, as given.
    public var file: String
    /// The scenario's name, or the file's when it could not be read.
    public var name: String
    /// Each expectation's outcome.
    public var outcomes: [Outcome]
    /// Why the scenario could not run at all, if it could not.
    public var failure: String?
    /// Seconds the replay took.
    public var seconds: Double

    /// Judges `result` against the scenario's expectations.
    public init(file: String, scenario: Scenario, result: ScenarioResult, seconds: Double = 0) {
        self.file = file
        name = scenario.name
        outcomes = scenario.expectations.map { expectation in
            let measured = result.value(forKey: expectation.key)
            return Outcome(expectation: expectation, measured: measured, passed: expectation.judge(measured))
        }
        self.seconds = seconds
        if scenario.expectations.isEmpty { failure = "the scenario has no expectations (add `expect:`)" }
    }

    /// A scenario that could not be read or run.
    public init(file: String, failure: String) {
        self.file = file
        name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        outcomes = []
        self.failure = failure
        seconds = 0
    }

    /// Expectations that passed.
    public var passed: Int { outcomes.filter(\.passed).count }
    /// Expectations that failed, plus one for a scenario that could not run.
    public var failed: Int { outcomes.filter { !$0.passed }.count + (failure == nil ? 0 : 1) }

    /// The report for people: one line per expectation with expected and measured values.
    public var text: String {
        var lines = ["\(file) — \(name)"]
        if let failure { lines.append("  ✗ \(failure)") }
        for outcome in outcomes {
            let key = outcome.expectation.key
            let measured = outcome.measured.map { value -> String in
                if case .number(let number) = value { return ScenarioExpectation.show(number, key: key) }
                return value.description
            } ?? "nothing"
            lines.append("  \(outcome.passed ? "✓" : "✗") \(key): expected \(outcome.expectation.expectedDescription), measured \(measured)")
        }
        return lines.joined(separator: "\n")
    }

    /// A JUnit XML report: one test suite per file, one test case per expectation.
    public static func junit(_ reports: [ScenarioReport]) -> String {
        func escape(_ text: String) -> String { XMLText.escaped(text) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = reports.reduce(0) { $0 + $1.outcomes.count + ($1.failure == nil ? 0 : 1) }
        xml += "<testsuites name=\"workout check\" tests=\"\(total)\" failures=\"\(reports.reduce(0) { $0 + $1.failed })\">\n"
        for report in reports {
            let tests = report.outcomes.count + (report.failure == nil ? 0 : 1)
            xml += "  <testsuite name=\"\(escape(report.name))\" tests=\"\(tests)\" failures=\"\(report.failed)\" time=\"\(String(format: "%.3f", report.seconds))\" file=\"\(escape(report.file))\">\n"
            if let failure = report.failure {
                xml += "    <testcase classname=\"\(escape(report.file))\" name=\"scenario\">\n      <failure message=\"\(escape(failure))\"/>\n    </testcase>\n"
            }
            for outcome in report.outcomes {
                let key = outcome.expectation.key
                xml += "    <testcase classname=\"\(escape(report.file))\" name=\"\(escape(key))\""
                if outcome.passed {
                    xml += "/>\n"
                } else {
                    let message = "expected \(outcome.expectation.expectedDescription), measured \(outcome.measured?.description ?? "nothing") (line \(outcome.expectation.line))"
                    xml += ">\n      <failure message=\"\(escape(message))\"/>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
