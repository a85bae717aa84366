import Foundation
import Testing
import TrainingMetrics

@Suite struct TrainingLoadTests {
    @Test func oneDaysStressRisesAndDecaysByTheTimeConstants() {
        var load = TrainingLoad()
        load.add(stress: 100, day: 10)
        let chart = load.chart(through: 40)
        #expect(chart.count == 31)
        #expect(abs(chart[0].fitness - 100 * (1 - exp(-1 / 42))) < 1e-9)
        #expect(abs(chart[0].fatigue - 100 * (1 - exp(-1 / 7))) < 1e-9)
        #expect(chart[0].form == 0)
        for index in 1..<chart.count {
            #expect(abs(chart[index].fitness - chart[index - 1].fitness * exp(-1 / 42)) < 1e-9)
            #expect(abs(chart[index].fatigue - chart[index - 1].fatigue * exp(-1 / 7)) < 1e-9)
            #expect(chart[index].form == chart[index - 1].fitness - chart[index - 1].fatigue)
        }
    }

    @Test func aSteadyLoadConvergesToItself() throws {
        var load = TrainingLoad()
        for day in 0..<400 { load.add(stress: 80, day: day) }
        let last = try #require(load.chart(through: 399).last)
        #expect(abs(last.fitness - 80) < 0.01)
        #expect(abs(last.fatigue - 80) < 1e-9)
    }

    @Test func aLateWorkoutRecomputesFromItsDayOnly() {
        var incremental = TrainingLoad()
        incremental.add(stress: 50, day: 5)
        incremental.add(stress: 70, day: 20)
        _ = incremental.chart(through: 30)
        incremental.add(stress: 90, day: 12)
        incremental.add(stress: 40, day: 2)
        var once = TrainingLoad()
        for (stress, day) in [(40.0, 2), (50, 5), (90, 12), (70, 20)] { once.add(stress: stress, day: day) }
        #expect(incremental.chart(through: 30) == once.chart(through: 30))
        #expect(once.chart(through: 30).first?.day == 2)
    }
}
