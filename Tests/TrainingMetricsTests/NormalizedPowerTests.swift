import TestSupport
import Testing
import TrainingMetrics

@Suite struct NormalizedPowerTests {
    @Test func constantPowerIsItsOwnNormalizedPower() throws {
        for watts in [0.0, 150, 237.5, 1200] {
            let value = try #require(NormalizedPower.of([Double](repeating: watts, count: 3600)))
            #expect(abs(value - watts) < 1e-9)
        }
    }

    @Test func theWindowStartsWhenFull() throws {
        #expect(NormalizedPower.of([Double](repeating: 200, count: 29)) == nil)
        // 30 s at 300 W then 30 s at 0: windows ending at seconds 29…59 hold 30…1 s of 300 W.
        let watts = [Double](repeating: 300, count: 30) + [Double](repeating: 0, count: 30)
        var fourth = 0.0
        for end in 29..<60 {
            let mean = watts[(end - 29)...end].reduce(0, +) / 30
            fourth += mean * mean * mean * mean
        }
        let expected = (fourth / 31).squareRoot().squareRoot()
        let value = try #require(NormalizedPower.of(watts))
        #expect(abs(value - expected) < 1e-9)
    }

    @Test func steadyIntervalsWeighMoreThanTheirMean() throws {
        // Alternating 10 minutes at 300 W and 10 at 100 W: the mean is 200 W, NP about 250 W.
        var watts: [Double] = []
        for block in 0..<6 { watts += [Double](repeating: block % 2 == 0 ? 300 : 100, count: 600) }
        let value = try #require(NormalizedPower.of(watts))
        #expect(value > 240 && value < 255)
    }

    @Test func theStreamAgreesWithTheBatchAtEverySecond() {
        var generator = SplitMix64(seed: 7)
        let watts = (0..<2000).map { _ in Double(generator.next() % 600) }
        var stream = NormalizedPower()
        for (index, value) in watts.enumerated() {
            stream.add(value)
            if index % 97 == 0 || index == watts.count - 1 {
                #expect(stream.value == NormalizedPower.of(Array(watts[...index])))
            }
        }
    }
}
