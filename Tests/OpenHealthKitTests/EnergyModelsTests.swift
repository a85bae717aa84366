import Foundation
import Testing
import OpenHealthKit

@Suite struct EnergyModelsTests {
    let man = AthleteProfile(sex: .male, age: 35, massKilograms: 75, heightCentimeters: 180)
    let woman = AthleteProfile(sex: .female, age: 30, massKilograms: 60, heightCentimeters: 165)

    @Test func keytelMatchesThePublishedFormulaWithTheRightSigns() {
        // Men at 150 bpm: (−55.0969 + 0.6309·150 + 0.1988·75 + 0.2017·35) / 4.184.
        let male = (-55.0969 + 0.6309 * 150 + 0.1988 * 75 + 0.2017 * 35) / 4.184
        #expect(abs(EnergyModels.keytelKilocaloriesPerMinute(heartRate: 150, profile: man) - male) < 1e-12)
        // Women: weight has a minus sign; a heavier woman at the same heart rate burns less by this model.
        let female = (-20.4022 + 0.4472 * 150 - 0.1263 * 60 + 0.0740 * 30) / 4.184
        #expect(abs(EnergyModels.keytelKilocaloriesPerMinute(heartRate: 150, profile: woman) - female) < 1e-12)
        var heavier = woman
        heavier.massKilograms = 80
        #expect(EnergyModels.keytelKilocaloriesPerMinute(heartRate: 150, profile: heavier) < EnergyModels.keytelKilocaloriesPerMinute(heartRate: 150, profile: woman))
        // Clamped at low heart rates.
        #expect(EnergyModels.keytelKilocaloriesPerMinute(heartRate: 40, profile: man) == 0)
    }

    @Test func powerMetsAndBasal() throws {
        // 200 W for a minute is 12 kJ; at 24 % efficiency 12 / (4.184 × 0.24) kcal.
        #expect(abs(EnergyModels.kilocaloriesPerMinute(watts: 200) - 12 / (4.184 * 0.24)) < 1e-12)
        #expect(EnergyModels.kilocaloriesPerMinute(watts: -5) == 0)
        // Running at 10 km/h (166.67 m/min): (3.5 + 0.2·166.67)/3.5 ≈ 10.52 METs.
        let running = try #require(EnergyModels.mets(for: .running, metersPerSecond: 10 / 3.6))
        #expect(abs(running - (3.5 + 0.2 * (10_000.0 / 60)) / 3.5) < 1e-12)
        #expect(EnergyModels.mets(for: .cycling, metersPerSecond: 5.5) == 8.0)    // 12.3 mph
        #expect(EnergyModels.mets(for: .cycling, metersPerSecond: 6.5) == 10.0)   // 14.5 mph
        #expect(EnergyModels.mets(for: .cycling, metersPerSecond: 9.0) == 16.8)   // 20.1 mph
        #expect(EnergyModels.mets(for: .yoga, metersPerSecond: 0) == nil)
        #expect(abs(EnergyModels.kilocaloriesPerMinute(mets: 8, massKilograms: 75) - 10) < 1e-12)
        // Mifflin–St Jeor: 10·75 + 6.25·180 − 5·35 + 5 = 1705 kcal/day; women 10·60 + 6.25·165 − 150 − 161.
        #expect(EnergyModels.basalKilocaloriesPerDay(profile: man) == 1705)
        let womanBasal: Double = 600 + 1031.25 - 150 - 161
        #expect(EnergyModels.basalKilocaloriesPerDay(profile: woman) == womanBasal)
    }
}
