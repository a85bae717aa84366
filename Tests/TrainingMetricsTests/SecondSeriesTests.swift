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

    @Test func aSensorHeardLateStartsItsSeriesWhenItWasHeard() {
        // A power meter found 2.4 s into a 3-minute ride: its 180 readings, and no zero before them.
        let times = (0..<180).map { 2.4 + Double($0) }
        let series = SecondSeries(times: times, values: [Double?](repeating: 181.5, count: 180))
        #expect(series.start == 2 && series.count == 180 && series.end == 182)
        #expect(series.mean == 181.5)
        #expect(series.values.allSatisfy { $0 == 181.5 })
    }

    @Test func twoSeriesPairOverTheSecondsBothCover() {
        let power = SecondSeries(values: [100, 110, 120, 130], start: 2)
        let heart = SecondSeries(values: [140, 141, 142, 143, 144], start: 0)
        let paired = power.overlap(heart)
        #expect(Array(paired.own) == [100, 110, 120])
        #expect(Array(paired.other) == [142, 143, 144])
        #expect(power.overlap(SecondSeries(values: [1, 2], start: 9)).own.isEmpty)
    }
}
