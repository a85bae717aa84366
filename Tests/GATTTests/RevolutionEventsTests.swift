import GATT
import PropertyBased
import Testing

@Suite struct RevolutionEventsTests {
    @Test func wholeRevolutionsAndTheTimeTheLastCompleted() {
        var crank = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16)
        // 90 rpm: 1.5 revolutions in the first second, the first completing at 2/3 s.
        let first = crank.advance(by: 1, perMinute: 90)
        #expect(first.count == 1 && first.eventTime == 682)
        let second = crank.advance(by: 1, perMinute: 90)
        #expect(second.count == 3 && second.eventTime == 2_048)
        // Stopped: the count and the event time stay as they were.
        let coasting = crank.advance(by: 1, perMinute: 0)
        #expect(coasting.count == 3 && coasting.eventTime == 2_048)
    }

    /// What a sensor counts at a steady rate, the reader turns back into that rate, across the counters' roll-over.
    @Test func aSteadyRateReadsBackThroughRevolutionRate() async {
        await propertyCheck(count: 500, input: Gen.int(in: 30...180), Gen.int(in: 0...65_000)) { rpm, start in
            var sensor = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16, revolutions: Double(start))
            var reader = RevolutionRate.crank()
            var rates: [Double] = []
            for _ in 0..<120 {
                let (count, time) = sensor.advance(by: 1, perMinute: Double(rpm))
                if let rate = reader.update(count: count, eventTime: time, secondsSinceLast: 1), rate > 0 { rates.append(rate) }
            }
            let mean = rates.reduce(0, +) / Double(rates.count)
            #expect(abs(mean - Double(rpm)) / Double(rpm) < 0.02, "\(rpm) rpm from \(start) read back as \(mean)")
            #expect(reader.rejected == 0)
        }
    }
}
