import Testing
import TrainingMetrics

@Suite struct AerobicDecouplingTests {
    @Test func onlySecondsWithHeartRateAreSplit() throws {
        // The first 600 s have no heart rate; the halves are taken over the 1200 s that do.
        let watts = [Double](repeating: 300, count: 600) + [Double](repeating: 200, count: 600) + [Double](repeating: 180, count: 600)
        let heart = [Double](repeating: 0, count: 600) + [Double](repeating: 140, count: 1200)
        let value = try #require(AerobicDecoupling.percent(watts: watts, heartRate: heart))
        #expect(abs(value - 10) < 1e-9)
        #expect(AerobicDecoupling.percent(watts: [200], heartRate: [140]) == nil)
    }
}
