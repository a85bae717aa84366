import Foundation
import Testing
import OpenHealthKit

@Suite struct HKQuantitySampleTests {
    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            return error.localizedDescription
        } catch { return "\(error)" }
    }

    @Test func validationFollowsApplesRules() {
        let ok = HKQuantity(unit: bpm, doubleValue: 70)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: ok, start: at(0), end: at(0)) } == nil)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: ok, start: at(10), end: at(0)) }?.contains("cannot occur after endDate") == true)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: ok, start: at(0), end: at(345_601)) }?
            .contains("Maximum duration for type HKQuantityTypeIdentifierHeartRate is 345600") == true)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: HKQuantity(unit: .meter(), doubleValue: 1), start: at(0), end: at(0)) }?
            .contains("requires unit of type Scalar/Time. Incompatible unit: m") == true)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: ok, start: at(0), end: at(0), count: 0) }?.contains("count") == true)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: ok, start: at(0), end: .distantFuture) } != nil)
        #expect(message { _ = try HKQuantitySample(validating: heartRate, quantity: ok, start: at(0), end: at(0), metadata: ["bad": [1, 2]]) }?
            .contains("Metadata value for key bad") == true)
        #expect(message { _ = try HKQuantitySample(validating: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .pound(), doubleValue: 150),
                                                   start: at(0), end: at(10_000_000)) } == nil)
    }

    @Test func invalidSamplesTrapWithApplesException() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 70),
                                 start: Date(timeIntervalSince1970: 10), end: Date(timeIntervalSince1970: 0))
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("_HKObjectValidationFailureException"))
    }

    @Test func workoutDurationExcludesPauses() {
        let events = [
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(100), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(150), duration: 0), metadata: nil), // redundant
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(200), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .motionPaused, dateInterval: DateInterval(start: at(300), duration: 0), metadata: nil), // ignored
            HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: at(0), end: at(250)), metadata: nil),
        ]
        let workout = HKWorkout(activityType: .running, start: at(0), end: at(1000), workoutEvents: events,
                                totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
        #expect(workout.duration == 900)
        #expect(workout.workoutEvents?.first?.type == .lap)
    }
}
