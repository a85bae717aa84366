import HealthKitModel
import PlanGuidance
import Testing
import WorkoutFormats

@Suite struct GuidedStepTests {
    static let athlete = PlanAthlete(functionalThresholdPower: 250, maximumHeartRate: 190)

    static func band(_ target: WorkoutPlan.Target, extent: WorkoutPlan.Extent = .time(60)) throws -> GuidedStep.Band? {
        let plan = WorkoutPlan(name: "x", blocks: [.step(.init(extent: extent, target: target))])
        return try GuidedStep.steps(of: plan, for: athlete)[0].band
    }

    @Test func targetsAreWorkedOutFromTheAthletesFigures() throws {
        // 88–93 % of 250 W.
        let sweetSpot = try #require(try Self.band(.power(low: .ftp(0.88), high: .ftp(0.93))))
        #expect(sweetSpot.measure == .power && sweetSpot.low == 220 && sweetSpot.high == 232.5)
        // One value, 55 % = 137.5 W, is held within ± 5 %.
        let recovery = try #require(try Self.band(.power(low: .ftp(0.55), high: .ftp(0.55))))
        #expect(abs(recovery.low - 130.625) < 1e-9 && abs(recovery.high - 144.375) < 1e-9)
        // Coggan's zone 4: 90–105 % of FTP.
        let threshold = try #require(try Self.band(.powerZone(4)))
        #expect(threshold.low == 225 && threshold.high == 262.5)
        // Heart-rate zone 2 from a maximum of 190: 60–70 %; zone 5 reaches the maximum.
        let endurance = try #require(try Self.band(.heartRateZone(2)))
        #expect(endurance.measure == .heartRate && endurance.low == 114 && abs(endurance.high - 133) < 1e-9)
        let hardest = try #require(try Self.band(.heartRateZone(5)))
        #expect(hardest.low == 171 && hardest.high == 190)
        // 80 % of the maximum is 152 bpm, held within ± 3.
        let steady = try #require(try Self.band(.heartRate(low: .maximum(0.8), high: .maximum(0.8))))
        #expect(steady.low == 149 && steady.high == 155)
        // A cadence of one value: ± 5 rpm.
        let spin = try #require(try Self.band(.cadence(low: 90, high: 90)))
        #expect(spin.low == 85 && spin.high == 95)
        #expect(try Self.band(.none) == nil)
    }

    @Test func aRampMovesItsBandThroughTheStep() throws {
        // 50 % → 75 % of 250 W over the step: 125 → 187.5 W, each ± 5 %.
        let ramp = try #require(try Self.band(.powerRamp(from: .ftp(0.5), to: .ftp(0.75)), extent: .time(300)))
        let middle = ramp.at(0.5)
        #expect(abs(middle.low - 156.25 * 0.95) < 1e-9 && abs(middle.high - 156.25 * 1.05) < 1e-9)
        #expect(ramp.at(2) == ramp.at(1))
    }

    @Test func aTargetTheAthleteHasNoFigureForIsRefusedWithWhatToGive() {
        let plan = WorkoutPlan(name: "x", blocks: [.step(.init(name: "Sweet spot", extent: .time(60), target: .power(low: .ftp(0.9), high: .ftp(0.9))))])
        #expect(throws: PlanGuidanceError(description: "step 1 (Sweet spot) aims at 90 % of FTP, and no FTP is known: give --ftp WATTS, or keep it with `workout athlete set --ftp`")) {
            _ = try GuidedStep.steps(of: plan, for: PlanAthlete(maximumHeartRate: 180))
        }
        let heart = WorkoutPlan(name: "x", blocks: [.step(.init(extent: .time(60), target: .heartRateZone(3)))])
        #expect(throws: PlanGuidanceError.self) { _ = try GuidedStep.steps(of: heart, for: PlanAthlete(functionalThresholdPower: 200)) }
        // Watts and beats per minute need nothing.
        let absolute = WorkoutPlan(name: "x", blocks: [.step(.init(extent: .time(60), target: .power(low: .watts(200), high: .watts(220))))])
        #expect((try? GuidedStep.steps(of: absolute, for: PlanAthlete())) != nil)
    }

    @Test func titlesAndTargetsReadAsTheDashboardShowsThem() throws {
        let plan = WorkoutPlan(name: "x", blocks: [
            .repeated(times: 3, [.step(.init(name: "Sweet spot", extent: .time(600), target: .power(low: .ftp(0.88), high: .ftp(0.93))))]),
            .step(.init(intensity: .cooldown, extent: .time(300), target: .powerRamp(from: .ftp(0.6), to: .ftp(0.4)))),
            .step(.init(extent: .open, target: .speed(low: 25 / 3.6, high: 28 / 3.6))),
            .step(.init(extent: .open)),
        ])
        let steps = try GuidedStep.steps(of: plan, for: Self.athlete)
        #expect(steps.map(\.title) == ["Sweet spot 1/3", "Sweet spot 2/3", "Sweet spot 3/3", "Cooldown", "Active", "Active"])
        #expect(steps.map(\.targetText) == ["220–233 W", "220–233 W", "220–233 W", "ramp 150→100 W", "25.0–28.0 km/h", "no target"])
    }
}
