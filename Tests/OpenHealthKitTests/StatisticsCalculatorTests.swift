import Foundation
import Testing
@testable import OpenHealthKitCore

@Suite struct StatisticsCalculatorTests {
    func row(_ start: Double, _ end: Double, _ value: Double, source: Int32 = 0, count: Int32 = 1) -> StatisticRow {
        StatisticRow(start: start, end: end, value: value, source: source, count: count)
    }

    @Test func cumulativeSamplesAreProRatedByOverlap() throws {
        let calculator = StatisticsCalculator(style: .cumulative, options: .cumulativeSum, sourceRank: [0: 0])
        // 100 steps over [0, 100): a bucket [50, 150) gets half.
        let values = try #require(calculator.values(for: [row(0, 100, 100)], lo: 50, hi: 150))
        #expect(values.sum == 50)
        #expect(calculator.values(for: [row(0, 100, 100)], lo: 100, hi: 200) == nil)
    }

    @Test func overlappingSourcesAreMergedByPriority() throws {
        // Watch (rank 0) covers [0, 100) with 100 steps; phone (rank 1) covers [50, 200) with 300 steps.
        // Kept: watch's 100, then phone for [100, 200): 300 × 100/150 = 200.
        let calculator = StatisticsCalculator(style: .cumulative, options: .cumulativeSum, sourceRank: [0: 0, 1: 1])
        let values = try #require(calculator.values(for: [row(0, 100, 100, source: 0), row(50, 200, 300, source: 1)], lo: 0, hi: 1000))
        #expect(abs(values.sum! - 300) < 1e-9)
        // Reversing the priority keeps all of the phone's 300 and the watch's first half (50).
        let reversed = StatisticsCalculator(style: .cumulative, options: .cumulativeSum, sourceRank: [0: 1, 1: 0])
        #expect(abs(reversed.values(for: [row(0, 100, 100, source: 0), row(50, 200, 300, source: 1)], lo: 0, hi: 1000)!.sum! - 350) < 1e-9)
        // Per-source values are each source's own sum.
        let bySource = calculator.valuesBySource(for: [row(0, 100, 100, source: 0), row(50, 200, 300, source: 1)], lo: 0, hi: 1000)
        #expect(bySource[0]?.sum == 100)
        #expect(bySource[1]?.sum == 300)
    }

    @Test func discreteArithmeticAveragesWeightByCount() throws {
        let calculator = StatisticsCalculator(style: .discreteArithmetic, options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent], sourceRank: [:])
        let values = try #require(calculator.values(for: [row(0, 0, 60), row(10, 10, 90, count: 2), row(5, 5, 120)], lo: 0, hi: 60))
        #expect(values.average == (60 + 180 + 120) / 4.0)
        #expect(values.minimum == 60)
        #expect(values.maximum == 120)
        #expect(values.mostRecent == 90)
        #expect(values.mostRecentInterval?.start == Date(timeIntervalSince1970: 10))
    }

    @Test func temporallyWeightedAverageUsesTimeInsideTheInterval() throws {
        let calculator = StatisticsCalculator(style: .discreteTemporallyWeighted, options: .discreteAverage, sourceRank: [:])
        // 50 for 30 s and 80 for 10 s → (1500 + 800) / 40.
        let values = try #require(calculator.values(for: [row(0, 30, 50), row(30, 40, 80)], lo: 0, hi: 100))
        #expect(abs(values.average! - 57.5) < 1e-12)
    }

    @Test func soundLevelsAverageAsEnergy() throws {
        let calculator = StatisticsCalculator(style: .discreteEquivalentContinuousLevel, options: .discreteAverage, sourceRank: [:])
        // Equal time at 60 dB and 80 dB: 10·log10((10^6 + 10^8) / 2) ≈ 77.03 dB.
        let values = try #require(calculator.values(for: [row(0, 60, 60), row(60, 120, 80)], lo: 0, hi: 120))
        #expect(abs(values.average! - 77.0329) < 1e-3)
    }

    @Test func durationIsTheUnionOfIntervals() throws {
        let calculator = StatisticsCalculator(style: .cumulative, options: [.cumulativeSum, .duration], sourceRank: [0: 0])
        let values = try #require(calculator.values(for: [row(0, 10, 1), row(5, 20, 1), row(30, 40, 1)], lo: 0, hi: 100))
        #expect(values.duration == 30)
    }

    @Test func instantsAtTheUpperBoundBelongToTheNextInterval() {
        let calculator = StatisticsCalculator(style: .discreteArithmetic, options: .discreteAverage, sourceRank: [:])
        #expect(calculator.values(for: [row(100, 100, 70)], lo: 0, hi: 100) == nil)
        #expect(calculator.values(for: [row(100, 100, 70)], lo: 100, hi: 200)?.average == 70)
    }

    @Test func optionsAreCheckedAgainstTheTypesStyle() {
        #expect(throws: HKError.self) { try HKStatisticsOptions.cumulativeSum.validate(for: HKQuantityType(.heartRate)) }
        #expect(throws: HKError.self) { try HKStatisticsOptions.discreteAverage.validate(for: HKQuantityType(.stepCount)) }
        do {
            try HKStatisticsOptions.cumulativeSum.validate(for: HKQuantityType(.heartRate))
        } catch {
            #expect(error.localizedDescription == "Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type HKQuantityTypeIdentifierHeartRate")
        }
        #expect(throws: Never.self) { try HKStatisticsOptions([.mostRecent, .separateBySource, .duration]).validate(for: HKQuantityType(.heartRate)) }
    }
}
