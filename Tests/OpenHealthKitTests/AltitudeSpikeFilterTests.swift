import Testing
import OpenHealthKit

@Suite struct AltitudeSpikeFilterTests {
    private func kept(_ readings: [(time: Double, altitude: Double)]) -> [Double] {
        var filter = AltitudeSpikeFilter()
        return readings.filter { filter.keeps(altitude: $0.altitude, at: $0.time) }.map(\.altitude)
    }

    @Test func theFenix2sOpeningSpikeIsRefusedAndTheRunKept() {
        // 87 m in two seconds is 43 m/s; the bound at 2 s is 10 + 5 × 2 = 20 m.
        #expect(kept([(0, 55), (2, 142.4), (3, 142.4), (4, 142.4), (5, 56), (6, 56.2)]) == [55, 56, 56.2])
    }

    @Test func aSteepDescentAtSpeedIsKept() {
        // 20 % at 90 km/h is 5 m/s down: every second's 5 m is within 10 + 5 m.
        let descent = (0..<60).map { (time: Double($0), altitude: 1000 - 5 * Double($0)) }
        #expect(kept(descent).count == 60)
    }

    @Test func theBoundGrowsWithTheGap() {
        // 40 m after 5 s is refused (bound 35 m); after 6 s it is taken (bound 40 m).
        #expect(kept([(0, 100), (5, 140)]) == [100])
        #expect(kept([(0, 100), (6, 140)]) == [100, 140])
    }

    @Test func aWrongFirstReadingIsLeftBehindWithinSeconds() {
        // The first reading is 90 m too high; at 1 Hz the true level is taken once 10 + 5 t ≥ 90, at 16 s.
        let readings = [(time: 0.0, altitude: 190.0)] + (1...20).map { (time: Double($0), altitude: 100.0) }
        let result = kept(readings)
        #expect(result.first == 190)
        #expect(result.dropFirst().count == 5, "kept from 16 s to 20 s: \(result)")
    }

    @Test func nonFiniteReadingsAreNeverKeptNorBecomeTheReference() {
        #expect(kept([(0, .nan), (1, .infinity), (2, 300), (3, 301)]) == [300, 301])
    }
}
