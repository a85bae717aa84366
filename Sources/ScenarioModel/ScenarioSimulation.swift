import GATT
import TrainingMetrics
public import Foundation
package import HealthKitModel

/// Plays a scenario's timeline tick by tick: the athlete's movement along the
/// route, the body's heart rate, the sensors' readings and faults.
///
/// Pure and deterministic: it reads no clock and takes its randomness from the
/// scenario's seed. ``ScenarioRunner`` feeds its ticks to a session and builder;
/// `workout simulate` turns them into NMEA and strap byte streams.
public struct ScenarioSimulation: Sendable, IteratorProtocol {
    /// The scenario being played.
    public let scenario: Scenario
    /// Seconds per tick.
    public let tickLength: TimeInterval
    private let fixEvery: Int

    private var random: ScenarioRandom
    private var steps: [ScenarioStep]
    /// The activity in progress: the scenario's, or a multisport leg's.
    private var activity: HKWorkoutActivityType
    private var stepIndex = 0
    private var stepStart = (time: 0.0, distance: 0.0)
    private var tickCount = 0
    private var time = 0.0
    private var distance = 0.0
    /// Where the athlete is along the route, and which way they ride it (1 onward, −1 after a U-turn).
    private var along = 0.0
    private var direction = 1.0
    /// Metres covered in the detour under way, and how far off the route that puts the athlete.
    private var detoured = 0.0
    private var lateral = 0.0
    private var speed = 0.0
    private var heartRate: Double
    private var activeSeconds = 0.0
    private var intensity = 0.0
    private var nextBeat = 0.0
    private var pendingBeats: [UInt16] = []
    private var energyKilojoules = 0.0
    private var positionError = (north: 0.0, east: 0.0, up: 0.0)
    private var clockOffset = 0.0
    private var lastHeartTime = -1.0
    private var activeFaults: Set<Int> = []
    private var finished = false

    private let profile: AthleteProfile
    private let maximum: Double
    private let resting: Double

    /// Starts playing `scenario`.
    public init(scenario: Scenario) {
        self.scenario = scenario
        let rate = scenario.isOutdoor ? scenario.sensors.gps?.rate ?? 1 : 1
        tickLength = rate > 1 ? 1 / rate.rounded() : 1
        fixEvery = rate >= 1 ? 1 : Int((1 / rate).rounded())
        random = ScenarioRandom(seed: scenario.seed)
        steps = scenario.timeline
        activity = scenario.activity
        profile = scenario.athlete ?? .assumed
        maximum = profile.estimatedMaximumHeartRate
        resting = profile.restingHeartRate ?? 60
        heartRate = resting + 0.1 * (maximum - resting)
    }

    /// The ground-truth timeline length is unknown ahead for steps by distance;
    /// this estimate, in seconds, drives progress bars.
    public var estimatedDuration: TimeInterval {
        var total = 0.0, speed = 0.0
        for step in scenario.timeline {
            switch step {
            case .prepare(let countdown): total += countdown
            case .move(let movement):
                func speedOf(_ target: ScenarioMovement.Target, otherwise: Double) -> Double {
                    switch target {
                    case .speed(let s): s
                    case .power(let watts): Self.speed(forPower: watts, activity: scenario.activity, mass: profile.massKilograms, grade: 0)
                    case .heartRate: otherwise
                    }
                }
                speed = speedOf(movement.target, otherwise: speed)
                // A ramp by distance runs at least as slowly as its slower end.
                let slower = min(speed, movement.rampTo.map { speedOf($0, otherwise: speed) } ?? speed)
                switch movement.extent {
                case .duration(let seconds): total += seconds
                case .distance(let meters): total += meters / max(slower, 1e-3)
                }
                speed = movement.rampTo.map { speedOf($0, otherwise: speed) } ?? speed
            default: break
            }
        }
        return total
    }

    /// The next tick, or `nil` once the timeline is over.
    public mutating func next() -> ScenarioTick? {
        guard !finished else { return nil }
        var tick = ScenarioTick(time: time, clockOffset: clockOffset, distance: distance, speed: speed)
        // Instant steps happen now; a movement step owns the ticks until it is done.
        var movement: ScenarioMovement?
        while stepIndex < steps.count {
            let step = steps[stepIndex]
            if case .move(let move) = step {
                if isDone(move) {
                    detoured = 0
                    lateral = 0
                    stepIndex += 1
                    stepStart = (time, distance)
                    continue
                }
                movement = move
                break
            }
            if case .prepare(let countdown) = step, countdown > 0 {
                // The countdown passes as standing time before the next step.
                tick.actions.append(step)
                stepIndex += 1
                stepStart = (time, distance)
                steps.insert(.move(ScenarioMovement(extent: .duration(countdown), target: .speed(0))), at: stepIndex)
                continue
            }
            if case .activity(let type, _) = step { activity = type }
            if case .uTurn = step { direction = -direction }
            tick.actions.append(step)
            stepIndex += 1
            stepStart = (time, distance)
        }
        guard let movement else {
            finished = true
            return tick.actions.isEmpty ? nil : tick
        }
        advance(through: movement, into: &tick)
        return tick
    }

