import Testing
import TrainingMetrics

@Suite struct LivePowerMetricsTests {
    @Test func rollingMeansLapsAndWPrimeFollowTheRide() throws {
        var live = LivePowerMetrics(functionalThresholdPower: 250, criticalPower: 260, wPrime: 12_000)
        #expect(live.mean(last: 3) == nil)
        for _ in 0..<600 { live.add(200) }
        #expect(live.mean(last: 3) == 200)
        #expect(live.normalizedPower == 200)
        live.startLap()
        #expect(live.lapNormalizedPower == nil)
        for second in 0..<60 { live.add(second < 57 ? 400 : 100) }
        #expect(live.mean(last: 3) == 100)
        let lastTen: Double = (7 * 400 + 3 * 100) / 10
        #expect(live.mean(last: 10) == lastTen)
        #expect(try #require(live.lapNormalizedPower) > 350)
        // 57 s at 140 W above CP, then 3 s of recovery.
        let balance = try #require(live.wPrimeBalance)
        let spent: Double = 12_000 - 57 * 140
        #expect(balance > spent)
        #expect(balance < spent + 3 * 160)
        #expect(live.wPrimeLow == false)
        for _ in 0..<30 { live.add(400) }
        #expect(live.wPrimeLow)
        // TSS so far is the whole ride's, as a finished ride's would be.
        var seconds: [Double] = [Double](repeating: 200, count: 600)
        seconds += (0..<60).map { $0 < 57 ? 400 : 100 }
        seconds += [Double](repeating: 400, count: 30)
        let finished = RideMetrics(power: SecondSeries(values: seconds), heartRate: nil, thresholds: .init(functionalThresholdPower: 250))
        #expect(try #require(live.trainingStressScore) == (try #require(finished.trainingStressScore)))
    }
}
