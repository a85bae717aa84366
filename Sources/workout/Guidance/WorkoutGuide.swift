import Foundation
import OpenHealthKit
import PlanGuidance
import WorkoutFormats

/// A recording's guidance through a structured workout (`workout record --workout FILE`): each live snapshot taken
/// while the session runs, what the dashboard's workout line and the log say, and each step a lap.
struct WorkoutGuide {
    private var follower: PlanFollower
    /// The plan's name.
    let name: String

    /// A guide through `plan` for `athlete`; throws when a target needs a figure the athlete lacks.
    init(plan: WorkoutPlan, athlete: PlanAthlete) throws {
        do {
            follower = PlanFollower(steps: try GuidedStep.steps(of: plan, for: athlete))
        } catch {
            throw RecordingsError("\(plan.name): \(error.description).")
        }
        name = plan.name
    }

    /// The steps in the order ridden.
    var steps: [GuidedStep] { follower.steps }

    /// Takes the recording's snapshot (moving time and distance, the current power, heart rate, cadence and speed);
    /// returns what to log and whether a new step began, which closes a lap.
    mutating func take(_ snapshot: LiveSnapshot) -> (messages: [String], newStep: Bool) {
        guard snapshot.state == .running else { return ([], false) }
        let reading = PlanFollower.Reading(time: snapshot.elapsedSeconds, distance: snapshot.distanceMeters, power: snapshot.power,
                                           heartRate: snapshot.heartRate, cadence: snapshot.cadence, speed: snapshot.speed)
        return describe(follower.take(reading))
    }

    /// The watts the step on asks for, the middle of its power band (a ramp's moving with it), for a trainer in ERG;
    /// nil for a step with no power target, and once the workout is done.
    var powerTarget: Int? {
        guard !follower.isFinished, let status = follower.status, let band = status.band, follower.steps[status.index].band?.measure == .power else {
            return nil
        }
        return Int(((band.low + band.high) / 2).rounded())
    }

    /// The rider pressed lap: the step on ends (an open step's way to end).
    mutating func lap() -> [String] { describe(follower.lap()).messages }

    private func describe(_ events: [PlanFollower.Event]) -> (messages: [String], newStep: Bool) {
        var messages: [String] = [], newStep = false
        for event in events {
            switch event {
            case .stepStarted(let index):
                if index > 0 { newStep = true }
                let step = follower.steps[index]
                messages.append("step \(step.number)/\(follower.steps.count): \(step.title), \(PlanCommand.length(step.step.extent)) at \(step.targetText)"
                                + (step.step.cadence.map { ", \(formatNumber($0)) rpm" } ?? "") + (step.step.notes.map { " (\($0))" } ?? ""))
            case .outOfTarget(let index, let value, let low, let high):
                let step = follower.steps[index]
                let measure = step.band?.measure ?? .power
                messages.append("\(value < low ? "below" : "above") target: \(measure.text(value)) against \(measure.text(low))–\(measure.text(high)) \(measure.unit)")
            case .backInTarget:
                messages.append("back in target")
            case .cadenceOutOfTarget(_, let value, let low, let high):
                messages.append("cadence \(value < low ? "low" : "high"): \(Int(value.rounded())) against \(Int(low.rounded()))–\(Int(high.rounded())) rpm")
            case .cadenceBackInTarget:
                messages.append("cadence back in target")
            case .finished:
                messages.append("workout done: \(name)")
            }
        }
        return (messages, newStep)
    }

    /// The dashboard's workout line: the step, its target and the value now, what is left, and the next step.
    var line: String? {
        if follower.isFinished { return "WORKOUT DONE  \(name)" }
        guard let status = follower.status else { return nil }
        let step = follower.steps[status.index]
        var text = "STEP \(step.number)/\(follower.steps.count) \(step.title)"
        if let band = status.band, let measure = step.band?.measure {
            text += "  \(measure.text(band.low))–\(measure.text(band.high)) \(measure.unit)"
            if let value = status.value {
                text += "  now \(measure.text(value))" + (status.inTarget.map { $0 ? " ok" : (value < band.low ? " LOW" : " HIGH") } ?? "")
            }
        }
        // The cadence to hold beside the target, judged on its own.
        if let band = step.cadenceBand, let cadence = status.cadence {
            text += "  cad \(Int(cadence.rounded()))" + (status.cadenceInTarget.map { $0 ? " ok" : (cadence < band.low ? " LOW" : " HIGH") } ?? "")
        }
        if let left = status.secondsLeft { text += "  \(WorkoutFigures.clock(left)) left" }
        if let left = status.metersLeft { text += "  \(left < 1_000 ? "\(Int(left)) m" : String(format: "%.2f km", left / 1_000)) left" }
        if step.step.extent == .open { text += "  lap ends it" }
        if let next = follower.nextStep { text += "  next: \(next.title) \(next.targetText)" }
        return text
    }

    /// How well each step was held, for the end of the recording.
    var summary: [String] {
        let compliance = follower.compliance
        guard !compliance.isEmpty else { return [] }
        var lines = ["workout \(name): \(compliance.count) of \(follower.steps.count) steps"
                     + (follower.inTargetShare.map { String(format: ", %.0f %% in target", 100 * $0) } ?? "")
                     + (follower.isFinished ? "" : ", not finished")]
        for step in compliance {
            var line = "  \(step.step.number)  \(WorkoutFigures.clock(step.seconds))  \(step.step.title)  \(step.step.targetText)"
            if let share = step.inTargetShare { line += String(format: "  %.0f %% in target", 100 * share) }
            if let average = step.average, let measure = step.step.band?.measure { line += "  average \(measure.text(average)) \(measure.unit)" }
            if step.alerts > 0 { line += "  \(step.alerts) alert\(step.alerts == 1 ? "" : "s")" }
            if let share = step.cadenceInTargetShare {
                line += String(format: "  cadence %.0f %% held", 100 * share) + (step.cadenceAlerts > 0 ? " (\(step.cadenceAlerts) alert\(step.cadenceAlerts == 1 ? "" : "s"))" : "")
            }
            lines.append(line)
        }
        return lines
    }
}