    private func isDone(_ move: ScenarioMovement) -> Bool {
        // A hard stop beyond the parser's estimate (a power target up a wall can be slower than on the flat).
        if time >= 2 * ScenarioLimits.maximumDuration { return true }
        return switch move.extent {
        case .duration(let seconds): time - stepStart.time >= seconds - 1e-9
        case .distance(let meters): distance - stepStart.distance >= meters - 1e-9
        }
    }

    /// The step's target at this point of the step, ramps interpolated.
    private func target(of move: ScenarioMovement) -> ScenarioMovement.Target {
        guard let end = move.rampTo else { return move.target }
        let fraction: Double = switch move.extent {
        case .duration(let seconds): seconds > 0 ? (time - stepStart.time) / seconds : 1
        case .distance(let meters): (distance - stepStart.distance) / meters
        }
        let f = min(max(fraction, 0), 1)
        switch (move.target, end) {
        case (.speed(let a), .speed(let b)): return .speed(a + (b - a) * f)
        case (.power(let a), .power(let b)): return .power(a + (b - a) * f)
        case (.heartRate(let a), .heartRate(let b)): return .heartRate(a + (b - a) * f)
        default: return move.target
        }
    }

    private mutating func advance(through move: ScenarioMovement, into tick: inout ScenarioTick) {
        let dt = tickLength
        if move.startsPlan, time == stepStart.time { tick.startsPlan = true }
        let place = scenario.route.map { here(on: $0) }
        let grade = place?.grade ?? 0
        // Speed and power the athlete aims at.
        var power: Double?
        var targetSpeed = speed
        var heartRateTarget: Double?
        switch target(of: move) {
        case .speed(let s): targetSpeed = s
        case .power(let watts):
            power = watts
            targetSpeed = Self.speed(forPower: watts, activity: activity, mass: profile.massKilograms, grade: grade)
        case .heartRate(let bpm): heartRateTarget = bpm
        }
        // Accelerate at most 1 m/s² and brake at most 2 m/s², as people do.
        let change = targetSpeed - speed
        speed = max(0, speed + min(max(change, -2 * dt), 1 * dt))
        let covered = speed * dt
        distance += covered
        if let off = move.detour {
            // Out to the right of the route and back, making no way along it.
            detoured += covered
            lateral = max(0, off - abs(off - detoured))
        } else {
            along = max(0, along + direction * covered)
        }
        time += dt
        tickCount += 1
        if power == nil, scenario.sensors.powerNoise != nil {
            power = Self.power(forSpeed: speed, activity: activity, mass: profile.massKilograms, grade: grade)
        }
        // The body: a lagged response to effort, with drift over time.
        intensity = heartRateTarget.map { ($0 - resting) / (maximum - resting) } ?? effort(speed: speed, grade: grade, power: power)
        if speed > 0.3 || (power ?? 0) > 20 { activeSeconds += dt }
        let drift = (scenario.sensors.heartRate?.drift ?? 4) * activeSeconds / 3600 * min(max(intensity, 0), 1)
        let goal = min(max(resting + intensity * (maximum - resting) + drift, resting - 5), maximum)
        let constant = goal > heartRate ? (scenario.sensors.heartRate?.riseTime ?? 25) : (scenario.sensors.heartRate?.fallTime ?? 45)
        heartRate += (goal - heartRate) * (1 - exp(-dt / constant))
        if let model = scenario.sensors.heartRate {
            // Energy from Keytel while moving, basal-ish when standing, for the strap's field.
            energyKilojoules += max(EnergyModels.keytelKilocaloriesPerMinute(heartRate: heartRate, profile: profile), 1.2) * dt / 60 * 4.184
            // Beats: intervals from the current rate, with a little variability.
            while nextBeat <= time {
                let interval = 60 / heartRate * (1 + 0.03 * random.gaussian())
                nextBeat += max(0.25, interval)
                if model.rrIntervals { pendingBeats.append(UInt16(clamping: Int((max(0.25, interval) * 1024).rounded()))) }
            }
        }
        // Faults starting or ending now.
        let faults = scenario.faults
        for (index, fault) in faults.enumerated() {
            if fault.kind == .clockJump {
                if !activeFaults.contains(index), time >= fault.at {
                    activeFaults.insert(index)
                    clockOffset += fault.jump
                }
                continue
            }
            let active = fault.covers(time)
            if active, !activeFaults.contains(index) {
                activeFaults.insert(index)
                tick.statuses += Self.statuses(starting: fault)
            } else if !active, activeFaults.contains(index), time >= fault.at + fault.duration {
                activeFaults.remove(index)
                tick.statuses += Self.statuses(ending: fault)
            }
        }
        tick.time = time
        tick.clockOffset = clockOffset
        tick.distance = distance
        tick.speed = speed
        tick.offRoute = lateral
        // GPS.
        if scenario.isOutdoor, let gps = scenario.sensors.gps, let route = scenario.route, tickCount % fixEvery == 0 {
            // Receiver errors wander slowly (first-order autoregressive, about
            // 500 fixes of memory) rather than jumping fix to fix.
            let correlation = 0.998
            let spread = (1 - correlation * correlation).squareRoot()
            positionError.north = correlation * positionError.north + gps.noise * spread * random.gaussian()
            positionError.east = correlation * positionError.east + gps.noise * spread * random.gaussian()
            positionError.up = correlation * positionError.up + gps.verticalNoise * spread * random.gaussian()
            let verticalError = positionError.up
            let speedError = 0.05 * random.gaussian()
            let dropped = random.uniform() < gps.dropout
            if !isDown("gps"), !dropped {
                let here = here(on: route)
                let latitude = here.point.latitude + positionError.north / 111_132.954
                let longitude = here.point.longitude + positionError.east / (111_412.84 * cos(here.point.latitude * .pi / 180))
                tick.fix = CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
                                      altitude: here.point.elevation + verticalError, horizontalAccuracy: gps.accuracy,
                                      verticalAccuracy: gps.accuracy * 1.5, course: here.course, speed: max(0, speed + speedError),
                                      timestamp: scenario.start.addingTimeInterval(time))
            }
        }
        // Once-a-second sensors.
        let wholeSecond = (time + 1e-9).rounded(.down)
        guard wholeSecond > lastHeartTime else { return }
        lastHeartTime = wholeSecond
        if let model = scenario.sensors.heartRate, !isDown("heartRate") {
            if isDown("contact") {
                tick.heartRate = HeartRateMeasurement(beatsPerMinute: 0, contact: .notDetected, anomalies: .zeroHeartRate)
                pendingBeats = []
            } else {
                let reported = Int((heartRate + model.noise * random.gaussian()).rounded())
                // The energy field saturates at 65535 kJ, as straps' does.
                tick.heartRate = HeartRateMeasurement(beatsPerMinute: UInt16(min(max(reported, 30), 240)), contact: .detected,
                                                      energyExpended: model.energyField ? UInt16(clamping: Int(energyKilojoules.rounded(.down))) : nil,
                                                      rrIntervals: pendingBeats)
                pendingBeats = []
            }
        } else {
            pendingBeats = []
        }
        if let noise = scenario.sensors.powerNoise, let watts = power, !isDown("power") {
            tick.power = max(0, (watts + noise * random.gaussian()).rounded())
        }
        if let noise = scenario.sensors.cadenceNoise, !isDown("cadence") {
            let base = move.cadence ?? (speed > 0.3 || (power ?? 0) > 20 ? (activity == .cycling ? 85 : 170) : 0)
            tick.cadence = base > 0 ? max(0, (base + noise * random.gaussian()).rounded()) : 0
        }
        if scenario.sensors.footpod {
            let cadence = move.cadence ?? (speed > 0.3 ? 170 : 0)
            tick.footpod = (distance - (footpodMark ?? 0), cadence / 60 * (time - (footpodTime ?? 0)))
            footpodMark = distance
            footpodTime = time
        }
    }

    /// Where the athlete is on `route`: its place at ``along``, the course turned round after a U-turn, and a
    /// detour's way off to the right (the course then outward or back).
    private func here(on route: ScenarioRoute) -> (point: ScenarioRoute.Point, course: Double, grade: Double) {
        var (point, course, grade) = route.place(at: along)
        if direction < 0 { course = (course + 180).truncatingRemainder(dividingBy: 360); grade = -grade }
        if let off = currentDetour, off > 0 {
            let right = (course + 90) * .pi / 180
            point.latitude += lateral * cos(right) / 111_132.954
            point.longitude += lateral * sin(right) / (111_412.84 * cos(point.latitude * .pi / 180))
            course = (course + (detoured < off ? 90 : 270)).truncatingRemainder(dividingBy: 360)
        }
        return (point, course, grade)
    }

    /// The detour of the step under way, if it is one.
    private var currentDetour: Double? {
        guard stepIndex < steps.count, case .move(let move) = steps[stepIndex] else { return nil }
        return move.detour
    }

    /// Whether a fault has `sensor` down now; `contact` asks about strap contact.
    private func isDown(_ sensor: String) -> Bool {
        scenario.faults.enumerated().contains { index, fault in
            activeFaults.contains(index) && (fault.sensor == sensor
                || (sensor == "gps" && (fault.kind == .gpsLoss || fault.kind == .gpsdRestart))
                || (sensor == "contact" && fault.kind == .strapContactLost))
        }
    }

    private var footpodMark: Double?
    private var footpodTime: Double?

    /// Effort as a fraction of heart-rate reserve, from oxygen cost: ACSM's
    /// running and walking equations, ACSM's leg-cycling equation, against a
    /// VO₂max estimated from the heart-rate ratio (Uth et al. 2004) or FTP.
    private func effort(speed: Double, grade: Double, power: Double?) -> Double {
        let vo2max = 15.3 * maximum / resting
        let mass = profile.massKilograms
        var vo2: Double
        switch activity {
        case .cycling, .handCycling:
            let watts = power ?? Self.power(forSpeed: speed, activity: .cycling, mass: mass, grade: grade)
            let ftp = profile.assumedFunctionalThresholdPower
            let cyclingMax = 10.8 * (ftp / 0.75) / mass + 7
            return min(1.05, max(0.08, (10.8 * watts / mass + 7 - 3.5) / (cyclingMax - 3.5)))
        case .swimming:
            return min(1, max(0.1, speed / 1.4 * 0.85))
        default:
            let perMinute = speed * 60
            let running = speed > 2.2
            vo2 = 3.5 + perMinute * (running ? 0.2 : 0.1) + perMinute * max(grade, 0) * (running ? 0.9 : 1.8)
        }
        if speed < 0.3 { return 0.12 }
        return min(1.05, max(0.1, (vo2 - 3.5) / (vo2max - 3.5)))
    }

    /// Speed from power: cycling on the road (``CyclingPhysics``), running at about 1.04 J per kilogram and metre.
    package static func speed(forPower watts: Double, activity: HKWorkoutActivityType, mass: Double, grade: Double) -> Double {
        guard watts > 0 else { return 0 }
        if activity != .cycling && activity != .handCycling { return watts / (1.04 * mass) }
        return CyclingPhysics(riderMass: mass).speed(power: watts, grade: grade)
    }

    /// Power from speed, the inverse of ``speed(forPower:activity:mass:grade:)``.
    package static func power(forSpeed speed: Double, activity: HKWorkoutActivityType, mass: Double, grade: Double) -> Double {
        if activity != .cycling && activity != .handCycling { return 1.04 * mass * speed }
        return CyclingPhysics(riderMass: mass).power(speed: speed, grade: grade)
    }

    package static func statuses(starting fault: ScenarioFault) -> [(sensor: String, kind: WorkoutSourceStatus.Kind, detail: String)] {
        let sensor = fault.sensorName
        return switch fault.kind {
        case .gpsLoss: [(sensor, .noFix, "fix lost")]
        case .strapContactLost: [(sensor, .contactLost, "no skin contact")]
        case .sensorDisconnect: [(sensor, .disconnected, "\(sensor) disconnected")]
        case .gpsdRestart: [(sensor, .disconnected, "gpsd restarting")]
        case .clockJump: []
        }
    }

    package static func statuses(ending fault: ScenarioFault) -> [(sensor: String, kind: WorkoutSourceStatus.Kind, detail: String)] {
        let sensor = fault.sensorName
        return switch fault.kind {
        case .gpsLoss: [(sensor, .fix3D, "fix regained")]
        case .strapContactLost: [(sensor, .contactRestored, "skin contact restored")]
        case .sensorDisconnect, .gpsdRestart: [(sensor, .reconnecting, "reconnecting"), (sensor, .connected, "\(sensor) connected")]
        case .clockJump: []
        }
    }
}
