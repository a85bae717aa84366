import PlanGuidance
import Testing
import WorkoutFormats

@Suite struct PlanFollowerTests {
    /// 60 s at 200–220 W, 500 m with no target, then cadence 85–95 until the lap button.
    static let plan = WorkoutPlan(name: "Three steps", blocks: [
        .step(.init(name: "Hold", extent: .time(60), target: .power(low: .watts(200), high: .watts(220)))),
        .step(.init(extent: .distance(500))),
        .step(.init(intensity: .cooldown, extent: .open, target: .cadence(low: 85, high: 95))),
    ])

    /// The rider at 10 m/s and 90 rpm, at 210 W except 180 W from 20 s to 29 s.
    static func reading(_ t: Int) -> PlanFollower.Reading {
        PlanFollower.Reading(time: Double(t), distance: 10 * Double(t), power: (20...29).contains(t) ? 180 : 210, cadence: 90, speed: 10)
    }

    @Test func stepsFollowTheirTimesDistancesAndTheLapButton() throws {
        var follower = PlanFollower(steps: try GuidedStep.steps(of: Self.plan, for: PlanAthlete()))
        var events: [(Int, PlanFollower.Event)] = []
        for t in 0...150 {
            events += follower.take(Self.reading(t)).map { (t, $0) }
            if t == 45 {
                // 15 s left of the first step, 210 W in its band.
                let status = try #require(follower.status)
                #expect(status.index == 0 && status.secondsLeft == 15 && status.value == 210 && status.inTarget == true)
                #expect(status.band?.low == 200 && status.band?.high == 220)
                #expect(follower.nextStep?.number == 2)
            }
            if t == 80 { #expect(follower.status?.metersLeft == 300) }
        }
        events += follower.lap().map { (150, $0) }
        // The 3-s power falls to 190 W at 21 s (210, 180, 180); five seconds out is 26 s. It is 200 W again at 31 s.
        // 60 s ends the first step at 600 m; 500 m more is 110 s.
        #expect(events.map(\.0) == [0, 26, 31, 60, 110, 150])
        #expect(events.map(\.1) == [.stepStarted(step: 0), .outOfTarget(step: 0, value: 180, low: 200, high: 220), .backInTarget(step: 0),
                                    .stepStarted(step: 1), .stepStarted(step: 2), .finished])
        #expect(follower.isFinished && follower.status == nil)
        #expect(follower.take(Self.reading(151)).isEmpty)
    }

    @Test func complianceCountsEachStepsJudgedSeconds() {
        var follower = PlanFollower(steps: try! GuidedStep.steps(of: Self.plan, for: PlanAthlete()))
        for t in 0...150 { _ = follower.take(Self.reading(t)) }
        _ = follower.lap()
        let steps = follower.compliance
        #expect(steps.count == 3)
        // Judged from 10 s to 59 s: 50 s, of which 21–30 s (3-s power under 200 W) are below.
        #expect(steps[0].seconds == 60 && steps[0].distance == 600)
        #expect(steps[0].judgedSeconds == 50 && steps[0].belowSeconds == 10 && steps[0].inTargetSeconds == 40 && steps[0].aboveSeconds == 0)
        #expect(steps[0].inTargetShare == 0.8 && steps[0].alerts == 1)
        #expect(abs((steps[0].average ?? 0) - 205) < 1e-9)
        // No target: nothing judged.
        #expect(steps[1].seconds == 50 && steps[1].distance == 500 && steps[1].inTargetShare == nil)
        // Cadence 90 in 85–95 from 10 s into the step (120 s) to 150 s: 31 s.
        #expect(steps[2].seconds == 40 && steps[2].judgedSeconds == 31 && steps[2].inTargetShare == 1)
    }

    @Test func heartRateIsJudgedAfterHalfAMinuteAndAsRead() throws {
        let plan = WorkoutPlan(name: "x", blocks: [.step(.init(extent: .time(120), target: .heartRate(low: .bpm(140), high: .bpm(150))))])
        var follower = PlanFollower(steps: try GuidedStep.steps(of: plan, for: PlanAthlete()), alertAfter: 5)
        var alerts: [Int] = []
        for t in 0..<120 {
            // Rising 1 bpm a second from 110: in the band from 30 s to 40 s, above it from 41 s.
            let events = follower.take(PlanFollower.Reading(time: Double(t), distance: 0, heartRate: Double(110 + t)))
            if events.contains(where: { if case .outOfTarget = $0 { true } else { false } }) { alerts.append(t) }
        }
        #expect(alerts == [46])
        let step = follower.compliance[0]
        #expect(step.judgedSeconds == 90 && step.inTargetSeconds == 11 && step.aboveSeconds == 79)
    }

    @Test func pausesAndGapsDoNotCountAsTimeInTheStep() throws {
        let plan = WorkoutPlan(name: "x", blocks: [.step(.init(extent: .time(100), target: .power(low: .watts(100), high: .watts(300))))])
        var follower = PlanFollower(steps: try GuidedStep.steps(of: plan, for: PlanAthlete()))
        // Readings stop from 40 s to 70 s of moving time (a sensor away): the gap counts 5 s, not 30.
        for t in Array(0...40) + Array(70...99) { _ = follower.take(PlanFollower.Reading(time: Double(t), distance: 0, power: 200)) }
        #expect(follower.compliance[0].judgedSeconds == 31 + 5 + 29)
        #expect(!follower.isFinished)
        #expect(follower.take(PlanFollower.Reading(time: 100, distance: 0, power: 200)) == [.finished])
    }

    /// A cadence to hold beside a power target (`cadence: 90`) is judged on its own: its band is ± 5 rpm, its seconds
    /// in it are counted, and falling out of it for 5 s alerts once, without touching the power's judging.
    @Test func aCadenceToHoldIsJudgedBesideThePower() throws {
        let plan = WorkoutPlan(name: "Spin", blocks: [.step(.init(name: "Tempo", extent: .time(60), target: .power(low: .watts(200), high: .watts(220)), cadence: 90))])
        let steps = try GuidedStep.steps(of: plan, for: PlanAthlete())
        #expect(steps[0].cadenceBand?.low == 85 && steps[0].cadenceBand?.high == 95 && steps[0].band?.measure == .power)
        var follower = PlanFollower(steps: steps)
        var events: [(Int, PlanFollower.Event)] = []
        for t in 0..<60 {
            // 210 W throughout; 90 rpm, but 70 rpm from 30 s to 39 s.
            let reading = PlanFollower.Reading(time: Double(t), distance: 10 * Double(t), power: 210, cadence: (30...39).contains(t) ? 70 : 90)
            events += follower.take(reading).map { (t, $0) }
            if t == 35 {
                let status = try #require(follower.status)
                #expect(status.inTarget == true && status.cadenceInTarget == false && status.cadence == 70)
            }
        }
        // The 3-s cadence (the readings of 28, 29 and 30 s: 90, 90, 70) leaves the band at 30 s, an alert 5 s later; it is
        // back in it at 42 s, when the last three readings are 90 again.
        let cadenceEvents = events.filter { if case .stepStarted = $0.1 { return false } else { return true } }
        #expect(cadenceEvents.map(\.0) == [35, 42], "\(events)")
        #expect(cadenceEvents.map(\.1) == [.cadenceOutOfTarget(step: 0, value: 70, low: 85, high: 95), .cadenceBackInTarget(step: 0)])
        let held = follower.compliance[0]
        #expect(held.alerts == 0 && held.inTargetShare == 1)
        // Judged from 10 s to 59 s: 50 s, out from 30 s to 41 s (the 3-s mean under 85 rpm): 12 s.
        #expect(held.cadenceJudgedSeconds == 50 && held.cadenceInTargetSeconds == 38 && held.cadenceAlerts == 1)
        #expect(held.cadenceInTargetShare == 0.76)
    }
}
