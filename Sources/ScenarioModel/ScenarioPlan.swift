public import Foundation
public import PlanGuidance
public import WorkoutFormats

/// A structured workout a scenario's athlete rides (`workout:` at the top, `- workout` in the timeline): its steps
/// for the athlete, and how the athlete follows their targets.
///
/// The athlete reaches each new power or speed target over ``lag`` seconds, linearly from the last, and then holds
/// it off by a fraction drawn once per step from ±``error`` (the scenario's seed draws it); a heart-rate target is
/// the body's to reach, at its own pace. A step with no target is ridden at the last step's effort (60 % of FTP at
/// first); a cadence-only step likewise, at its cadence. An open step is ridden for ``openSeconds``, then the
/// athlete presses lap.
public struct ScenarioPlan: Sendable {
    /// The plan as its file holds it.
    public var plan: WorkoutPlan
    /// Its steps for the scenario's athlete.
    public var steps: [GuidedStep]
    /// Seconds to reach a new power or speed target.
    public var lag: TimeInterval
    /// How far off the target the athlete holds it, as a fraction (0.03 is ±3 %).
    public var error: Double
    /// Seconds the athlete rides an open step before pressing lap.
    public var openSeconds: TimeInterval
    /// The plan's file, as the scenario names it.
    public var file: String

    /// A plan ridden with `lag`, `error` and open steps of `openSeconds`.
    public init(plan: WorkoutPlan, steps: [GuidedStep], lag: TimeInterval = 3, error: Double = 0, openSeconds: TimeInterval = 60, file: String) {
        self.plan = plan
        self.steps = steps
        self.lag = lag
        self.error = error
        self.openSeconds = openSeconds
        self.file = file
    }

    /// The timeline steps that ride the plan: moves toward each step's target, and a lap after each open step.
    /// The first move starts the plan (``ScenarioMovement/startsPlan``), as a rider starts a workout on a head unit.
    ///
    /// - Parameters:
    ///   - functionalThresholdPower: the athlete's, for the effort of steps without a target.
    ///   - random: draws each step's error.
    package func timeline(functionalThresholdPower: Double, random: inout ScenarioRandom) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        var previous = ScenarioMovement.Target.power(0.6 * functionalThresholdPower)
        for guided in self.steps {
            let off = 1 + error * (2 * random.uniform() - 1)
            var start = previous, end: ScenarioMovement.Target?
            var cadence = guided.step.cadence
            if let band = guided.band {
                let first = (band.low + band.high) / 2, last = (band.endLow + band.endHigh) / 2
                switch band.measure {
                case .power:
                    start = .power(first * off)
                    if last != first { end = .power(last * off) }
                case .speed:
                    start = .speed(first * off)
                    if last != first { end = .speed(last * off) }
                case .heartRate:
                    start = .heartRate(first)
                case .cadence:
                    cadence = first
                }
            }
            let extent: ScenarioMovement.Extent = switch guided.step.extent {
            case .time(let seconds): .duration(seconds)
            case .distance(let meters): .distance(meters)
            case .open: .duration(openSeconds)
            }
            var moves: [ScenarioMovement] = []
            // The lag: a ramp from the last target to this one, for a step of a time with a power or speed target.
            if case .duration(let seconds) = extent, lag > 0, seconds > lag, Self.sameKind(previous, start), end == nil, previous != start {
                moves.append(ScenarioMovement(extent: .duration(lag), target: previous, rampTo: start, cadence: cadence))
                moves.append(ScenarioMovement(extent: .duration(seconds - lag), target: start, cadence: cadence))
            } else {
                moves.append(ScenarioMovement(extent: extent, target: start, rampTo: end, cadence: cadence))
            }
            if steps.isEmpty { moves[0].startsPlan = true }
            steps += moves.map(ScenarioStep.move)
            if guided.step.extent == .open { steps.append(.lap) }
            previous = end ?? start
        }
        return steps
    }

    private static func sameKind(_ a: ScenarioMovement.Target, _ b: ScenarioMovement.Target) -> Bool {
        switch (a, b) {
        case (.power, .power), (.speed, .speed): true
        default: false
        }
    }
}
