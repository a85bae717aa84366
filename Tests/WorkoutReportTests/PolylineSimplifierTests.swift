import Foundation
import Testing
import WorkoutFormats
@testable import WorkoutReport

@Suite("Track simplification")
struct PolylineSimplifierTests {
    @Test("no dropped point lies farther than the tolerance from the kept line", arguments: [0.35, 2.0])
    func withinTolerance(tolerance: Double) {
        let x = (0..<5_000).map { Double($0) * 0.2 }
        let y = x.map { 50 * sin($0 / 40) + 3 * sin($0 * 1.7) }
        let kept = PolylineSimplifier.indices(x: x, y: y, tolerance: tolerance)
        #expect(kept.first == 0 && kept.last == x.count - 1)
        #expect(kept.count < x.count / 2)
        for (a, b) in zip(kept, kept.dropFirst()) {
            for index in a...b {
                let dx = x[b] - x[a], dy = y[b] - y[a]
                let fraction = max(0, min(1, ((x[index] - x[a]) * dx + (y[index] - y[a]) * dy) / (dx * dx + dy * dy)))
                #expect(hypot(x[a] + fraction * dx - x[index], y[a] + fraction * dy - y[index]) <= tolerance + 1e-9)
            }
        }
    }

    @Test("an out-and-back keeps its turning point")
    func turnaround() {
        let x = (0...200).map { Double($0 <= 100 ? $0 : 200 - $0) }
        let y = [Double](repeating: 0, count: 201)
        #expect(PolylineSimplifier.indices(x: x, y: y, tolerance: 0.5).contains(100))
    }
}
