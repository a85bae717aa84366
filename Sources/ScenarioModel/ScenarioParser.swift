package import CourseGuidance
import PlanGuidance
import WorkoutFormats
public import Foundation
package import HealthKitModel
import Yams

extension Scenario {
    /// Reads a scenario file.
    ///
    /// - Throws: ``ScenarioError`` with `file:line:column`, what was expected,
    ///   and a "did you mean" for near misses. Nothing is half-read.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let text: String
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > ScenarioLimits.maximumFileBytes {
            throw ScenarioError(file: url.path, line: 0, column: 0,
                                message: "the file is \(Self.megabytes(size)), and scenario files are at most \(Self.megabytes(ScenarioLimits.maximumFileBytes))",
                                hint: "A scenario describes a workout in a few steps (`move: {duration: 12h, …}`), not reading by reading; replay a recorded file with `workout replay FILE`.")
        }
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ScenarioError(file: url.path, line: 0, column: 0, message: "cannot read the scenario: \(error.localizedDescription)",
                                hint: "Check the path; shipped scenarios are in Scenarios/.")
        }
        try self.init(yaml: text, file: url.path, directory: url.deletingLastPathComponent())
    }

    /// Reads a scenario from YAML text; `file` names it in errors and
    /// `directory` is where route files are looked up.
    public init(yaml text: String, file: String = "<scenario>", directory: URL? = nil) throws(ScenarioError) {
        guard text.utf8.count <= ScenarioLimits.maximumFileBytes else {
            throw ScenarioError(file: file, line: 0, column: 0,
                                message: "the scenario is \(Self.megabytes(text.utf8.count)), and scenarios are at most \(Self.megabytes(ScenarioLimits.maximumFileBytes))")
        }
        self = try ScenarioParser(directory: directory).scenario(from: YAMLValue.parse(text, file: file))
    }
}

