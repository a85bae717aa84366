import Testing
import TrainingMetrics

@Suite struct SecondSeriesTests {
    @Test func smartRecordingGapsAreInterpolated() {
        let series = SecondSeries(times: [0, 4, 5.5], values: [100, 200, 50])
        #expect(series.values == [100, 125, 150, 175, 200, 100])
    }

    @Test func longGapsAreZeroAfterOneSecond() {
        let series = SecondSeries(times: [0, 0.5, 40], values: [300, 300, 100])
        #expect(series.count == 41)
        #expect(series.values[0] == 300)
        // Second 1 is within a second of the reading at 0.5 s, so it holds; second 2 is not.
        #expect(series.values[1] == 300)
        #expect(series.values[2] == 0)
        #expect(series.values[39] == 0)
        #expect(series.values[40] == 100)
    }

    @Test func missingAndNonFiniteValuesAreNotReadings() {
        let series = SecondSeries(times: [0, 1, 2, 3, 10], values: [100, nil, .nan, 200, 300])
        #expect(series.values[1] == 100 + 100.0 / 3)
        #expect(series.values[3] == 200)
        #expect(series.values[10] == 300)
        #expect(SecondSeries(times: [0, 1], values: [nil, nil]).values.isEmpty)
    }
}
