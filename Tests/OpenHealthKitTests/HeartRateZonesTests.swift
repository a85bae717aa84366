import Testing
import OpenHealthKit

@Suite struct HeartRateZonesTests {
    @Test func zonesFromMaximumAndFromReserve() {
        let profile = AthleteProfile(sex: .male, age: 40, massKilograms: 70, heightCentimeters: 175, restingHeartRate: 50)
        #expect(profile.estimatedMaximumHeartRate == 180) // Tanaka: 208 − 0.7 × 40
        let byMaximum = HeartRateZones.percentOfMaximum(profile: profile)
        #expect(zip(byMaximum.lowerBounds, [90.0, 108, 126, 144, 162]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(byMaximum.zone(of: 80) == 0)
        #expect(byMaximum.zone(of: 90) == 1)
        #expect(byMaximum.zone(of: 143.9) == 3)
        #expect(byMaximum.zone(of: 175) == 5)
        let byReserve = HeartRateZones.karvonen(profile: profile)
        #expect(zip(byReserve.lowerBounds, [115.0, 128, 141, 154, 167]).allSatisfy { abs($0 - $1) < 1e-9 })
        var noResting = profile
        noResting.restingHeartRate = nil
        #expect(HeartRateZones.karvonen(profile: noResting) == byMaximum)
    }
}
