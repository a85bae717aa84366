import WorkoutFormats
import Foundation
import HealthKitModel
import Yams

/// Faults and expectations: what a scenario breaks, and what its replay must show.
extension ScenarioParser {
    package static func faults(_ value: YAMLValue) throws(ScenarioError) -> [ScenarioFault] {
        let kinds = ScenarioFault.Kind.allCases.map(\.rawValue)
        return try value.list("faults").map { item throws(ScenarioError) in
            guard case .mapping(let mapping) = item.node, mapping.count == 1, let (key, argument) = mapping.first else {
                throw item.error("a fault is one `kind: {at: …}` pair, such as `- gpsLoss: {at: 20m, duration: 90s}`")
            }
            let keyValue = YAMLValue(node: key, file: item.file)
            let kind = try ScenarioFault.Kind(rawValue: keyValue.choice("a fault", among: kinds))!
            let argumentValue = YAMLValue(node: argument, file: item.file)
            let map = try argumentValue.mapping(kind.rawValue, allowed: kind == .clockJump ? ["at", "by"] : kind == .sensorDisconnect ? ["at", "duration", "sensor"] : ["at", "duration"])
            let at = try map.required("at").duration("a time from the start")
            switch kind {
            case .clockJump:
                let by = try map.required("by")
                let text = try by.scalar("a jump")
                let negative = text.hasPrefix("-")
                let size = try by.parsed("a jump, such as 1h or -30s", example: "1h or -30s") { UnitText.duration(String($0.drop { $0 == "-" || $0 == "+" })) }
                return ScenarioFault(kind: kind, at: at, jump: negative ? -size : size)
            case .sensorDisconnect:
                let sensor = try map.required("sensor").choice("a sensor", among: ["gps", "heartRate", "power", "cadence"])
                return ScenarioFault(kind: kind, at: at, duration: try map.required("duration").duration(), sensor: sensor)
            case .gpsdRestart:
                return ScenarioFault(kind: kind, at: at, duration: try map["duration"]?.duration() ?? 5)
            default:
                return ScenarioFault(kind: kind, at: at, duration: try map.required("duration").duration())
            }
        }
    }

    package static func expectations(_ value: YAMLValue) throws(ScenarioError) -> [ScenarioExpectation] {
        guard case .mapping(let mapping) = value.node else { throw value.error("expected `expect:` to be a mapping of result keys to values") }
        var result: [ScenarioExpectation] = []
        for (key, expected) in mapping {
            let keyValue = YAMLValue(node: key, file: value.file)
            let name = try keyValue.scalar("a result key")
            guard ScenarioExpectation.fixedKeys.contains(name) || ScenarioExpectation.familyPrefixes.contains(where: { name.hasPrefix($0) && name.count > $0.count }) else {
                let hint = closestMatch(to: name, in: ScenarioExpectation.fixedKeys).map { "Did you mean '\($0)'?" }
                    ?? "Keys: \(ScenarioExpectation.fixedKeys.joined(separator: ", ")), and events.TYPE, sampleCounts.TYPE, faults.KIND.FIELD."
                throw keyValue.error("unknown result key '\(name)'", hint: hint)
            }
            result.append(ScenarioExpectation(key: name, check: try check(for: name, YAMLValue(node: expected, file: value.file)), line: keyValue.line))
        }
        return result
    }

    /// Reads `5000 ± 1%`, `30m +- 10s`, `≥ 80`, `<= 3`, `{min: 1, max: 2}`, `{value: 3, tolerance: 1}`, `ended` or a list.
    package static func check(for key: String, _ value: YAMLValue) throws(ScenarioError) -> ScenarioExpectation.Check {
        let isText = ["state", "activityType", "steps.completed", "course.onCourse"].contains(key)
        func amount(_ text: String, at node: YAMLValue) throws(ScenarioError) -> Double {
            // A share in % may say so: `80 %`.
            let number = ScenarioExpectation.isPercent(key) && text.hasSuffix("%") ? text.dropLast().trimmingCharacters(in: .whitespaces) : text
            let parsed = ScenarioExpectation.isTime(key) ? UnitText.duration(text) : key.hasSuffix("Meters") ? UnitText.distance(text) : Double(number)
            guard let parsed else {
                throw node.error("expected \(ScenarioExpectation.isTime(key) ? "a duration" : key.hasSuffix("Meters") ? "a distance" : "a number") for '\(key)', found '\(text)'")
            }
            return parsed
        }
        func tolerance(_ text: String, at node: YAMLValue) throws(ScenarioError) -> (Double, Bool) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("%") {
                guard let percent = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), percent >= 0 else { throw node.error("expected a tolerance such as 1%, found '\(text)'") }
                return (percent / 100, true)
            }
            return (abs(try amount(trimmed, at: node)), false)
        }
        switch value.node {
        case .sequence:
            return .sequence(try value.list("a list").map { v throws(ScenarioError) in try v.scalar("an item") })
        case .mapping:
            let map = try value.mapping("an expectation", allowed: ["value", "tolerance", "min", "max"])
            if let center = map["value"] {
                let (size, relative) = try map["tolerance"].map { t throws(ScenarioError) in try tolerance(t.scalar("a tolerance"), at: t) } ?? (0, false)
                return .approximately(try amount(center.scalar("a value"), at: center), tolerance: size, relative: relative)
            }
            guard map["min"] != nil || map["max"] != nil else { throw value.error("an expectation mapping needs `value` (with `tolerance`) or `min`/`max`") }
            return .range(minimum: try map["min"].read { v throws(ScenarioError) in try amount(v.scalar("a minimum"), at: v) },
                          maximum: try map["max"].read { v throws(ScenarioError) in try amount(v.scalar("a maximum"), at: v) })
        default:
            let text = try value.scalar("a value")
            if isText { return .equals(text) }
            // `≥ 80`, `>= 80`, `≤ 3`, `<= 3`: a bound on one side.
            for (prefix, lower) in [("≥", true), (">=", true), ("≤", false), ("<=", false)] where text.hasPrefix(prefix) {
                let bound = try amount(String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces), at: value)
                return lower ? .range(minimum: bound, maximum: nil) : .range(minimum: nil, maximum: bound)
            }
            for separator in ["±", "+-", "+/-"] where text.contains(separator) {
                let parts = text.components(separatedBy: separator)
                let (size, relative) = try tolerance(parts[1], at: value)
                return .approximately(try amount(parts[0].trimmingCharacters(in: .whitespaces), at: value), tolerance: size, relative: relative)
            }
            return .approximately(try amount(text, at: value), tolerance: 0, relative: false)
        }
    }
}
