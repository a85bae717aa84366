import GATT
import PropertyBased
import Testing

@Suite struct WheelSpeedTests {
    @Test func aWheelGivesSpeedAndDistanceAfterItsBaseline() {
        var wheel = WheelSpeed.csc(circumference: 2.105)
        let first = wheel.update(revolutions: 1_000, eventTime: 0, secondsSinceLast: 0)
        #expect(first.speed == nil && first.meters == 0, "the whole cumulative count is no distance")
        // 4 revolutions in a second: 8.42 m/s, 8.42 m.
        let second = wheel.update(revolutions: 1_004, eventTime: 1_024, secondsSinceLast: 1)
        #expect(abs((second.speed ?? 0) - 8.42) < 1e-9 && abs(second.meters - 8.42) < 1e-9)
        // Cycling Power wheel data ticks at 1/2048 s: the same wheel at the same speed.
        var power = WheelSpeed.power(circumference: 2.105)
        _ = power.update(revolutions: 0, eventTime: 0, secondsSinceLast: 0)
        #expect(abs((power.update(revolutions: 4, eventTime: 2_048, secondsSinceLast: 1).speed ?? 0) - 8.42) < 1e-9)
    }

    @Test func anImpossibleSpeedAddsNoDistance() {
        var wheel = WheelSpeed.csc()
        _ = wheel.update(revolutions: 0, eventTime: 0, secondsSinceLast: 0)
        // 40 revolutions in a second is 84 m/s.
        let spike = wheel.update(revolutions: 40, eventTime: 1_024, secondsSinceLast: 1)
        #expect(spike.speed == nil && spike.meters == 0 && wheel.rejected == 1)
    }

    /// Over any run of notifications, the distance is the revolutions counted times the circumference, however
    /// the 32-bit count wraps.
    @Test func distanceIsRevolutionsTimesCircumferenceAcrossTheWrap() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...(Int(UInt32.max))), Gen.int(in: 1...6).array(of: 1...60)) { start, steps in
            var wheel = WheelSpeed.csc(circumference: 2)
            var count = UInt32(start), time: UInt16 = 0, meters = 0.0
            _ = wheel.update(revolutions: count, eventTime: time, secondsSinceLast: 0)
            for step in steps {
                count &+= UInt32(step)
                time &+= 1_024
                meters += wheel.update(revolutions: count, eventTime: time, secondsSinceLast: 1).meters
            }
            #expect(meters == Double(steps.reduce(0, +)) * 2)
        }
    }
}
