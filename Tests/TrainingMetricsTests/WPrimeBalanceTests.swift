import Foundation
import Testing
import TrainingMetrics

@Suite struct WPrimeBalanceTests {
    /// A square wave (60 s at 400 W, 120 s at 150 W, five times) against the solution of the
    /// differential equation: a linear fall above CP, an exponential recovery towards W′ below it.
    @Test func aSquareWaveFollowsTheIntegralSolution() {
        let cp = 250.0, wPrime = 20_000.0
        var watts: [Double] = []
        for _ in 0..<5 { watts += [Double](repeating: 400, count: 60) + [Double](repeating: 150, count: 120) }
        let balance = WPrimeBalance.series(watts: watts, criticalPower: cp, wPrime: wPrime)
        var expected = wPrime
        var worst = 0.0
        for (second, value) in watts.enumerated() {
            if value > cp {
                expected -= value - cp
            } else {
                // dW/dt = (CP − P)(W′ − W)/W′ over one second, solved exactly.
                expected = wPrime - (wPrime - expected) * exp(-(cp - value) / wPrime)
            }
            worst = max(worst, abs(balance[second] - expected))
        }
        // The machine steps once a second (as sweat's and GoldenCheetah's do), so it trails the exact
        // solution by (1 − x) against e^(−x) per second of recovery (x = (CP − P)/W′), about
        // x²/2 of the deficit a second: 31 J at worst here, under 0.25 % of W′.
        #expect(worst < 0.0025 * wPrime)
        #expect(balance[59] == wPrime - 60 * 150)
    }

    @Test func belowCriticalPowerTheBalanceNeverPassesWPrime() {
        var machine = WPrimeBalance(criticalPower: 250, wPrime: 15_000)
        for _ in 0..<30 { machine.add(600) }
        for _ in 0..<7200 { machine.add(0) }
        #expect(machine.balance <= 15_000)
        #expect(machine.balance > 14_999)
        #expect(machine.lowest == 15_000 - 30 * 350)
    }
}
