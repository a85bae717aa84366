import Foundation
import Yams

extension WorkoutPlan {
    /// The plan OpenHealthKit's YAML form holds:
    ///
    /// ```yaml
    /// name: Sweet spot 3 × 10
    /// sport: cycling
    /// steps:
    ///   - warmup: 10min
    ///     ramp: 50%..75%
    ///   - repeat: 3
    ///     steps:
    ///       - name: Sweet spot
    ///         active: 10min
    ///         power: 88%..93%
    ///         cadence: 90
    ///       - recovery: 5min
    ///         power: 55%
    ///   - cooldown: 2km
    ///     heartRate: zone 1
    ///   - active: open
    /// ```
    ///
    /// A step's length is given under its intensity (`warmup`, `active`, `interval`, `rest`, `recovery`, `cooldown`,
    /// `other`) or as `time:`/`distance:`: a duration (`90s`, `10min`, `1:30:00`), a distance (`400m`, `2km`, `1mi`) or
    /// `open` (until the lap button). Targets: `power` (`250W`, `88%` of FTP, a band `88%..93%`, `zone 4`), `ramp`
    /// (power from..to), `heartRate` (`150`, `80%` of maximum, a band, `zone 2`), `cadence` (a band is the target; one
    /// number, beside another target, is a cadence to hold) and `speed` (`30km/h..32km/h`, `4:30/km..4:40/km`).
    ///
    /// - Throws: ``WorkoutPlanError`` with the line and column of what is wrong and what would be right.
    public static func readYAML(_ text: String) throws(WorkoutPlanError) -> WorkoutPlan {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw YAMLPlanReader.error(from: error)
        } catch {
            throw WorkoutPlanError(message: "not YAML: \(error)")
        }
        guard let root, let mapping = root.mapping else {
            throw WorkoutPlanError(message: "a plan is a mapping with `name:` and `steps:`", line: 1, column: 1,
                                   hint: "Start from the example in Scenarios/plans/README.md.")
        }
        return try YAMLPlanReader.plan(mapping, at: root)
    }

    /// The plan in OpenHealthKit's YAML form, which ``readYAML(_:)`` reads back to the same plan.
    public var yamlText: String {
        var lines = ["name: \(YAMLPlanReader.quoted(name))", "sport: \(YAMLPlanReader.sportName(sport))", "steps:"]
        func write(_ blocks: [Block], indent: String) {
            for block in blocks {
                switch block {
                case .step(let step):
                    var fields: [String] = []
                    if let name = step.name { fields.append("name: \(YAMLPlanReader.quoted(name))") }
                    let extent: String = switch step.extent {
                    case .time(let seconds): YAMLPlanReader.durationText(seconds)
                    case .distance(let meters): "\(YAMLPlanReader.number(meters))m"
                    case .open: "open"
                    }
                    fields.append("\(step.intensity.rawValue): \(extent)")
                    switch step.target {
                    case .none: break
                    case .power(let low, let high): fields.append("power: " + YAMLPlanReader.band(YAMLPlanReader.powerText(low), YAMLPlanReader.powerText(high)))
                    case .powerRamp(let from, let to): fields.append("ramp: \(YAMLPlanReader.powerText(from))..\(YAMLPlanReader.powerText(to))")
                    case .powerZone(let n): fields.append("power: zone \(n)")
                    case .heartRate(let low, let high):
                        fields.append("heartRate: " + YAMLPlanReader.band(YAMLPlanReader.heartRateText(low), YAMLPlanReader.heartRateText(high)))
                    case .heartRateZone(let n): fields.append("heartRate: zone \(n)")
                    case .cadence(let low, let high): fields.append("cadence: \(YAMLPlanReader.number(low))..\(YAMLPlanReader.number(high))")
                    case .speed(let low, let high): fields.append("speed: \(YAMLPlanReader.number(low))m/s..\(YAMLPlanReader.number(high))m/s")
                    }
                    if let cadence = step.cadence { fields.append("cadence: \(YAMLPlanReader.number(cadence))") }
                    if let notes = step.notes { fields.append("notes: \(YAMLPlanReader.quoted(notes))") }
                    lines.append(indent + "- " + fields[0])
                    lines += fields.dropFirst().map { indent + "  " + $0 }
                case .repeated(let times, let inner):
                    lines.append(indent + "- repeat: \(times)")
                    lines.append(indent + "  steps:")
                    write(inner, indent: indent + "    ")
                }
            }
        }
        write(blocks, indent: "  ")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reads the YAML form's nodes, with the place of each problem.
private enum YAMLPlanReader {
    static func error(from yaml: YamlError) -> WorkoutPlanError {
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let message = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return WorkoutPlanError(message: "not valid YAML: \(message)", line: mark.line, column: mark.column,
                                    hint: "Check the indentation and that every `key: value` pair has a space after the colon.")
        default:
            return WorkoutPlanError(message: "not valid YAML: \(yaml)")
        }
    }

    static func problem(_ message: String, at node: Node, hint: String? = nil) -> WorkoutPlanError {
        WorkoutPlanError(message: message, line: node.mark?.line, column: node.mark?.column, hint: hint)
    }

    static func plan(_ mapping: Node.Mapping, at root: Node) throws(WorkoutPlanError) -> WorkoutPlan {
        var name = "Workout", sport = ActivitySport.cycling, blocks: [WorkoutPlan.Block]?
        for (key, value) in mapping {
            switch key.string ?? "" {
            case "name": name = String((value.string ?? "").prefix(200))
            case "sport":
                guard let text = value.string, let known = ActivitySport.allCases.first(where: { sportName($0) == text.lowercased() }) else {
                    throw problem("`sport: \(value.string ?? "")` is not a sport", at: value, hint: "Use cycling, running, swimming, walking, rowing or generic.")
                }
                sport = known
            case "steps": blocks = try self.blocks(value, depth: 0)
            default:
                throw problem("`\(key.string ?? "")` is not a plan field", at: key, hint: "A plan has name, sport and steps.")
            }
        }
        guard let blocks, !blocks.isEmpty else { throw problem("the plan has no `steps:`", at: root, hint: "List its steps under `steps:`.") }
        return WorkoutPlan(name: name, sport: sport, blocks: blocks)
    }

    static func blocks(_ node: Node, depth: Int) throws(WorkoutPlanError) -> [WorkoutPlan.Block] {
        guard let sequence = node.sequence else { throw problem("`steps:` is a list of steps, each starting with `- `", at: node) }
        guard depth < 8 else { throw problem("repeats are nested more than 8 deep", at: node) }
        var blocks: [WorkoutPlan.Block] = []
        for item in sequence {
            guard let mapping = item.mapping else { throw problem("a step is a mapping, such as `- active: 10min`", at: item) }
            if let times = mapping["repeat"] {
                guard let count = times.string.flatMap({ Int($0) }), (1...1_000).contains(count) else {
                    throw problem("`repeat: \(times.string ?? "")` is not a count from 1 to 1,000", at: times)
                }
                guard let inner = mapping["steps"] else { throw problem("a `repeat:` needs its `steps:`", at: item) }
                for (key, _) in mapping where !["repeat", "steps"].contains(key.string ?? "") {
                    throw problem("`\(key.string ?? "")` does not belong in a repeat, which has only `repeat:` and `steps:`", at: key)
                }
                blocks.append(.repeated(times: count, try self.blocks(inner, depth: depth + 1)))
            } else {
                blocks.append(.step(try step(mapping, at: item)))
            }
        }
        return blocks
    }

    static func step(_ mapping: Node.Mapping, at node: Node) throws(WorkoutPlanError) -> WorkoutPlan.Step {
        var step = WorkoutPlan.Step(extent: .open)
        var sawExtent = false
        var power: WorkoutPlan.Target?, heartRate: WorkoutPlan.Target?, speed: WorkoutPlan.Target?
        var cadence: (low: Double, high: Double, node: Node)?
        for (key, value) in mapping {
            let field = key.string ?? ""
            let text = value.string ?? ""
            if let intensity = WorkoutPlan.Intensity(rawValue: field == "recover" ? "recovery" : field) {
                guard !sawExtent else { throw problem("the step's length is given twice", at: key) }
                step.intensity = intensity
                step.extent = try extent(text, at: value)
                sawExtent = true
                continue
            }
            switch field {
            case "time", "distance":
                guard !sawExtent else { throw problem("the step's length is given twice", at: key) }
                step.extent = try extent(text, at: value)
                sawExtent = true
            case "intensity":
                guard let intensity = WorkoutPlan.Intensity(rawValue: text) else {
                    throw problem("`intensity: \(text)` is not one of \(WorkoutPlan.Intensity.allCases.map(\.rawValue).joined(separator: ", "))", at: value)
                }
                step.intensity = intensity
            case "name": step.name = String(text.prefix(200))
            case "notes": step.notes = String(text.prefix(1_000))
            case "power":
                if let zone = try zone(text, at: value, count: 7) { power = .powerZone(zone) } else {
                    let (low, high) = try band(text, at: value, what: "power", read: powerLevel)
                    power = .power(low: low, high: high)
                }
            case "ramp":
                let (from, to) = try band(text, at: value, what: "ramp", read: powerLevel)
                guard text.contains("..") else { throw problem("`ramp: \(text)` needs where it starts and ends, such as 50%..75%", at: value) }
                power = .powerRamp(from: from, to: to)
            case "heartRate":
                if let zone = try zone(text, at: value, count: 5) { heartRate = .heartRateZone(zone) } else {
                    let (low, high) = try band(text, at: value, what: "heart rate", read: heartRateLevel)
                    heartRate = .heartRate(low: low, high: high)
                }
            case "cadence":
                let (low, high) = try band(text, at: value, what: "cadence") { text in
                    Double(text).flatMap { (0...250).contains($0) ? $0 : nil }
                }
                cadence = (low, high, value)
            case "speed":
                let (low, high) = try band(text, at: value, what: "speed") { text in
                    (UnitText.speed(text) ?? UnitText.pace(text)).flatMap { $0 > 0 && $0 < 100 ? $0 : nil }
                }
                speed = .speed(low: min(low, high), high: max(low, high))
            default:
                throw problem("`\(field)` is not a step field", at: key,
                              hint: "A step has its length (warmup, active, interval, rest, recovery, cooldown, other, time or distance), a target (power, ramp, heartRate, cadence, speed), name and notes.")
            }
        }
        guard sawExtent else {
            throw problem("the step has no length", at: node, hint: "Give one, such as `active: 10min`, `recovery: 400m` or `active: open`.")
        }
        let targets = [power, heartRate, speed].compactMap { $0 }
        guard targets.count <= 1 else { throw problem("a step aims at one of power, heart rate and speed, not \(targets.count)", at: node) }
        step.target = targets.first ?? .none
        if let cadence {
            if targets.isEmpty && cadence.low != cadence.high { step.target = .cadence(low: min(cadence.low, cadence.high), high: max(cadence.low, cadence.high)) }
            else if targets.isEmpty { step.target = .cadence(low: cadence.low - 5, high: cadence.high + 5) }
            else { step.cadence = (cadence.low + cadence.high) / 2 }
        }
        return step
    }

    static func extent(_ text: String, at node: Node) throws(WorkoutPlanError) -> WorkoutPlan.Extent {
        if ["open", "lap"].contains(text.lowercased()) { return .open }
        if text.hasSuffix("m") || text.hasSuffix("km") || text.hasSuffix("mi") || text.hasSuffix("yd"), !text.hasSuffix("min"),
           let meters = UnitText.distance(text), meters > 0, meters <= 1_000_000 {
            return .distance(meters)
        }
        if let seconds = UnitText.duration(text), seconds > 0, seconds <= 86_400 { return .time(seconds) }
        throw problem("`\(text)` is not a length of step", at: node, hint: "Use a duration (90s, 10min, 1:30:00), a distance (400m, 2km, 1mi) or open.")
    }

    static func zone(_ text: String, at node: Node, count: Int) throws(WorkoutPlanError) -> Int? {
        let words = text.lowercased().split(separator: " ")
        guard words.first == "zone" || words.first == "z" else { return nil }
        guard words.count == 2, let zone = Int(words[1]), (1...count).contains(zone) else {
            throw problem("`\(text)` is not a zone from 1 to \(count)", at: node)
        }
        return zone
    }

    static func band<Level>(_ text: String, at node: Node, what: String, read: (String) -> Level?) throws(WorkoutPlanError) -> (Level, Level) {
        let parts = text.replacingOccurrences(of: " ", with: "").components(separatedBy: "..")
        guard (1...2).contains(parts.count), let low = read(parts[0]), let high = read(parts.last!) else {
            throw problem("`\(text)` is not a \(what) or a band of them (low..high)", at: node,
                          hint: what == "power" || what == "ramp" ? "Write watts (250W) or a percentage of FTP (88%)."
                              : what == "heart rate" ? "Write beats per minute (150) or a percentage of the maximum (80%)." : nil)
        }
        return (low, high)
    }

    static func powerLevel(_ text: String) -> WorkoutPlan.Power? {
        if text.hasSuffix("%") { return Double(text.dropLast()).flatMap { (0...1_000).contains($0) ? .ftp($0 / 100) : nil } }
        return UnitText.power(text).flatMap { (0...3_000).contains($0) && text.lowercased().hasSuffix("w") ? .watts($0) : nil }
    }

    static func heartRateLevel(_ text: String) -> WorkoutPlan.HeartRate? {
        if text.hasSuffix("%") { return Double(text.dropLast()).flatMap { (0...100).contains($0) ? .maximum($0 / 100) : nil } }
        return UnitText.heartRate(text).flatMap { (20...250).contains($0) ? .bpm($0) : nil }
    }

    static func sportName(_ sport: ActivitySport) -> String {
        switch sport {
        case .crossCountrySkiing: "crossCountrySkiing"
        default: "\(sport)"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
    }

    static func durationText(_ seconds: Double) -> String {
        seconds.truncatingRemainder(dividingBy: 60) == 0 ? "\(number(seconds / 60))min" : "\(number(seconds))s"
    }

    static func powerText(_ level: WorkoutPlan.Power) -> String {
        switch level {
        case .ftp(let fraction): "\(number((fraction * 1_000).rounded() / 10))%"
        case .watts(let watts): "\(number(watts))W"
        }
    }

    static func heartRateText(_ level: WorkoutPlan.HeartRate) -> String {
        switch level {
        case .maximum(let fraction): "\(number((fraction * 1_000).rounded() / 10))%"
        case .bpm(let bpm): number(bpm)
        }
    }

    static func band(_ low: String, _ high: String) -> String { low == high ? low : "\(low)..\(high)" }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
