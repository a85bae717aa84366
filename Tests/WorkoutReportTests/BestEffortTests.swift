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
        let best = try! #require(BestEffort.power(300, in: series, timeline: timeline))
        var brute = 0.0, start = 0
        for first in 0...(series.count - 300) {
            let average = series.values[first..<(first + 300)].reduce(0, +) / 300
            if average > brute { (brute, start) = (average, first) }
        }
        #expect(abs(best.value - brute) < 1e-9, "\(best.value) against \(brute)")
        #expect(best.startElapsed == Double(start) + 60)
        #expect(best.value > 240, "the stretch with 120 W more")
        #expect(BestEffort.power(3_600, in: series, timeline: timeline) == nil)
    }
}
