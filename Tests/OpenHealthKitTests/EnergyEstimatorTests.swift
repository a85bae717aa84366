import Foundation
import OpenHealthKit
import Testing

@Suite struct EnergyEstimatorTests {
    let rider = AthleteProfile(sex: .male, age: 35, massKilograms: 75, heightCentimeters: 180)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func powerWinsOverHeartRateAndEachReadingClosesTheIntervalAtTheRateBefore() throws {
        var estimator = EnergyEstimator(activityType: .cycling, profile: rider)
        #expect(estimator.power(240, at: at(0)) == nil, "the first reading opens the interval")
        #expect(estimator.heartRate(150, at: at(0)) == nil)
        let closed = estimator.power(400, at: at(1))
        let interval = try #require(closed)
        // 240 W for a second at 24 % efficiency: 240 J / (4,184 J/kcal × 0.24).
        #expect(abs(interval.activeKilocalories - 240 / (4_184 * 0.24)) < 1e-9)
        #expect(interval.start == at(0) && interval.end == at(1))
        #expect(interval.basalKilocalories.map { abs($0 - EnergyModels.basalKilocaloriesPerDay(profile: rider) / 86_400) < 1e-12 } == true)
        #expect(estimator.heartRate(152, at: at(1)) == nil, "power applies: heart rate gives none")
        #expect(estimator.speed(8, at: at(1)) == nil)
    }

    @Test func heartRateAndSpeedNeedTheAthleteAndGapsAreNotBridged() throws {
        var anonymous = EnergyEstimator(activityType: .running, profile: nil)
        _ = anonymous.heartRate(150, at: at(0))
        #expect(anonymous.heartRate(150, at: at(1)) == nil, "Keytel needs the athlete's sex, age and mass")
        var estimator = EnergyEstimator(activityType: .running, profile: rider)
        _ = estimator.heartRate(150, at: at(0))
        let second = estimator.heartRate(150, at: at(1))
        let minute = try #require(second)
        #expect(abs(minute.activeKilocalories - EnergyModels.keytelKilocaloriesPerMinute(heartRate: 150, profile: rider) / 60) < 1e-9)
        #expect(estimator.heartRate(150, at: at(1 + EnergyEstimator.longestInterval + 1)) == nil, "a gap over 10 s carries nothing")
        // Speed once heart rate has gone quiet: METs at the speed before.
        _ = estimator.speed(3, at: at(30))
        let ran = estimator.speed(3, at: at(31))
        let running = try #require(ran)
        let mets = try #require(EnergyModels.mets(for: .running, metersPerSecond: 3))
        #expect(abs(running.activeKilocalories - EnergyModels.kilocaloriesPerMinute(mets: mets, massKilograms: 75) / 60) < 1e-9)
        #expect(estimator.speed(-1, at: at(32)) == nil, "no speed is no reading")
    }
}
