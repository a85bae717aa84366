import Foundation
import GATT
import OpenHealthKit
import Testing
import WorkoutSources
import SensorBridge

@Suite struct SensorReadingsTests {
    static let start = Date(timeIntervalSince1970: 1_781_424_000)

    static func values(_ readings: [WorkoutReading], _ identifier: HKQuantityTypeIdentifier, _ unit: HKUnit) -> [Double] {
        readings.compactMap { if case .quantity(let sample) = $0, sample.quantityType == HKQuantityType(identifier) { sample.quantity.doubleValue(for: unit) } else { nil } }
    }

    @Test func aPowerMeterGivesPowerAndCadenceAfterItsBaseline() {
        var sensors = SensorReadings()
        let rpm = HKUnit(from: "count/min")
        // Crank: 3 revolutions every 2048/1024 s = 90 rpm, from the second notification on.
        let first = sensors.readings(for: StrapMessage(.notification(kind: 0x2A63, payload: [0x20, 0, 200, 0, 10, 0, 0, 0])), at: Self.start)
        #expect(Self.values(first, .cyclingPower, .watt()) == [200] && Self.values(first, .cyclingCadence, rpm).isEmpty)
        let second = sensors.readings(for: StrapMessage(.notification(kind: 0x2A63, payload: [0x20, 0, 210, 0, 13, 0, 0, 8])), at: Self.start + 2)
        #expect(Self.values(second, .cyclingPower, .watt()) == [210] && Self.values(second, .cyclingCadence, rpm) == [90])
        // Coasting: the meter repeats its last crank event; cadence falls to 0 after two periods.
        _ = sensors.readings(for: StrapMessage(.notification(kind: 0x2A63, payload: [0x20, 0, 0, 0, 13, 0, 0, 8])), at: Self.start + 3)
        let coasting = sensors.readings(for: StrapMessage(.notification(kind: 0x2A63, payload: [0x20, 0, 0, 0, 13, 0, 0, 8])), at: Self.start + 4)
        #expect(Self.values(coasting, .cyclingCadence, rpm) == [0])
    }

    @Test func aTrainerAndARunningPodGiveWhatTheyState() {
        var sensors = SensorReadings()
        let trainer = sensors.readings(for: StrapMessage(.notification(kind: 0x2AD2, payload: [0x44, 0, 0xD0, 0x07, 0xB4, 0, 0xC8, 0])), at: Self.start)
        #expect(Self.values(trainer, .cyclingPower, .watt()) == [200])
        #expect(Self.values(trainer, .cyclingCadence, HKUnit(from: "count/min")) == [90])
        #expect(Self.values(trainer, .cyclingSpeed, HKUnit(from: "km/hr")).map { ($0 * 1000).rounded() / 1000 } == [20])
        let pod = sensors.readings(for: StrapMessage(.notification(kind: 0x2A53, payload: [0x04, 0x00, 0x03, 0xB4])), at: Self.start)
        #expect(Self.values(pod, .runningSpeed, HKUnit(from: "m/s")) == [3])
    }

    @Test func aShortNotificationIsRejectedWithItsReason() {
        let message = StrapMessage(.notification(kind: 0x2A63, payload: [0x20, 0, 200]))
        guard case .invalid(let kind, _, let reason) = message else {
            Issue.record("a 3-byte power notification decoded: \(message)")
            return
        }
        #expect(kind == 0x2A63 && reason.contains("Cycling Power Measurement (0x2A63)"))
        var sensors = SensorReadings()
        #expect(sensors.readings(for: message, at: Self.start).isEmpty)
    }

    @Test func aWheelSensorGivesSpeedAndDistanceOnlyWhereAsked() {
        let wheelPayload: (Int, Int) -> [UInt8] = { revolutions, time in
            [0x01, UInt8(revolutions & 0xFF), UInt8((revolutions >> 8) & 0xFF), UInt8((revolutions >> 16) & 0xFF), UInt8(revolutions >> 24),
             UInt8(time & 0xFF), UInt8(time >> 8)]
        }
        for distanceFromWheel in [false, true] {
            var sensors = SensorReadings(settings: SensorReadings.Settings(wheelCircumference: 2, distanceFromWheel: distanceFromWheel))
            #expect(sensors.readings(for: StrapMessage(.notification(kind: 0x2A5B, payload: wheelPayload(70_000, 0))), at: Self.start).isEmpty, "a baseline")
            let second = sensors.readings(for: StrapMessage(.notification(kind: 0x2A5B, payload: wheelPayload(70_005, 1_024))), at: Self.start + 1)
            #expect(Self.values(second, .cyclingSpeed, HKUnit(from: "m/s")) == [10])
            #expect(Self.values(second, .distanceCycling, .meter()) == (distanceFromWheel ? [10] : []))
        }
    }

    @Test func aSpeedSensorsCrankGivesWayToThePowerMetersAndSpikesAreCounted() {
        var sensors = SensorReadings()
        let rpm = HKUnit(from: "count/min")
        let crank: (Int, Int) -> [UInt8] = { revolutions, time in [0x02, UInt8(revolutions & 0xFF), UInt8(revolutions >> 8), UInt8(time & 0xFF), UInt8(time >> 8)] }
        _ = sensors.readings(for: StrapMessage(.notification(kind: 0x2A5B, payload: crank(10, 0))), at: Self.start)
        // 20 revolutions in a second: 1,200 rpm is no cadence.
        #expect(Self.values(sensors.readings(for: StrapMessage(.notification(kind: 0x2A5B, payload: crank(30, 1_024))), at: Self.start + 1), .cyclingCadence, rpm).isEmpty)
        #expect(sensors.rejected == 1)
        #expect(Self.values(sensors.readings(for: StrapMessage(.notification(kind: 0x2A5B, payload: crank(31, 2_048))), at: Self.start + 2), .cyclingCadence, rpm) == [60])
        // Once the power meter sends crank data, the CSC sensor's crank is not counted again.
        _ = sensors.readings(for: StrapMessage(.notification(kind: 0x2A63, payload: [0x20, 0, 200, 0, 10, 0, 0, 0])), at: Self.start + 3)
        #expect(Self.values(sensors.readings(for: StrapMessage(.notification(kind: 0x2A5B, payload: crank(32, 3_072))), at: Self.start + 3), .cyclingCadence, rpm).isEmpty)
    }
}