extension Scenario {
    package static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

/// Turns a YAML tree into a ``Scenario``, checking every key and value.
package struct ScenarioParser {
    package let directory: URL?

    package static let topKeys = ["name", "activity", "location", "start", "seed", "athlete", "route", "sensors", "timeline", "faults", "expect", "workout", "course"]

    package func scenario(from root: YAMLValue) throws(ScenarioError) -> Scenario {
        let top = try root.mapping("a scenario", allowed: Self.topKeys)
        let activityValue = try top.required("activity")
        let activity = try Self.activityType(activityValue)
        let location = try top["location"].read { v throws(ScenarioError) in try Self.locationType(v) } ?? .outdoor
        let start = try top["start"].read { v throws(ScenarioError) in
            try v.parsed("a start time", example: "2026-05-02T07:30:00Z") { try? Date($0, strategy: .iso8601) }
        } ?? Date(timeIntervalSince1970: 1_777_708_800) // 2026-05-02T08:00:00Z
        let seed = try top["seed"].read { v throws(ScenarioError) in
            try v.parsed("a seed (a whole number ≥ 0)", example: "42") { UInt64($0) }
        } ?? 1
        let athlete = try top["athlete"].read { v throws(ScenarioError) in try Self.athlete(v) }
        let course = try top["course"].read { v throws(ScenarioError) in try readCourse(v) }
        // The course is the route, unless the scenario gives one (to ride off it, say).
        let route = try top["route"].read { v throws(ScenarioError) in try readRoute(v) }
            ?? course.flatMap { course in ScenarioRoute(points: course.points.map { ScenarioRoute.Point(latitude: $0.latitude, longitude: $0.longitude, elevation: $0.altitude ?? 0) }) }
        let sensors = try Self.sensors(top["sensors"], indoor: location == .indoor)
        let plan = try top["workout"].read { v throws(ScenarioError) in try readPlan(v, athlete: athlete) }
        let timelineValue = try top.required("timeline")
        var random = ScenarioRandom(seed: seed ^ 0x706C_616E)
        let planTimeline = plan?.timeline(functionalThresholdPower: (athlete ?? .assumed).assumedFunctionalThresholdPower, random: &random)
        let timeline = try Self.timeline(timelineValue, multisport: activity == .swimBikeRun, plan: planTimeline)
        if sensors.gps != nil, location != .indoor, route == nil, timeline.contains(where: { if case .move = $0 { true } else { false } }) {
            throw activityValue.error("an outdoor scenario with GPS needs a route", hint: "Add `route:` with `loop:`, `waypoints:` or `file:`, or a `course:`, or set `location: indoor`.")
        }
        for key in ["faults", "expect"] {
            if let value = top[key], case .sequence(let items) = value.node, items.count > ScenarioLimits.maximumFaults {
                throw value.error("`\(key)` has \(items.count) entries, and it has at most \(ScenarioLimits.maximumFaults)")
            }
        }
        let faults = try top["faults"].read { v throws(ScenarioError) in try Self.faults(v) } ?? []
        let expectations = try top["expect"].read { v throws(ScenarioError) in try Self.expectations(v) } ?? []
        let name = try top["name"].read { v throws(ScenarioError) in try v.scalar("a name") } ?? URL(fileURLWithPath: root.file).deletingPathExtension().lastPathComponent
        let scenario = Scenario(name: name, activity: activity, location: location, start: start, seed: seed, athlete: athlete, route: route,
                                sensors: sensors, timeline: timeline, faults: faults, expectations: expectations, plan: plan, course: course, file: root.file)
        let estimate = ScenarioSimulation(scenario: scenario).estimatedDuration
        guard estimate <= ScenarioLimits.maximumDuration else {
            throw timelineValue.error(String(format: "the timeline lasts about %.0f days, and a scenario lasts at most %.0f days",
                                             estimate / 86_400, ScenarioLimits.maximumDuration / 86_400),
                                      hint: "Durations and distances add up (distances at their slower target); shorten the longest steps.")
        }
        return scenario
    }

    /// `course: FILE`: a GPX, TCX or FIT course (or any activity's track), relative to the scenario's file.
    package func readCourse(_ value: YAMLValue) throws(ScenarioError) -> Course {
        let path = try value.scalar("a course file path")
        do {
            return try Course(contentsOf: URL(fileURLWithPath: path, relativeTo: directory))
        } catch {
            throw value.error("course file \(error.description)", hint: "The path is relative to the scenario's folder; a course is a GPX, TCX or FIT file.")
        }
    }

    /// `workout: {plan: FILE, lag: 3s, error: 2%, openSteps: 1min}`: the plan read from its file (relative to the
    /// scenario's), its targets worked out for the athlete.
    package func readPlan(_ value: YAMLValue, athlete: AthleteProfile?) throws(ScenarioError) -> ScenarioPlan {
        let map = try value.mapping("workout", allowed: ["plan", "lag", "error", "openSteps"])
        let fileValue = try map.required("plan")
        let path = try fileValue.scalar("a plan file path")
        let url = URL(fileURLWithPath: path, relativeTo: directory)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw fileValue.error("no plan file at \(url.path)", hint: "The path is relative to the scenario's folder.")
        }
        let plan: WorkoutPlan
        do {
            plan = try WorkoutPlan.read(data, fileExtension: url.pathExtension)
        } catch {
            throw fileValue.error("plan file \(path): \(error)")
        }
        let steps: [GuidedStep]
        do {
            steps = try GuidedStep.steps(of: plan, for: PlanAthlete(profile: athlete ?? .assumed))
        } catch {
            throw fileValue.error("plan file \(path): \(error.description)", hint: "Give the athlete what the plan's targets need: `athlete: {ftp: 250, maxHeartRate: 190, …}`.")
        }
        let lag = try map["lag"]?.duration("a lag") ?? 3
        let error = try map["error"].read { v throws(ScenarioError) in
            try v.parsed("an error, such as 3%", example: "3%") { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), (0...50).contains(percent) else { return nil }
                return percent / 100
            }
        } ?? 0
        let open = try map["openSteps"]?.duration("how long an open step is ridden") ?? 60
        return ScenarioPlan(plan: plan, steps: steps, lag: lag, error: error, openSeconds: open, file: path)
    }

    package static func activityType(_ value: YAMLValue) throws(ScenarioError) -> HKWorkoutActivityType {
        let name = try value.scalar("an activity")
        guard let type = HKWorkoutActivityType(name: name) else {
            let hint = closestMatch(to: name, in: HKWorkoutActivityType.allCases.map(\.name)).map { "Did you mean '\($0)'?" }
                ?? "Activities are HealthKit's names: running, cycling, walking, hiking, swimming, swimBikeRun, …"
            throw value.error("unknown activity '\(name)'", hint: hint)
        }
        return type
    }

    package static func locationType(_ value: YAMLValue) throws(ScenarioError) -> HKWorkoutSessionLocationType {
        switch try value.choice("a location", among: ["outdoor", "indoor", "unknown"]) {
        case "indoor": .indoor
        case "unknown": .unknown
        default: .outdoor
        }
    }

    package static func athlete(_ value: YAMLValue) throws(ScenarioError) -> AthleteProfile {
        let map = try value.mapping("athlete", allowed: ["age", "sex", "mass", "height", "maxHeartRate", "restingHeartRate", "ftp",
                                                                "lactateThresholdHeartRate", "zones", "wheel", "cp", "wPrime"])
        let sex: AthleteProfile.Sex = try map.required("sex").choice("a sex", among: ["female", "male"]) == "female" ? .female : .male
        var zoneModel = HeartRateZoneModel.percentOfMaximum
        if let zones = map["zones"] {
            zoneModel = HeartRateZoneModel(rawValue: try zones.choice("a heart-rate zone model", among: HeartRateZoneModel.allCases.map(\.rawValue)))!
        }
        var wheel: Double?
        if let value = map["wheel"] { wheel = try value.number("a wheel circumference in millimetres (2105 for 700×25c)", in: 500...4_000) / 1_000 }
        return AthleteProfile(sex: sex, age: try map.required("age").number("an age in years", in: 5...110),
                              massKilograms: try map.required("mass").number("a mass in kilograms", in: 20...300),
                              heightCentimeters: try map["height"]?.number("a height in centimetres", in: 100...250) ?? 175,
                              maximumHeartRate: try map["maxHeartRate"]?.number("a maximum heart rate in bpm", in: 100...230),
                              restingHeartRate: try map["restingHeartRate"]?.number("a resting heart rate in bpm", in: 30...110),
                              functionalThresholdPower: try map["ftp"]?.number("an FTP in watts", in: 50...600),
                              lactateThresholdHeartRate: try map["lactateThresholdHeartRate"]?.number("a lactate-threshold heart rate in bpm", in: 80...220),
                              zoneModel: zoneModel,
                              wheelCircumference: wheel,
                              criticalPower: try map["cp"]?.number("a critical power in watts", in: 50...600),
                              wPrime: try map["wPrime"]?.number("a W′ in joules (20000 for 20 kJ)", in: 2_000...80_000))
    }

    package func readRoute(_ value: YAMLValue) throws(ScenarioError) -> ScenarioRoute {
        let map = try value.mapping("route", allowed: ["waypoints", "loop", "file"])
        guard map.entries.count == 1 else {
            throw value.error("a route is exactly one of `waypoints`, `loop` or `file`", hint: "Found: \(map.names.joined(separator: ", ")).")
        }
        if let file = map["file"] {
            let path = try file.scalar("a GPX file path")
            let url = URL(fileURLWithPath: path, relativeTo: directory)
            guard url.pathExtension.lowercased() == "gpx" else {
                throw file.error("route files are GPX for now", hint: "Convert FIT or TCX to GPX (gpsbabel), or list `waypoints:`.")
            }
            do { return try ScenarioRoute.gpx(contentsOf: url) } catch {
                throw file.error("route file \(path): \(error.message)" + (error.line > 0 ? " (at \(error.line):\(error.column))" : ""), hint: error.hint)
            }
        }
        if let loop = map["loop"] {
            let loopMap = try loop.mapping("a loop", allowed: ["center", "length", "climb"])
            let center = try Self.point(try loopMap.required("center"))
            let length = try loopMap.required("length").distance("a loop length")
            guard length >= 50 else { throw loop.error("a loop must be at least 50 m long, found \(format(length)) m") }
            let climb = try loopMap["climb"]?.distance("a climb per lap") ?? 0
            return ScenarioRoute.loop(center: center, length: length, climb: climb)!
        }
        let waypoints = try map.required("waypoints")
        let points = try waypoints.list("waypoints").map { v throws(ScenarioError) in try Self.point(v) }
        guard let route = ScenarioRoute(points: points) else {
            throw waypoints.error("waypoints need at least two distinct points", hint: "Write each as [latitude, longitude] or [latitude, longitude, elevation].")
        }
        return route
    }

    package static func point(_ value: YAMLValue) throws(ScenarioError) -> ScenarioRoute.Point {
        let items = try value.list("a point [latitude, longitude, elevation]")
        guard (2...3).contains(items.count) else {
            throw value.error("a point is [latitude, longitude] or [latitude, longitude, elevation], found \(items.count) numbers")
        }
        return ScenarioRoute.Point(latitude: try items[0].number("a latitude", in: -90...90), longitude: try items[1].number("a longitude", in: -180...180),
                                   elevation: items.count == 3 ? try items[2].number("an elevation in metres", in: -500...9000) : 0)
    }

    package static func sensors(_ value: YAMLValue?, indoor: Bool) throws(ScenarioError) -> ScenarioSensors {
        var sensors = ScenarioSensors(gps: indoor ? nil : ScenarioSensors.GPS())
        guard let value else { return sensors }
        let map = try value.mapping("sensors", allowed: ["gps", "heartRate", "power", "cadence", "footpod"])
        if let gps = map["gps"] {
            if try isOff(gps) { sensors.gps = nil } else {
                let m = try gps.mapping("gps", allowed: ["rate", "noise", "accuracy", "verticalNoise", "dropout"])
                var model = ScenarioSensors.GPS()
                model.rate = try m["rate"]?.number("a fix rate in Hz", in: 0.2...10) ?? model.rate
                model.noise = try m["noise"]?.number("a position noise in metres", in: 0...100) ?? model.noise
                model.accuracy = try m["accuracy"]?.number("an accuracy in metres", in: 0.5...200) ?? model.accuracy
                model.verticalNoise = try m["verticalNoise"]?.number("an altitude noise in metres", in: 0...100) ?? model.verticalNoise
                model.dropout = try m["dropout"]?.number("a dropout probability", in: 0...0.9) ?? model.dropout
                sensors.gps = model
            }
        }
        if let strap = map["heartRate"] {
            if try isOff(strap) { sensors.heartRate = nil } else {
                let m = try strap.mapping("heartRate", allowed: ["riseTime", "fallTime", "drift", "noise", "rr", "energy"])
                var model = ScenarioSensors.HeartRate()
                model.riseTime = try m["riseTime"]?.duration("a rise time") ?? model.riseTime
                model.fallTime = try m["fallTime"]?.duration("a fall time") ?? model.fallTime
                model.drift = try m["drift"]?.number("a drift in bpm per hour", in: 0...30) ?? model.drift
                model.noise = try m["noise"]?.number("a noise in bpm", in: 0...20) ?? model.noise
                model.rrIntervals = try m["rr"]?.bool("whether RR intervals are sent") ?? model.rrIntervals
                model.energyField = try m["energy"]?.bool("whether the strap reports energy") ?? model.energyField
                guard model.riseTime > 0, model.fallTime > 0 else { throw strap.error("rise and fall times must be above zero") }
                sensors.heartRate = model
            }
        }
        if let power = map["power"] {
            sensors.powerNoise = try isOff(power) ? nil : try power.mapping("power", allowed: ["noise"])["noise"]?.number("a power noise in watts", in: 0...100) ?? 3
        }
        if let cadence = map["cadence"] {
            sensors.cadenceNoise = try isOff(cadence) ? nil : try cadence.mapping("cadence", allowed: ["noise"])["noise"]?.number("a cadence noise", in: 0...30) ?? 1
        }
        if let footpod = map["footpod"] { sensors.footpod = try footpod.bool("whether a footpod is worn") }
        return sensors
    }

    /// Whether a sensor is switched off with `off`, `none` or `false`.
    private static func isOff(_ value: YAMLValue) throws(ScenarioError) -> Bool {
        guard case .scalar(let scalar) = value.node else { return false }
        return ["off", "none", "false", "no"].contains(scalar.string.lowercased())
    }

    package static let actions = ["prepare", "start", "pause", "resume", "lap", "marker", "segment", "activity", "stop", "end", "move", "rest", "workout", "uTurn", "detour"]

    package static func timeline(_ value: YAMLValue, multisport: Bool, plan: [ScenarioStep]? = nil) throws(ScenarioError) -> [ScenarioStep] {
        let items = try value.list("a timeline")
        guard !items.isEmpty else { throw value.error("the timeline is empty", hint: "Start with `- start`, move, then `- stop` and `- end`.") }
        guard items.count <= ScenarioLimits.maximumSteps else {
            throw value.error("the timeline has \(items.count) steps, and a timeline has at most \(ScenarioLimits.maximumSteps)",
                              hint: "Join repeated steps into longer ones: one `move` can last hours.")
        }
        var steps: [ScenarioStep] = []
        var started = false, stopped = false, ended = false, rodePlan = false
        for item in items {
            let (name, argument, at) = try Self.stepName(item)
            if ended { throw at.error("'\(name)' comes after `end`; nothing happens after the session ends") }
            if name == "workout" {
                guard let plan else { throw at.error("`- workout` rides the scenario's structured workout, and it has none", hint: "Add `workout: {plan: plans/NAME.yaml}` at the top.") }
                if rodePlan { throw at.error("the workout is ridden twice; a scenario rides it once") }
                if !started || stopped { throw at.error("`- workout` is ridden while the session runs, between `start` and `stop`") }
                rodePlan = true
                steps += plan
                continue
            }
            let step: ScenarioStep
            switch name {
            case "prepare":
                if started { throw at.error("`prepare` must come before `start`") }
                step = .prepare(countdown: try argument.read { a throws(ScenarioError) in
                    try a.mapping("prepare", allowed: ["countdown"])["countdown"]?.duration("a countdown") ?? 3
                } ?? 3)
            case "start":
                if started { throw at.error("the session is started twice") }
                started = true
                step = .start
            case "pause": step = .pause
            case "resume": step = .resume
            case "lap": step = .lap
            case "marker": step = .marker(try argument?.scalar("a marker name"))
            case "segment": step = .segment(try argument?.scalar("a segment name"))
            case "activity":
                guard let argument else { throw at.error("`activity` needs a type, such as `activity: cycling`") }
                if !multisport { throw at.error("new activities need a multisport workout", hint: "Set `activity: swimBikeRun` at the top.") }
                if case .mapping = argument.node {
                    let m = try argument.mapping("activity", allowed: ["type", "location"])
                    step = .activity(try activityType(try m.required("type")), try m["location"].read { v throws(ScenarioError) in try locationType(v) } ?? .outdoor)
                } else {
                    step = .activity(try activityType(argument), .outdoor)
                }
            case "stop":
                if !started { throw at.error("`stop` comes before `start`") }
                stopped = true
                step = .stop
            case "end":
                ended = true
                step = .end
            case "uTurn":
                if !started || stopped { throw at.error("`uTurn` comes while the session runs, between `start` and `stop`") }
                step = .uTurn
            case "detour":
                guard let argument else { throw at.error("`detour` needs how far off and a target, such as `detour: {off: 200m, speed: 15km/h}`") }
                step = .move(try detour(argument))
            case "rest":
                guard let argument else { throw at.error("`rest` needs a duration, such as `rest: 40s`") }
                step = .move(ScenarioMovement(extent: .duration(try argument.duration("a rest duration")), target: .speed(0)))
            default:
                guard let argument else { throw at.error("`move` needs a duration or distance and a target") }
                step = .move(try movement(argument))
            }
            if stopped, [ScenarioStep.pause, .resume, .lap].contains(step) {
                throw at.error("'\(name)' comes after `stop`")
            }
            steps.append(step)
        }
        return steps
    }

    /// A step's name, its argument, and the node to blame.
    private static func stepName(_ item: YAMLValue) throws(ScenarioError) -> (String, YAMLValue?, YAMLValue) {
        switch item.node {
        case .scalar(let scalar):
            let name = scalar.string
            guard actions.contains(name) else { throw unknownStep(name, at: item) }
            return (name, nil, item)
        case .mapping(let mapping) where mapping.count == 1:
            let (key, value) = mapping.first!
            let keyValue = YAMLValue(node: key, file: item.file)
            let name = try keyValue.scalar("a step name")
            guard actions.contains(name) else { throw unknownStep(name, at: keyValue) }
            return (name, YAMLValue(node: value, file: item.file), keyValue)
        default:
            throw item.error("a timeline step is a name (`- start`) or one `name: argument` pair (`- move: {duration: 5m, pace: 5:00/km}`), found \(item.kind)")
        }
    }

    private static func unknownStep(_ name: String, at value: YAMLValue) -> ScenarioError {
        value.error("unknown timeline step '\(name)'",
                    hint: closestMatch(to: name, in: actions).map { "Did you mean '\($0)'?" } ?? "Steps: \(actions.joined(separator: ", ")).")
    }

    package static func movement(_ value: YAMLValue) throws(ScenarioError) -> ScenarioMovement {
        let map = try value.mapping("move", allowed: ["duration", "distance", "speed", "pace", "power", "heartRate", "to", "cadence"])
        let extent: ScenarioMovement.Extent
        switch (map["duration"], map["distance"]) {
        case (let d?, nil): extent = .duration(try d.duration())
        case (nil, let d?): extent = .distance(try d.distance())
        case (_?, _?): throw value.error("a move has a `duration` or a `distance`, not both")
        case (nil, nil): throw value.error("a move needs a `duration` or a `distance`")
        }
        let targets = map.entries.filter { ["speed", "pace", "power", "heartRate"].contains($0.name) }
        guard targets.count == 1 else {
            throw value.error(targets.isEmpty ? "a move needs a target: `speed`, `pace`, `power` or `heartRate`"
                                              : "a move has one target, found \(targets.map(\.name).joined(separator: " and "))")
        }
        let target = try Self.target(targets[0].name, targets[0].value)
        let ramp = try map["to"].read { v throws(ScenarioError) in try Self.target(targets[0].name, v) }
        if case .distance(let meters) = extent {
            guard meters > 0 else { throw value.error("a move by distance needs a distance above zero") }
            if case .speed(let speed) = target, speed <= 0, (ramp.map { if case .speed(let s) = $0 { s <= 0 } else { true } } ?? true) {
                throw value.error("a move by distance needs a speed above zero", hint: "Use `duration:` to stand still.")
            }
            if case .heartRate = target { throw value.error("a move by distance needs a speed, pace or power target") }
            // A ramp by distance starts at its first target: from zero it would never cover the first metre.
            for end in [target] + (ramp.map { [$0] } ?? []) {
                switch end {
                case .speed(let speed) where speed <= 0, .power(let speed) where speed <= 0:
                    throw value.error("a move by distance needs a speed or power above zero at its start and its end", hint: "Use `duration:` to start from a standstill.")
                default: break
                }
            }
        }
        let cadence = try map["cadence"]?.number("a cadence per minute", in: 0...250)
        return ScenarioMovement(extent: extent, target: target, rampTo: ramp, cadence: cadence)
    }

    /// `detour: {off: 200m, speed: 15km/h}`: out to the route's right and back, at a speed, pace or power.
    package static func detour(_ value: YAMLValue) throws(ScenarioError) -> ScenarioMovement {
        let map = try value.mapping("detour", allowed: ["off", "speed", "pace", "power"])
        let off = try map.required("off").distance("how far off the route")
        guard off >= 1, off <= 50_000 else { throw value.error("a detour goes 1 m to 50 km off the route, found \(format(off)) m") }
        let targets = map.entries.filter { ["speed", "pace", "power"].contains($0.name) }
        guard targets.count == 1 else {
            throw value.error(targets.isEmpty ? "a detour needs a target: `speed`, `pace` or `power`" : "a detour has one target, found \(targets.map(\.name).joined(separator: " and "))")
        }
        let target = try Self.target(targets[0].name, targets[0].value)
        switch target {
        case .speed(let v) where v <= 0, .power(let v) where v <= 0: throw value.error("a detour needs a speed or power above zero")
        default: break
        }
        var movement = ScenarioMovement(extent: .distance(2 * off), target: target)
        movement.detour = off
        return movement
    }

    private static func target(_ name: String, _ value: YAMLValue) throws(ScenarioError) -> ScenarioMovement.Target {
        switch name {
        case "speed": return .speed(try value.speed())
        case "pace": return .speed(try value.pace())
        case "power": return .power(try value.parsed("a power", example: "200W", UnitText.power))
        default: return .heartRate(try value.parsed("a heart rate", example: "150bpm", UnitText.heartRate))
        }
    }
}

extension Optional where Wrapped == YAMLValue {
    /// Reads the value with `body` when it is present.
    package func read<T>(_ body: (YAMLValue) throws(ScenarioError) -> T) throws(ScenarioError) -> T? {
        guard let self else { return nil }
        return try body(self)
    }
}
