import GATT
import PropertyBased
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

    /// Any crank count and event time, however close to rolling over, give the rate of the revolutions and
    /// ticks between two notifications, as if nothing wrapped.
    @Test func aRateIsTheSameWhereverTheCountsRollOver() async {
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...65_535), Gen.int(in: 0...65_535), Gen.int(in: 1...8), Gen.int(in: 300...6_000)) {
            count, time, revolutions, ticks in
            var crank = RevolutionRate.crank()
            _ = crank.update(count: UInt64(count), eventTime: UInt16(time), secondsSinceLast: 0)
            let rate = crank.update(count: UInt64((count + revolutions) % 65_536), eventTime: UInt16((time + ticks) % 65_536), secondsSinceLast: 1)
            let expected = Double(revolutions) / (Double(ticks) / 1_024) * 60
            if expected <= 255 {
                #expect(rate.map { abs($0 - expected) < 1e-9 } == true, "\(count)+\(revolutions) at \(time)+\(ticks): \(String(describing: rate))")
                #expect(crank.lastRevolutions == UInt64(revolutions))
            } else {
                #expect(rate == nil && crank.rejected == 1, "\(expected) rpm is no cadence")
            }
        }
    }

    /// A crank that stops while its sensor keeps notifying reads its last cadence, then 0 within the stated bound
    /// (at least 2 notifications and max(2 s, 2 periods + 0.5 s), plus one notification interval), and never a
    /// frozen or other value.
    @Test func aCoastingCrankReadsZeroWithinTheBound() async {
        await propertyCheck(count: 2_000, input: Gen.int(in: 1...4), Gen.int(in: 400...2_500), Gen.int(in: 1...8)) { revolutions, ticks, quarterSeconds in
            var crank = RevolutionRate.crank()
            let interval = Double(quarterSeconds) / 4
            _ = crank.update(count: 0, eventTime: 0, secondsSinceLast: 0)
            guard let pedalling = crank.update(count: UInt64(revolutions), eventTime: UInt16(ticks), secondsSinceLast: interval) else { return }
            let period = Double(ticks) / 1_024 / Double(revolutions)
            let bound = max(2, 2 * period + 0.5) + interval
            var elapsed = 0.0, notifications = 0
            while true {
                elapsed += interval
                notifications += 1
                let rate = crank.update(count: UInt64(revolutions), eventTime: UInt16(ticks), secondsSinceLast: interval)
                if rate == 0 { break }
                #expect(rate == pedalling, "coasting repeats the last cadence until it stops, not \(String(describing: rate))")
                if elapsed > bound || notifications > 1_000 {
                    Issue.record("still \(String(describing: rate)) rpm after \(elapsed) s of coasting (bound \(bound) s)")
                    return
                }
            }
            #expect(notifications >= 2, "one repeated event is not yet a stop")
            #expect(elapsed <= bound)
        }
    }

    @Test func impossibleDeltasAreDroppedAndCounted() {
        var crank = RevolutionRate.crank()
        _ = crank.update(count: 0, eventTime: 0, secondsSinceLast: 0)
        // 10 revolutions in a second is 600 rpm: no crank turns so.
        #expect(crank.update(count: 10, eventTime: 1_024, secondsSinceLast: 1) == nil)
        // The count moved but the event time did not.
        #expect(crank.update(count: 11, eventTime: 1_024, secondsSinceLast: 1) == nil)
        #expect(crank.rejected == 2)
        // The next good delta reads again.
        #expect(crank.update(count: 12, eventTime: 2_048, secondsSinceLast: 1) == 60)
    }
}
