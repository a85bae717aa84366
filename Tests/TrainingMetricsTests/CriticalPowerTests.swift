import Testing
import TrainingMetrics

@Suite struct CriticalPowerTests {
    @Test func aCurveOnTheModelGivesBackItsParameters() throws {
        let durations = MeanMaximalPower.durations(upTo: 3600)
        let curve = MeanMaximalPower(durations: durations, watts: durations.map { 250 + 20_000 / Double($0) })
        let model = try #require(CriticalPower(curve: curve))
        #expect(abs(model.criticalPower - 250) < 1e-6)
        #expect(abs(model.wPrime - 20_000) < 1e-3)
        #expect(abs(model.rSquared - 1) < 1e-9)
        #expect(abs(model.estimatedFunctionalThresholdPower - (250 + 20_000 / 3600)) < 1e-6)
    }

    @Test func aShortOrFlatCurveHasNoModel() {
        #expect(CriticalPower(curve: MeanMaximalPower(watts: [Double](repeating: 200, count: 1000))) == nil)
        #expect(CriticalPower(curve: MeanMaximalPower(watts: [Double](repeating: 200, count: 2000))) == nil)
    }
}
