import Foundation
import Testing
import OpenHealthKit

@Suite struct HeartRateZonesTests {
    @Test func zonesFromMaximumAndFromReserve() throws {
        let profile = AthleteProfile(sex: .male, age: 40, massKilograms: 70, heightCentimeters: 175, restingHeartRate: 50)
        #expect(profile.estimatedMaximumHeartRate == 180) // Tanaka: 208 − 0.7 × 40
        let byMaximum = try #require(HeartRateZoneChoice(profile: profile)).zones
        #expect(zip(byMaximum.lowerBounds, [90.0, 108, 126, 144, 162]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(byMaximum.zone(of: 80) == 0)
        #expect(byMaximum.zone(of: 90) == 1)
        #expect(byMaximum.zone(of: 143.9) == 3)
        #expect(byMaximum.zone(of: 175) == 5)
        var reserve = profile
        reserve.zoneModel = .heartRateReserve
        let byReserve = try #require(HeartRateZoneChoice(profile: reserve)).zones
        #expect(zip(byReserve.lowerBounds, [115.0, 128, 141, 154, 167]).allSatisfy { abs($0 - $1) < 1e-9 })
        var noResting = reserve
        noResting.restingHeartRate = nil
        #expect(HeartRateZoneChoice(profile: noResting)?.zones == byMaximum)
    }
}

@Suite(.timeLimit(.minutes(10))) struct TimeInHeartRateZonesTests {
    @Test func readingsHoldUntilTheNextAndPausesDoNotCount() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate, HKWorkoutType()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil, clock: VirtualClock(start: at(0)))
        let zones = HeartRateZones(lowerBounds: [100, 120, 140, 160, 180])
        try await builder.beginCollection(at: at(0))
        // 130 bpm from 0 s, 150 from 5 s, 170 from 10 s (held 10 s at most), 90 at 60 s; paused from 12 s to 15 s.
        try await builder.addSamples([heartRateSample(130, at: 0), heartRateSample(150, at: 5), heartRateSample(170, at: 10), heartRateSample(90, at: 60)])
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(12), duration: 0), metadata: nil),
                                            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(15), duration: 0), metadata: nil)])
        try await builder.endCollection(at: at(65))
        let times = builder.timeInHeartRateZones(zones)
        #expect(times == [5, 0, 5, 5, 7, 0], "\(times)")  // below zone 1: the 90 bpm at the end; zones 2, 3, 4: 130, 150, 170 bpm
    }
}
