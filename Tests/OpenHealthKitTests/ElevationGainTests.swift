import Foundation
import TestSupport
import Testing
import OpenHealthKit

@Suite struct ElevationGainTests {
    @Test func hysteresisIgnoresNoiseAndKeepsRealClimbs() {
        // A 200 m hill climbed and descended five times at 1 Hz, with ±0.5 m noise from a seeded generator.
        var generator = SplitMix64(seed: 7)
        var gain = ElevationGain(threshold: 3)
        var raw = 0.0, previous: Double?
        for second in 0..<10_000 {
            let truth = 100 + 100 * (1 - cos(Double(second) / 2000 * 2 * .pi))
            let noise = Double(generator.next() % 1001) / 1000 - 0.5
            let altitude = truth + noise
            if let previous, altitude > previous { raw += altitude - previous }
            previous = altitude
            gain.add(altitude: altitude, at: Double(second))
        }
        // Each of the five summits and valleys can leave up to the 3 m threshold uncounted.
        #expect(gain.ascended <= 1000 + 1 && gain.ascended >= 1000 - 5 * 3 - 1, "ascended \(gain.ascended)")
        #expect(gain.descended <= 1000 + 1 && gain.descended >= 1000 - 5 * 3 - 1, "descended \(gain.descended)")
        #expect(raw > 1500, "the raw sum should overcount: \(raw)")
    }

    @Test func smallWigglesNeverCount() {
        var gain = ElevationGain(threshold: 3)
        for (second, altitude) in [100.0, 102, 99, 101.5, 98, 100, .nan, 102.9].enumerated() { gain.add(altitude: altitude, at: Double(second)) }
        #expect(gain.ascended == 0 && gain.descended == 0)
        gain.add(altitude: 103.5, at: 8)
        #expect(gain.ascended == 3.5)
    }

    @Test func aSpikeAddsNeitherClimbNorDescent() {
        // The fenix 2's opening: 55 m, then 142.4 m for three seconds, then 56 m and a gentle descent.
        var gain = ElevationGain(threshold: 3)
        let readings: [(Double, Double)] = [(0, 55), (2, 142.4), (3, 142.4), (4, 142.4), (5, 56), (10, 53), (20, 50)]
        for (time, altitude) in readings { gain.add(altitude: altitude, at: time) }
        #expect(gain.ascended == 0)
        #expect(gain.descended == 5)
    }
}
