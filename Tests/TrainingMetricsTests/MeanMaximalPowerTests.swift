import PropertyBased
import TestSupport
import Testing
import TrainingMetrics

@Suite struct MeanMaximalPowerTests {
    /// The envelope of the best average for every duration, by trying every window.
    static func bruteForce(_ watts: [Double]) -> [Double] {
        var best = [Double](repeating: -.infinity, count: watts.count + 1)
        for start in watts.indices {
            var sum = 0.0
            for end in start..<watts.count {
                sum += watts[end]
                let duration = end - start + 1
                best[duration] = max(best[duration], sum / Double(duration))
            }
        }
        var running = -Double.infinity
        for duration in stride(from: watts.count, through: 1, by: -1) {
            running = max(running, best[duration])
            best[duration] = running
        }
        return best
    }

    @Test func theCurveMatchesBruteForceAndNeverRises() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1500).array(of: 1...400)) { values in
            let watts = values.map(Double.init)
            let curve = MeanMaximalPower(watts: watts)
            let expected = Self.bruteForce(watts)
            #expect(curve.durations == Array(1...watts.count))
            for (duration, value) in zip(curve.durations, curve.watts) {
                #expect(abs(value - expected[duration]) < 1e-9)
            }
            #expect(zip(curve.watts, curve.watts.dropFirst()).allSatisfy { $0 >= $1 })
        }
    }

    @Test func longRidesAreExactOnEverySecondTo20MinutesThenInOnePercentSteps() {
        let durations = MeanMaximalPower.durations(upTo: 36_000)
        #expect(Array(durations.prefix(1200)) == Array(1...1200))
        #expect(durations.last == 36_000)
        for (shorter, longer) in zip(durations.dropFirst(1200), durations.dropFirst(1201)) {
            #expect(Double(longer) / Double(shorter) <= 1.01)
            #expect(longer > shorter)
        }
        #expect(durations.count < 1600)
    }

    @Test func pointsBeyondTwentyMinutesAreExact() {
        var generator = SplitMix64(seed: 11)
        let watts = (0..<5000).map { _ in Double(generator.next() % 500) }
        let curve = MeanMaximalPower(watts: watts)
        // Each point's own best by trying every window, then the envelope over the curve's points.
        var sums = [0.0]
        for value in watts { sums.append(sums.last! + value) }
        var expected = curve.durations.map { duration in
            (0...(watts.count - duration)).map { start in sums[start + duration] - sums[start] }.max()! / Double(duration)
        }
        for index in expected.indices.reversed().dropFirst() { expected[index] = max(expected[index], expected[index + 1]) }
        for (index, value) in curve.watts.enumerated() {
            #expect(abs(value - expected[index]) < 1e-9)
        }
        // Between steps the answer is the longer step's, which never overstates.
        let everyDuration = Self.bruteForce(watts)
        for seconds in [1500, 2222, 4999] {
            #expect(curve.watts(at: seconds)! <= everyDuration[seconds] + 1e-9)
        }
        #expect(curve.watts(at: 5001) == nil)
    }

    @Test func theBestStretchIsFoundWithItsStart() throws {
        let watts = [Double](repeating: 100, count: 100) + [Double](repeating: 400, count: 20) + [Double](repeating: 100, count: 100)
        let best = try #require(MeanMaximalPower.best(20, in: watts))
        #expect(best.average == 400)
        #expect(best.start == 100)
        #expect(MeanMaximalPower.best(221, in: watts) == nil)
    }

    @Test func theStretchHoldingAPointIsFoundWhateverTheSeries() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1500).array(of: 1...300)) { values in
            let watts = values.map(Double.init)
            let curve = MeanMaximalPower(watts: watts)
            let envelope = Self.bruteForce(watts)
            for seconds in Set([1, 5, 30, 60, watts.count / 2, watts.count]) where seconds >= 1 && seconds <= watts.count {
                guard let held = MeanMaximalPower.bestHeld(seconds, in: watts, curve: curve) else {
                    Issue.record("nothing held for \(seconds) s of \(watts.count)")
                    continue
                }
                #expect(abs(held.average - envelope[seconds]) < 1e-9)
                #expect(held.seconds >= seconds && held.start + held.seconds <= watts.count)
                let stretch = watts[held.start..<(held.start + held.seconds)].reduce(0, +) / Double(held.seconds)
                #expect(stretch >= held.average - 1e-6, "the stretch holds the point")
            }
            #expect(MeanMaximalPower.bestHeld(watts.count + 1, in: watts, curve: curve) == nil)
        }
    }

    @Test func theDurationsRecordsNameAreOnTheCurveExactly() {
        let durations = MeanMaximalPower.durations(upTo: 10_000)
        #expect(MeanMaximalPower.recordDurations.allSatisfy(durations.contains))
        #expect(zip(durations, durations.dropFirst()).allSatisfy { $0 < $1 })
        #expect(!MeanMaximalPower.durations(upTo: 3_000).contains(3_600))
    }

    @Test func mergingKeepsTheBestOfEachDuration() {
        let a = MeanMaximalPower(durations: [1, 5, 60], watts: [900, 500, 300])
        let b = MeanMaximalPower(durations: [1, 5, 20], watts: [800, 600, 250])
        let merged = a.merged(with: b)
        #expect(merged.durations == [1, 5, 20, 60])
        // 20 s takes 300 W from the 60-s point of `a`: what is held for a minute is held for 20 s.
        #expect(merged.watts == [900, 600, 300, 300])
    }
}
