import Foundation
import Testing
import WorkoutFormats
import WorkoutReport

@Suite("Largest-triangle-three-buckets downsampling")
struct LargestTriangleThreeBucketsTests {
    /// A deterministic noisy series with one-sample spikes, as a heart-rate strap's glitches.
    static func series(count: Int, seed: UInt64) -> (x: [Double], y: [Double]) {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let x = (0..<count).map(Double.init)
        let y = x.map { time -> Double in
            let wave: Double = 140 + 20 * sin(time / 300) + next() * 6
            let dip: Double = next() < 0.001 ? -60 : 0
            let spike: Double = next() < 0.001 ? 50 : 0
            return wave + dip + spike
        }
        return (x, y)
    }

    @Test("keeps exactly the threshold's number of points, first and last, in order", arguments: [3, 10, 500, 1_000])
    func keepsThreshold(threshold: Int) {
        let (x, y) = Self.series(count: 86_400, seed: UInt64(threshold))
        let kept = LargestTriangleThreeBuckets.indices(x: x, y: y, threshold: threshold)
        #expect(kept.count == threshold)
        #expect(kept.first == 0)
        #expect(kept.last == x.count - 1)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("keeps the series' highest and lowest points", arguments: 1...20)
    func keepsExtremes(seed: Int) {
        let (x, y) = Self.series(count: 20_000, seed: UInt64(seed))
        let kept = LargestTriangleThreeBuckets.indices(x: x, y: y, threshold: 300)
        let drawn = kept.map { y[$0] }
        #expect(drawn.max() == y.max())
        #expect(drawn.min() == y.min())
    }

    @Test("keeps a one-sample spike that every-n-th-point sampling loses")
    func keepsSpike() {
        var y = [Double](repeating: 100, count: 10_000)
        y[4_321] = 190
        y[7_777] = 60
        let x = (0..<y.count).map(Double.init)
        let kept = LargestTriangleThreeBuckets.indices(x: x, y: y, threshold: 100)
        #expect(kept.contains(4_321))
        #expect(kept.contains(7_777))
        // Every 100th point would have drawn a flat line.
        #expect(stride(from: 0, to: y.count, by: 100).allSatisfy { y[$0] == 100 })
    }

    @Test("a series at or under the threshold is kept whole")
    func shortSeries() {
        let (x, y) = Self.series(count: 50, seed: 7)
        #expect(LargestTriangleThreeBuckets.indices(x: x, y: y, threshold: 50) == Array(0..<50))
        #expect(LargestTriangleThreeBuckets.indices(x: [], y: [], threshold: 10).isEmpty)
    }
}
