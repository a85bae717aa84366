import WorkoutFormats
package import Foundation
package import Yams

/// A YAML node with the file it came from, for errors that point at it.
package struct YAMLValue {
    package let node: Node
    package let file: String

    package var line: Int { node.mark?.line ?? 0 }
    package var column: Int { node.mark?.column ?? 0 }

    /// An error at this node.
    package func error(_ message: String, hint: String? = nil) -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: message, hint: hint)
    }

    /// Parses a whole file; an empty file is an error.
    package static func parse(_ text: String, file: String) throws(ScenarioError) -> YAMLValue {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let yaml as YamlError {
            throw Self.error(from: yaml, file: file)
        } catch {
            throw ScenarioError(file: file, line: 0, column: 0, message: "not YAML: \(error)")
        }
        guard let root else {
            throw ScenarioError(file: file, line: 1, column: 1, message: "the file is empty", hint: "A scenario needs at least `activity:` and a `timeline:`; see Scenarios/README.md.")
        }
        return YAMLValue(node: root, file: file)
    }

    private static func error(from yaml: YamlError, file: String) -> ScenarioError {
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let message = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return ScenarioError(file: file, line: mark.line, column: mark.column, message: "not valid YAML: \(message)",
                                 hint: "Check the indentation and that every `key: value` pair has a space after the colon.")
        case .reader(let problem, let offset, _, _):
            return ScenarioError(file: file, line: 0, column: 0, message: "unreadable at byte \(offset ?? 0): \(problem)", hint: "Save the file as UTF-8.")
        default:
            return ScenarioError(file: file, line: 0, column: 0, message: "not valid YAML: \(yaml)")
        }
    }

    /// The scalar text, or an error naming what was expected.
    package func scalar(_ expected: String) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected \(expected), found \(kind)") }
        return scalar.string
    }

    /// What kind of node this is, for messages.
    package var kind: String {
        switch node {
        case .scalar(let scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// The items of a list.
    package func list(_ expected: String) throws(ScenarioError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else { throw error("expected \(expected) (a list), found \(kind)") }
        return sequence.map { YAMLValue(node: $0, file: file) }
    }

    /// The entries of a mapping whose keys must be among `allowed`.
    package func mapping(_ expected: String, allowed: [String]) throws(ScenarioError) -> YAMLMapping {
        guard case .mapping(let mapping) = node else { throw error("expected \(expected) (a mapping), found \(kind)") }
        var entries: [(key: YAMLValue, name: String, value: YAMLValue)] = []
        for (key, value) in mapping {
            let keyValue = YAMLValue(node: key, file: file)
            let name = try keyValue.scalar("a key")
            guard allowed.contains(name) else {
                let hint = closestMatch(to: name, in: allowed).map { "Did you mean '\($0)'?" }
                    ?? "Known keys here: \(allowed.joined(separator: ", "))."
                throw keyValue.error("unknown key '\(name)' in \(expected)", hint: hint)
            }
            if entries.contains(where: { $0.name == name }) { throw keyValue.error("'\(name)' is given twice in \(expected)") }
            entries.append((keyValue, name, YAMLValue(node: value, file: file)))
        }
        return YAMLMapping(owner: self, expected: expected, entries: entries)
    }

    /// A number, as a plain YAML number.
    package func number(_ expected: String) throws(ScenarioError) -> Double {
        let text = try scalar(expected)
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw error("expected \(expected), found '\(text)'")
        }
        return value
    }

    /// A number within `range`.
    package func number(_ expected: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let value = try number(expected)
        guard range.contains(value) else { throw error("\(expected) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), found \(format(value))") }
        return value
    }

    /// A yes/no value.
    package func bool(_ expected: String) throws(ScenarioError) -> Bool {
        switch try scalar(expected).lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw error("expected \(expected) (true or false), found '\(other)'")
        }
    }

    /// A value that must be one of `choices`.
    package func choice(_ expected: String, among choices: [String]) throws(ScenarioError) -> String {
        let text = try scalar(expected)
        guard choices.contains(text) else {
            throw error("'\(text)' is not \(expected)", hint: closestMatch(to: text, in: choices).map { "Did you mean '\($0)'?" } ?? "Write one of: \(choices.joined(separator: ", ")).")
        }
        return text
    }

    /// Parses the scalar with `parse`, reporting `expected` when it returns nil.
    package func parsed<T>(_ expected: String, example: String, _ parse: (String) -> T?) throws(ScenarioError) -> T {
        let text = try scalar(expected)
        guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else {
            throw error("expected \(expected), found '\(text)'", hint: "Write it like \(example).")
        }
        return value
    }

    package func duration(_ expected: String = "a duration") throws(ScenarioError) -> TimeInterval {
        try parsed(expected, example: "90s, 10m, 1h30m or 1:05:00", UnitText.duration)
    }

    package func distance(_ expected: String = "a distance") throws(ScenarioError) -> Double {
        try parsed(expected, example: "400m, 5km, 13.1mi or 1200 (metres)", UnitText.distance)
    }

    package func speed(_ expected: String = "a speed") throws(ScenarioError) -> Double {
        try parsed(expected, example: "3.5 m/s, 12 km/h, 8 mph or 3.5 (metres per second)", UnitText.speed)
    }

    package func pace(_ expected: String = "a pace") throws(ScenarioError) -> Double {
        try parsed(expected, example: "5:30/km, 8:00/mi or 1:45/100m", UnitText.pace)
    }
}

/// Numbers for messages: no trailing zeros.
package func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

