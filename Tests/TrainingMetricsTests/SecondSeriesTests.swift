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

    // MARK: The accumulator a live recording feeds

    /// The rule as the batch initializer first wrote it, whole-series, as an oracle for the accumulator.
    static func reference(times: [Double], values: [Double?]) -> [Double] {
        var readings: [(time: Double, value: Double)] = []
        for (time, value) in zip(times, values) {
            guard let value, value.isFinite, time.isFinite, time >= 0 else { continue }
            if let last = readings.last, time < last.time { continue }
            readings.append((time, value))
        }
        guard let first = readings.first, let last = readings.last else { return [] }
        let start = Int(first.time.rounded(.down))
        let count = Int(last.time.rounded(.down)) + 1 - start
        var series = [Double](repeating: 0, count: count)
        var next = 0
        for index in 0..<count {
            let time = Double(start + index)
            while next < readings.count, readings[next].time <= time { next += 1 }
            guard next > 0 else { series[index] = first.value; continue }
            let before = readings[next - 1]
            if before.time == time || next == readings.count { series[index] = time - before.time < 1 ? before.value : 0; continue }
            let after = readings[next]
            let gap = after.time - before.time
            series[index] = gap <= SecondSeries.interpolationLimit ? before.value + (after.value - before.value) * (time - before.time) / gap
                : (time - before.time < 1 ? before.value : 0)
        }
        return series
    }

    /// Readings as a recording meets them: 1 Hz with jitter, smart-recording gaps, a long dropout, two readings at
    /// one time (a pause), one out of order, a missing value, whole and fractional seconds.
    static func awkwardReadings(count: Int, seed: UInt64) -> (times: [Double], values: [Double?]) {
        var state = seed
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var times: [Double] = [], values: [Double?] = []
        var time = 3 + random() * 2
        for index in 0..<count {
            switch index % 97 {
            case 40: time += 30 + random() * 20          // a dropout longer than the interpolation limit
            case 60: break                               // a second reading at the same time
            case 70: time -= 0.5                         // out of order: not a reading
            case 80: time = time.rounded(.down) + 1      // on a whole second
            default: time += random() < 0.2 ? 1 + random() * 8 : 0.6 + random() * 0.8
            }
            times.append(time)
            values.append(index % 53 == 7 ? nil : (random() < 0.1 ? 0 : 100 + random() * 300))
        }
        return (times, values)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func readingsTakenOneByOneGiveTheWholeRidesSeries(seed: UInt64) {
        let (times, values) = Self.awkwardReadings(count: 600, seed: seed)
        var accumulator = SecondSeries.Accumulator()
        for index in times.indices {
            accumulator.add(values[index], at: times[index])
            // At every reading, the series so far is the one of a ride that ended with it, and its mean is kept as it goes.
            if index % 37 == 0 || index == times.count - 1 {
                let reference = Self.reference(times: Array(times[...index]), values: Array(values[...index]))
                #expect(accumulator.finished.values == reference, "after reading \(index)")
                let mean = reference.isEmpty ? nil : reference.reduce(0, +) / Double(reference.count)
                #expect(abs((accumulator.mean ?? -1) - (mean ?? -1)) < 1e-9, "after reading \(index)")
            }
        }
        #expect(SecondSeries(times: times, values: values).values == Self.reference(times: times, values: values))
        #expect(accumulator.finished == SecondSeries(times: times, values: values))
    }

    @Test func aSecondIsSettledOnlyOnceTheReadingAfterItIsHeard() {
        var power = SecondSeries.Accumulator()
        #expect(power.mean == nil && power.finished.values.isEmpty)
        power.add(200, at: 5)
        // Second 5 holds the reading at 5.0 s, unless another comes at 5.0 s: not settled yet.
        #expect(power.series.values.isEmpty && power.finished.values == [200] && power.mean == 200)
        power.add(220, at: 5)
        #expect(power.finished.values == [220])
        power.add(260, at: 6.5)
        #expect(power.series.values == [220, 220 + 40 / 1.5])
        #expect(power.finished.values == [220, 220 + 40 / 1.5])
        power.add(nil, at: 7)
        power.add(.infinity, at: 7)
        power.add(300, at: 6)
        #expect(power.finished.values.count == 2)
    }
}
