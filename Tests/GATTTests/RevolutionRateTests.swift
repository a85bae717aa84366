import GATT
import Testing

@Suite struct RevolutionRateTests {
    @Test func revolutionRatesStartFromABaselineRollOverAndStop() {
        var crank = RevolutionRate.crank()
        #expect(crank.update(count: 100, eventTime: 1000, secondsSinceLast: 0) == nil, "the first notification is a baseline")
        // 3 revolutions in 2 s: 90 rpm.
        #expect(crank.update(count: 103, eventTime: 1000 + 2048, secondsSinceLast: 2) == 90)
        // Both the count and the time roll over at 2^16.
        var wrapping = RevolutionRate.crank()
        _ = wrapping.update(count: 65_535, eventTime: 65_000, secondsSinceLast: 0)
        let rate = wrapping.update(count: 1, eventTime: UInt16((65_000 + 1_365) % 65_536), secondsSinceLast: 1.3)
        #expect(abs((rate ?? 0) - 2 / (1_365.0 / 1_024) * 60) < 1e-9)
        // Coasting: the sensor repeats its last event. The rate holds, then drops to 0.
        #expect(crank.update(count: 103, eventTime: 1000 + 2048, secondsSinceLast: 1) == 90)
        #expect(crank.update(count: 103, eventTime: 1000 + 2048, secondsSinceLast: 1) == 0)
        // Cycling Power wheel times are 1/2048 s: 10 revolutions in 2048 ticks is 600 rpm, not 1200.
        var wheel = RevolutionRate.powerWheel()
        _ = wheel.update(count: 0, eventTime: 0, secondsSinceLast: 0)
        #expect(wheel.update(count: 10, eventTime: 2048, secondsSinceLast: 1) == 600)
        // A jump of thousands of revolutions is a glitch: a new baseline, no rate.
        #expect(wheel.update(count: 100_000, eventTime: 4096, secondsSinceLast: 1) == nil)
    }
}
