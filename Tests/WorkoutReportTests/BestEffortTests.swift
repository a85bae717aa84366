import Testing
import TrainingMetrics
import WorkoutFormats
import WorkoutReport

@Suite("Best efforts")
struct BestEffortTests {
    @Test("the fastest kilometre is found where the pace was quickest, pauses left out")
    func fastestKilometre() {
        // 4 m/s, with a stretch at 6 m/s from 400 to 700 s.
        var activity = straightActivity(seconds: 1_201, pauses: [(900, 960)])
        var meters = 0.0
        for index in activity.records.indices {
            let paused = index > 900 && index <= 960
            if index > 0, !paused { meters += (400..<700).contains(index) ? 6 : 4 }
            activity.records[index].distance = meters
        }
        let timeline = WorkoutTimeline(activity: activity)
        let best = try! #require(BestEffort.fastest(1_000, in: timeline))
        #expect(abs(best.value - 1_000.0 / 6) < 1)
        #expect(best.startElapsed >= 399 && best.startElapsed <= 534)
        #expect(BestEffort.fastest(100_000, in: timeline) == nil)
    }

    @Test("the best five minutes of power is the window a brute force finds, and where it starts in elapsed time")
    func bestPower() {
        let power: (Int) -> Double? = { second in Double(150 + (second * 37) % 90) + ((600..<720).contains(second) ? 120 : 0) }
        // A pause from 100 to 160 s: the stretch's moving start is 60 s before its elapsed start.
        let timeline = WorkoutTimeline(activity: straightActivity(seconds: 1_800, pauses: [(100, 160)], power: power))
        let series = timeline.seconds(of: \.power)
        let curve = MeanMaximalPower(watts: series.values)
        let best = try! #require(BestEffort.power(300, in: series, curve: curve, timeline: timeline))
        var brute = 0.0, start = 0
        for first in 0...(series.count - 300) {
            let average = series.values[first..<(first + 300)].reduce(0, +) / 300
            if average > brute { (brute, start) = (average, first) }
        }
        #expect(abs(best.value - brute) < 1e-9, "\(best.value) against \(brute)")
        #expect(best.startElapsed == Double(start) + 60)
        #expect(best.value > 240, "the stretch with 120 W more")
        #expect(BestEffort.power(3_600, in: series, curve: curve, timeline: timeline) == nil)
    }

    @Test("a minute's best power is the curve's point, held in a longer stretch when that is higher, on every surface")
    func bestPowerIsHeldForAtLeastTheDuration() throws {
        // 30 s at 300 W, 8 s at 0 W, 30 s at 300 W: any 60 s averages at most 260 W, the 68 s 264.7 W.
        let power: (Int) -> Double? = { second in (100..<130).contains(second) || (138..<168).contains(second) ? 300 : 0 }
        let timeline = WorkoutTimeline(activity: straightActivity(seconds: 600, pauses: [], power: power))
        let series = timeline.seconds(of: \.power)
        let curve = MeanMaximalPower(watts: series.values)
        #expect(abs((MeanMaximalPower.best(60, in: series.values)?.average ?? 0) - 260) < 1e-9, "the raw best of 60 s")
        let best = try #require(BestEffort.power(60, in: series, curve: curve, timeline: timeline))
        #expect(abs(best.value - 18_000.0 / 68) < 1e-9 && best.value == curve.watts(at: 60))
        #expect(best.startElapsed == 100, "the 68-s stretch that holds it")
        #expect(WorkoutEfforts(timeline: timeline).power[60] == best.value, "the records keep the same figure")
    }
}
