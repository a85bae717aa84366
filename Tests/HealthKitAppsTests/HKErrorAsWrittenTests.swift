import Foundation
import OpenHealthKit
import Testing
import TestSupport

/// What apps print and show of HealthKit's errors and objects: `localizedDescription` of an `Error`, the bridged
/// domain and code, and the descriptions a `print(workout)` logs.
@Suite struct HKErrorAsWrittenTests {
    @Test func anErrorSeenAsAnyErrorSaysHealthKitsSentence() async throws {
        let store = HKHealthStore(location: .inMemory)
        do {
            try await store.requestAuthorization(toShare: [], read: [])
            Issue.record("an empty request was accepted")
        } catch {
            // As an app shows it: `error.localizedDescription`, the error typed as `Error`.
            #expect(error.localizedDescription == "Must request authorization for at least one data type")
            let bridged = error as NSError
            #expect(bridged.domain == HKErrorDomain && bridged.code == HKError.Code.errorInvalidArgument.rawValue)
            #expect(bridged.localizedDescription == error.localizedDescription)
        }
    }

    @Test func readOnlyTypesCannotBeShared() async throws {
        let store = HKHealthStore(location: .inMemory)
        do {
            try await store.requestAuthorization(toShare: [HKObjectType.electrocardiogramType()], read: nil)
            Issue.record("sharing electrocardiograms was accepted")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.localizedDescription == "Authorization to share the following types is disallowed: HKDataTypeIdentifierElectrocardiogram")
        }
    }

    @Test func aWorkoutARouteAndASamplePrintWhatTheyAre() async throws {
        let store = HKHealthStore(location: .inMemory)
        try await store.requestAuthorization(toShare: [HKWorkoutType(), HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned), HKSeriesType.workoutRoute()], read: nil)
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 142),
                                         start: start, end: start)
        #expect(heartRate.description.hasPrefix("142 count/min \(heartRate.uuid.uuidString) \""), "\(heartRate)")
        #expect(heartRate.description.hasSuffix("(\(start) - \(start))"), "\(heartRate)")
        let builder = HKWorkoutBuilder(healthStore: store, configuration: HKWorkoutConfiguration(), device: nil)
        try await builder.beginCollection(at: start)
        try await builder.addSamples([HKCumulativeQuantitySample(type: HKQuantityType(.activeEnergyBurned),
                                                                 quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 80), start: start, end: start + 600)])
        try await builder.endCollection(at: start + 600)
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.description.hasPrefix("<HKWorkout \(workout.uuid.uuidString) "), "\(workout)")
        #expect(workout.description.contains("other, 600.0 s") && workout.description.contains("80 kcal"), "\(workout)")
        let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await routeBuilder.insertRouteData([CLLocation(coordinate: CLLocationCoordinate2D(latitude: 52, longitude: 5), altitude: 0,
                                                           horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: start + 10),
                                                CLLocation(coordinate: CLLocationCoordinate2D(latitude: 52.001, longitude: 5), altitude: 0,
                                                           horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: start + 20)])
        let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
        #expect(route.description.hasPrefix("<HKWorkoutRoute \(route.uuid.uuidString) ") && route.description.hasSuffix(" 2 locations>"), "\(route)")
    }
}
