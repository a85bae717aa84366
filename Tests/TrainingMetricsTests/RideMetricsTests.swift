import Testing
import TrainingMetrics

@Suite struct RideMetricsTests {
    @Test func anHourAtThresholdScoresOneHundred() throws {
        let power = SecondSeries(values: [Double](repeating: 280, count: 3600))
        let heart = SecondSeries(values: [Double](repeating: 150, count: 3600))
        let metrics = RideMetrics(power: power, heartRate: heart, thresholds: .init(functionalThresholdPower: 280))
        #expect(abs(try #require(metrics.intensityFactor) - 1) < 1e-12)
        #expect(abs(try #require(metrics.trainingStressScore) - 100) < 1e-9)
        #expect(abs(try #require(metrics.variabilityIndex) - 1) < 1e-12)
        #expect(abs(try #require(metrics.work) - 280 * 3.6) < 1e-9)
        #expect(abs(try #require(metrics.efficiencyFactor) - 280.0 / 150) < 1e-12)
        #expect(abs(try #require(metrics.decoupling)) < 1e-12)
        #expect(metrics.powerZones?.seconds == [0, 0, 0, 3600, 0, 0, 0])
        #expect(metrics.stress == metrics.trainingStressScore)
    }

    @Test func halfAnHourAtThresholdScoresTwentyFive() throws {
        // TSS grows with time and with the square of intensity: 30 min at FTP is 50; at 70 % it is 24.5.
        let atThreshold = RideMetrics(power: SecondSeries(values: [Double](repeating: 300, count: 1800)), heartRate: nil,
                                      thresholds: .init(functionalThresholdPower: 300))
        #expect(abs(try #require(atThreshold.trainingStressScore) - 50) < 1e-9)
        let easy = RideMetrics(power: SecondSeries(values: [Double](repeating: 210, count: 1800)), heartRate: nil,
                               thresholds: .init(functionalThresholdPower: 300))
        #expect(abs(try #require(easy.trainingStressScore) - 24.5) < 1e-9)
    }

    @Test func withoutPowerTheStressIsTheTrainingImpulse() throws {
        let heart = SecondSeries(values: [Double](repeating: 145, count: 3600))
        let metrics = RideMetrics(power: nil, heartRate: heart,
                                  thresholds: .init(functionalThresholdPower: 250, maximumHeartRate: 190, restingHeartRate: 50))
        #expect(metrics.trainingStressScore == nil)
        #expect(metrics.normalizedPower == nil)
        let trimp = try #require(metrics.trainingImpulse)
        #expect(metrics.stress == trimp)
    }

    @Test func decouplingComparesTheHalves() throws {
        // The same power, heart rate 140 then 154 (10 % more): Pw:HR falls by 1 − 140/154 = 9.09 %.
        let power = SecondSeries(values: [Double](repeating: 200, count: 3600))
        let heart = SecondSeries(values: [Double](repeating: 140, count: 1800) + [Double](repeating: 154, count: 1800))
        let metrics = RideMetrics(power: power, heartRate: heart, thresholds: .init())
        #expect(abs(try #require(metrics.decoupling) - (1 - 140.0 / 154) * 100) < 1e-9)
    }
}
