public import Foundation

extension WorkoutPlan {
    /// The plan a Zwift workout file (`.zwo`) holds: `SteadyState`, `Warmup`, `Cooldown`, `Ramp`, `IntervalsT`,
    /// `FreeRide` and `MaxEffort`, with power as a fraction of FTP and an optional `Cadence`.
    ///
    /// A `Warmup`, `Cooldown` or `Ramp` is a power ramp from `PowerLow` to `PowerHigh` (a cool-down's `PowerLow` is
    /// its start, as Zwift reads it); `IntervalsT` is a repeated block of its on and off steps; a `SteadyState`
    /// with `PowerLow` and `PowerHigh` instead of `Power` is a band. A run's power is read as a fraction of FTP too.
    ///
    /// - Throws: ``WorkoutPlanError`` with the line and column of what is wrong.
    public static func readZWO(_ data: Data) throws(WorkoutPlanError) -> WorkoutPlan {
        var handler = ZWOHandler()
        if let problem = XMLLocatedProblem.scan(data, into: &handler) {
            throw WorkoutPlanError(message: problem.message, line: problem.line, column: problem.column)
        }
        guard handler.sawRoot else {
            throw WorkoutPlanError(message: "this is not a Zwift workout: its root element is not <workout_file>", line: 1, column: 1)
        }
        guard !handler.blocks.isEmpty else {
            throw WorkoutPlanError(message: "the workout has no steps", hint: "Put SteadyState, Warmup, Ramp, IntervalsT or FreeRide elements in <workout>.")
        }
        return WorkoutPlan(name: handler.name ?? "Workout", sport: handler.sport, blocks: handler.blocks)
    }

    private struct ZWOHandler: XMLHandler {
        var name: String?
        var sport = ActivitySport.cycling
        var blocks: [Block] = []
        var path: [String] = []
        var sawRoot = false

        mutating func startElement(_ element: String, attributes: [(name: String, value: String)], offset: Int) throws(XMLProblem) {
            if path.isEmpty {
                guard element == "workout_file" else { throw XMLProblem("this is not a Zwift workout: its root element is <\(element)>, not <workout_file>", at: offset) }
                sawRoot = true
            }
            defer { path.append(element) }
            guard path.last == "workout" else { return }
            guard blocks.count < 10_000 else { throw XMLProblem("the workout holds more than 10,000 steps", at: offset) }
            func value(_ key: String) -> String? {
                attributes.first { $0.name.caseInsensitiveCompare(key) == .orderedSame }?.value
            }
            func number(_ key: String, within range: ClosedRange<Double>) throws(XMLProblem) -> Double? {
                guard let text = value(key) else { return nil }
                guard let number = Double(text.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
                    throw XMLProblem("<\(element) \(key)=\"\(text)\"> is not a number within \(Self.show(range.lowerBound))…\(Self.show(range.upperBound))", at: offset)
                }
                return number
            }
            func required(_ key: String, within range: ClosedRange<Double>) throws(XMLProblem) -> Double {
                guard let number = try number(key, within: range) else { throw XMLProblem("<\(element)> needs a \(key) attribute", at: offset) }
                return number
            }
            let seconds: ClosedRange<Double> = 0...86_400, power: ClosedRange<Double> = 0...10
            let cadence = try number("Cadence", within: 0...250)
            switch element.lowercased() {
            case "steadystate":
                let duration = try required("Duration", within: seconds)
                let target: Target
                if let level = try number("Power", within: power) {
                    target = .power(low: .ftp(level), high: .ftp(level))
                } else {
                    target = .power(low: .ftp(try required("PowerLow", within: power)), high: .ftp(try required("PowerHigh", within: power)))
                }
                let middle: Double = if case .power(.ftp(let a), .ftp(let b)) = target { (a + b) / 2 } else { 0 }
                blocks.append(.step(Step(intensity: middle < 0.6 ? .recovery : .active, extent: .time(duration), target: target, cadence: cadence)))
            case "warmup", "cooldown", "ramp":
                let duration = try required("Duration", within: seconds)
                let from = try required("PowerLow", within: power), to = try required("PowerHigh", within: power)
                let intensity: Intensity = switch element.lowercased() { case "warmup": .warmup; case "cooldown": .cooldown; default: .active }
                blocks.append(.step(Step(intensity: intensity, extent: .time(duration), target: .powerRamp(from: .ftp(from), to: .ftp(to)), cadence: cadence)))
            case "intervalst":
                let times = Int(try required("Repeat", within: 1...1_000))
                let on = try required("OnDuration", within: seconds), off = try required("OffDuration", within: seconds)
                let onPower = try required("OnPower", within: power), offPower = try required("OffPower", within: power)
                let resting = try number("CadenceResting", within: 0...250)
                blocks.append(.repeated(times: times, [
                    .step(Step(name: "On", intensity: .interval, extent: .time(on), target: .power(low: .ftp(onPower), high: .ftp(onPower)), cadence: cadence)),
                    .step(Step(name: "Off", intensity: .recovery, extent: .time(off), target: .power(low: .ftp(offPower), high: .ftp(offPower)), cadence: resting)),
                ]))
            case "freeride":
                blocks.append(.step(Step(name: "Free ride", extent: .time(try required("Duration", within: seconds)), cadence: cadence)))
            case "maxeffort":
                blocks.append(.step(Step(name: "Max effort", intensity: .interval, extent: .time(try required("Duration", within: seconds)))))
            case "textevent", "textnotification":
                break
            default:
                throw XMLProblem("<\(element)> is not a step Zwift knows (SteadyState, Warmup, Cooldown, Ramp, IntervalsT, FreeRide, MaxEffort)", at: offset)
            }
        }

        mutating func endElement(_ element: String) throws(XMLProblem) { path.removeLast() }

        mutating func text(_ text: String, offset: Int) throws(XMLProblem) {
            guard path.count == 2 else { return }
            switch path.last {
            case "name": name = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
            case "sportType": sport = text.trimmingCharacters(in: .whitespaces).lowercased() == "run" ? .running : .cycling
            default: break
            }
        }

        static func show(_ value: Double) -> String { Int(exactly: value).map(String.init) ?? String(value) }
    }
}
