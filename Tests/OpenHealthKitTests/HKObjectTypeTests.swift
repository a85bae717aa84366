import Foundation
import Testing
import OpenHealthKit

@Suite struct HKObjectTypeTests {
    @Test func bothSpellingsGiveEqualTypes() throws {
        let a = HKQuantityType(.heartRate)
        let b = try #require(HKObjectType.quantityType(forIdentifier: .heartRate))
        #expect(a == b)
        #expect(Set<HKObjectType>([a, b, HKObjectType.workoutType()]).count == 2)
        #expect(HKQuantityTypeIdentifier.heartRate.rawValue == "HKQuantityTypeIdentifierHeartRate")
        #expect(HKQuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
        #expect(HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNope")) == nil)
        #expect(HKSeriesType.workoutRoute() == HKSeriesType.workoutRoute())
        #expect(HKSeriesType.workoutRoute() != HKSeriesType.heartbeat())
    }

    @Test func everyQuantityTypeHasAStyleAUnitAndALimit() {
        let table = QuantityTypeTable.standard
        #expect(table.entries.count >= 120)
        for (identifier, entry) in table.entries {
            // Apple's, and OpenHealthKit's own for what HealthKit has no type for, named so that nobody takes them for Apple's.
            #expect(identifier.rawValue.hasPrefix("HKQuantityTypeIdentifier") || identifier.rawValue.hasPrefix("OpenHealthKitQuantityTypeIdentifier"))
            #expect(!entry.canonicalUnit.isNull(), "\(identifier) has no unit")
        }
        let expectations: [(HKQuantityTypeIdentifier, HKQuantityAggregationStyle, String)] = [
            (.heartRate, .discreteArithmetic, "count/s"), (.stepCount, .cumulative, "count"), (.activeEnergyBurned, .cumulative, "kcal"),
            (.distanceCycling, .cumulative, "m"), (.cyclingPower, .discreteArithmetic, "W"), (.cyclingCadence, .discreteArithmetic, "count/min"),
            (.runningSpeed, .discreteArithmetic, "m/s"), (.environmentalAudioExposure, .discreteEquivalentContinuousLevel, "dBASPL"),
            (.dietaryCaffeine, .cumulative, "mg"), (.vo2Max, .discreteArithmetic, "mL/kg·min"),
        ]
        for (identifier, style, unit) in expectations {
            let type = HKQuantityType(identifier)
            #expect(type.aggregationStyle == style, "\(identifier)")
            #expect(type.canonicalUnit.unitString == unit, "\(identifier)")
        }
        #expect(table.entries.keys.filter { $0.rawValue.hasPrefix("OpenHealthKit") }.count == 4)
        #expect(HKQuantityType(.openHealthKitWPrime).canonicalUnit.unitString == "kJ")
        #expect(HKObjectType.named("maximumHeartRate") == HKQuantityType(.openHealthKitMaximumHeartRate))
        #expect(HKQuantityType(.heartRate).maximumAllowedDuration == 345_600)
        #expect(!HKQuantityType(.bodyMass).isMaximumDurationRestricted)
        #expect(HKQuantityType(.heartRate).is(compatibleWith: HKUnit(from: "count/min")))
        #expect(!HKQuantityType(.heartRate).is(compatibleWith: .meter()))
    }

    @Test func unrestrictedDurationTrapsAsApplesDoes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = HKQuantityType(.height).maximumAllowedDuration
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Data type HKQuantityTypeIdentifierHeight is not duration restricted"))
    }

    @Test func activityTypesKeepApplesRawValues() {
        #expect(HKWorkoutActivityType.running.rawValue == 37)
        #expect(HKWorkoutActivityType.cycling.rawValue == 13)
        #expect(HKWorkoutActivityType.swimBikeRun.rawValue == 82)
        #expect(HKWorkoutActivityType.underwaterDiving.rawValue == 84)
        #expect(HKWorkoutActivityType.other.rawValue == 3000)
        #expect(HKWorkoutActivityType(name: "Hiking") == .hiking)
        #expect(Set(HKWorkoutActivityType.allCases.map(\.rawValue)).count == HKWorkoutActivityType.allCases.count)
    }

    @Test func categoryAndCharacteristicIdentifiers() {
        #expect(HKCategoryType(.sleepAnalysis).identifier == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(HKCategoryTypeIdentifier.all.contains(.irregularHeartRhythmEvent))
        #expect(HKObjectType.characteristicType(forIdentifier: .dateOfBirth)?.identifier == "HKCharacteristicTypeIdentifierDateOfBirth")
        #expect(HKObjectType.correlationType(forIdentifier: .bloodPressure)?.identifier == "HKCorrelationTypeIdentifierBloodPressure")
    }
}

@Suite struct HKObjectTypeNamingTests {
    @Test func shortAndFullNamesResolve() {
        #expect(HKObjectType.named("heartRate") == HKQuantityType(.heartRate))
        #expect(HKObjectType.named("HKQuantityTypeIdentifierStepCount") == HKQuantityType(.stepCount))
        #expect(HKObjectType.named("sleepAnalysis") == HKCategoryType(.sleepAnalysis))
        #expect(HKObjectType.named("workout") == HKObjectType.workoutType())
        #expect(HKObjectType.named("HKCategoryTypeIdentifierNoSuchThing") == nil)
        #expect(HKObjectType.named("heartRat") == nil)
        #expect(HKObjectType.suggestion(forName: "heartRat") == "heartRate")
        #expect(HKQuantityType(.heartRate).shortName == "heartRate")
        #expect(HKObjectType.workoutType().shortName == "workout")
    }
}
