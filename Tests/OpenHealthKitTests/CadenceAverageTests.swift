import Testing
import OpenHealthKit

@Suite struct CadenceAverageTests {
    @Test func coastingIsLeftOutOfTheAverageAndKeptBesideIt() {
        var cadence = CadenceAverage()
        #expect(cadence.turning == nil && cadence.withZeros == nil && cadence.minimum == nil && cadence.maximum == nil)
        for rpm in [88.0, 0, 92, 0, 90] { cadence.add(rpm) }
        #expect(cadence.turning == 90)
        #expect(cadence.withZeros == 54)
        #expect(cadence.minimum == 0 && cadence.maximum == 92)
    }

    @Test func onlyZerosHaveNoTurningAverage() {
        var cadence = CadenceAverage()
        cadence.add(0)
        cadence.add(0)
        #expect(cadence.turning == nil && cadence.withZeros == 0)
    }

    @Test func impossibleReadingsAreNotReadings() {
        var cadence = CadenceAverage()
        for rpm in [-5, .nan, .infinity, 80] { cadence.add(rpm) }
        #expect(cadence.turning == 80 && cadence.withZeros == 80 && cadence.minimum == 80)
    }
}
