import Testing
import WorkoutFormats
import WorkoutReport

@Suite("Splits")
struct SplitTests {
    @Test("a 5.2 km run at 4 m/s has five 4:10 kilometres and a 200 m rest, adding up to the moving time")
    func kilometres() {
        let timeline = WorkoutTimeline(activity: straightActivity(seconds: 1_301, pauses: [(500, 560)]))
        let splits = Split.splits(of: timeline, every: 1_000)
        #expect(splits.count == 5)
        #expect(splits.prefix(4).allSatisfy { abs($0.seconds - 250) < 0.01 && $0.meters == 1_000 })
        #expect(abs(splits[4].meters - 960) < 0.01)
        #expect(abs(splits.reduce(0) { $0 + $1.seconds } - timeline.movingDuration) < 0.01)
        #expect(splits.allSatisfy { abs(($0.elevationChange ?? 0) - $0.meters / 100) < 0.1 })
    }

    @Test("miles")
    func miles() {
        let splits = Split.splits(of: WorkoutTimeline(activity: straightActivity(seconds: 1_001)), every: 1_609.344)
        #expect(splits.count == 3)
        #expect(abs(splits[0].seconds - 402.336) < 0.01)
    }
}
