import Testing
import TrainingMetrics

@Suite struct HeartRateVariabilityTests {
    @Test func aKnownListGivesItsFigures() throws {
        // Successive differences 20, −40, 10, 60: RMSSD = √((400 + 1600 + 100 + 3600) / 4).
        let hrv = try #require(HeartRateVariability(milliseconds: [800, 820, 780, 790, 850]))
        #expect(abs(hrv.rmssd - (5700.0 / 4).squareRoot()) < 1e-9)
        let mean = 808.0
        let variance = [800.0, 820, 780, 790, 850].reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 4
        #expect(abs(hrv.sdnn - variance.squareRoot()) < 1e-9)
        #expect(hrv.pnn50 == 25)
        #expect(hrv.artefacts == 0)
    }

    @Test func aMissedBeatIsReplacedAndTheNextKept() {
        // 1600 ms is a missed beat (two intervals as one): it fails the 20 % check and is
        // interpolated; the 810 after it is kept unchecked.
        let cleaned = HeartRateVariability.cleaned([812, 790, 722, 712, 704, 800, 820, 1600, 810, 805])
        #expect(cleaned.artefacts == 1)
        #expect(cleaned.values == [812, 790, 722, 712, 704, 800, 820, 815, 810, 805])
    }

    @Test func outOfRangeIntervalsAndTheOneAfterAreArtefacts() {
        let cleaned = HeartRateVariability.cleaned([250, 800, 810, 2500, 820, 830, 840])
        // 250 is out of range; 800 cannot be checked against it, so it is an artefact and 810 is
        // kept unchecked. 2500 is out of range, so 820 after it is kept unchecked. The leading two
        // are dropped; 2500 is interpolated between 810 and 820.
        #expect(cleaned.artefacts == 3)
        #expect(cleaned.values == [810, 815, 820, 830, 840])
    }

    @Test func tooFewIntervalsHaveNoFigures() {
        #expect(HeartRateVariability(milliseconds: [800, 810]) == nil)
        #expect(HeartRateVariability(milliseconds: []) == nil)
    }
}
