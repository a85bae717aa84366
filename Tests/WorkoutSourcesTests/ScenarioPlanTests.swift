import Foundation
import OpenHealthKit
import ScenarioModel
import TestSupport
import Testing
import WorkoutFormats
import WorkoutSources

/// A scenario's athlete riding a structured workout: the timeline its steps become, and the replay judged step by step.
@Suite(.timeLimit(.minutes(5))) struct ScenarioPlanTests {
    static func planFile(_ yaml: String) throws -> String {
        let path = Scratch.url("plan", extension: "yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func scenario(plan: String, workout: String = "", athlete: String = "ftp: 250, ", timeline: String = "[start, workout, stop, end]") throws -> Scenario {
        try Scenario(yaml: """
            activity: cycling
            location: indoor
            seed: 4
            athlete: {age: 40, sex: male, mass: 75, \(athlete)maxHeartRate: 185, restingHeartRate: 50}
            sensors:
              heartRate: {}
              power: {noise: 0}
              cadence: {noise: 0}
            workout: {plan: \(try planFile(plan))\(workout)}
            timeline: \(timeline)
            """, file: "test.yaml")
    }

    static let threeSteps = """
        name: Three steps
        steps:
          - active: 2min
            power: 200W
          - interval: 1km
            speed: 30km/h
          - cooldown: open
            cadence: 95..105
        """

    @Test func eachStepBecomesAMoveTowardItsTarget() throws {
        let scenario = try Self.scenario(plan: Self.threeSteps, workout: ", lag: 5s")
        // From 60 % of FTP (150 W) to 200 W over 5 s, then held; 1 km at 30 km/h; the open step a minute at that
        // speed with its cadence, then the lap button.
        var lag = ScenarioMovement(extent: .duration(5), target: .power(150), rampTo: .power(200))
        lag.startsPlan = true
        #expect(scenario.timeline == [
            .start,
            .move(lag),
            .move(ScenarioMovement(extent: .duration(115), target: .power(200))),
            .move(ScenarioMovement(extent: .distance(1_000), target: .speed(UnitText.speed("30km/h")!))),
            .move(ScenarioMovement(extent: .duration(60), target: .speed(UnitText.speed("30km/h")!), cadence: 100)),
            .lap,
            .stop,
            .end,
        ])
    }

    @Test func theErrorIsDrawnOncePerStepWithinItsBound() throws {
        let plan = "name: Minutes\nsteps:\n  - repeat: 20\n    steps:\n      - active: 1min\n        power: 200W\n"
        let scenario = try Self.scenario(plan: plan, workout: ", lag: 0s, error: 5%")
        let watts = scenario.timeline.compactMap { step -> Double? in
            if case .move(let move) = step, case .power(let watts) = move.target { watts } else { nil }
        }
        #expect(watts.count == 20)
        #expect(watts.allSatisfy { (190...210).contains($0) })
        #expect(Set(watts).count == 20)
        // The same file and seed draw the same errors.
        #expect(try Self.scenario(plan: plan, workout: ", lag: 0s, error: 5%").timeline == scenario.timeline)
    }

    @Test func aReplayFollowsThePlanWithALapForEachStep() async throws {
        let scenario = try Self.scenario(plan: Self.threeSteps, workout: ", lag: 3s")
        let result = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        let steps = try #require(result.steps)
        #expect(steps.plan == "Three steps" && steps.planned == 3 && steps.count == 3 && steps.completed)
        #expect(steps.steps.map(\.title) == ["Active", "Interval", "Cooldown"])
        // 2 min; then 1 km at 30 km/h from 200 W's speed (the speed builds at 1 m/s² at most); then the minute, ended by lap.
        #expect(steps.steps[0].seconds == 120)
        #expect(abs(steps.steps[1].seconds - 120) <= 2)
        #expect(steps.steps[2].seconds == 60)
        // Held exactly (no noise, no error): the power step in its band from 10 s on, the cadence step likewise.
        #expect(steps.steps[0].inTargetPercent == 100 && steps.steps[2].inTargetPercent == 100)
        #expect(steps.alerts == 0)
        // A lap as each step ended: two by the follower, and the open step's by the athlete's button.
        #expect(result.laps.count == 3)
        #expect(result.laps.map(\.duration).prefix(1) == [120])
        #expect(result.value(forKey: "steps.1.seconds") == .number(120))
        #expect(result.value(forKey: "steps.completed") == .text("yes"))
        #expect(result.value(forKey: "steps.titles") == .list(["Active", "Interval", "Cooldown"]))
    }

    @Test func anAthleteWhoCannotHoldTheTargetIsAlertedAfterFiveSeconds() async throws {
        // 300–310 W held 20 % low from the start: judged from 10 s, alerted 5 s later.
        let plan = "name: Too hard\nsteps:\n  - active: 2min\n    power: 300W..310W\n"
        let scenario = try Self.scenario(plan: plan, timeline: "[start, {move: {duration: 2min, power: 240W}}, stop, end]")
        // The plan is not ridden by this timeline: the follower never starts.
        let unridden = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        #expect(unridden.steps?.count == 0 && unridden.steps?.completed == false)

        var hard = try Self.scenario(plan: plan, workout: ", lag: 0s")
        hard.timeline = hard.timeline.map { step in
            guard case .move(var move) = step else { return step }
            move.target = .power(240)
            return .move(move)
        }
        let result = try await ScenarioRunner(scenario: hard).replay(in: temporaryStore())
        let steps = try #require(result.steps)
        #expect(steps.alerts == 1 && steps.inTargetPercent == 0 && steps.completed)
        #expect(steps.steps[0].average == 240)
    }

    @Test(arguments: [
        ("[start, workout, workout, stop, end]", "the workout is ridden twice"),
        ("[workout, start, stop, end]", "`- workout` is ridden while the session runs"),
    ])
    func aWorkoutIsRiddenOnceWhileTheSessionRuns(timeline: String, message: String) {
        #expect {
            _ = try Self.scenario(plan: Self.threeSteps, timeline: timeline)
        } throws: { error in
            (error as? ScenarioError)?.message.hasPrefix(message) == true
        }
    }

    @Test func aPlanNeedingAnFTPTheAthleteLacksSaysWhatToGive() {
        #expect {
            _ = try Self.scenario(plan: "name: x\nsteps:\n  - active: 1min\n    power: 90%\n", athlete: "")
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.message.contains("aims at 90 % of FTP, and no FTP is known") && error.hint?.contains("ftp: 250") == true && error.line == 9
        }
    }

    @Test func aScenarioWithoutAWorkoutCannotRideOne() {
        #expect {
            _ = try Scenario(yaml: "activity: cycling\nlocation: indoor\ntimeline: [start, workout, stop, end]\n", file: "test.yaml")
        } throws: { error in
            (error as? ScenarioError)?.message.hasPrefix("`- workout` rides the scenario's structured workout, and it has none") == true
        }
    }
}
