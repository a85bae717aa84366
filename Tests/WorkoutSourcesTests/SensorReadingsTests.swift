import Foundation
import GATT
import OpenHealthKit
import Testing
import TestSupport
import TrainingMetrics
import WorkoutFormats
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

    /// A treadmill's running pod gives stride length and, indoors, distance from its total; a reset is a new
    /// baseline and a jump no runner makes is dropped and counted. A trainer's total distance gives distance too.
    @Test func aRunningPodsAndATrainersTotalDistanceGiveDistanceIndoors() {
        var sensors = SensorReadings(settings: SensorReadings.Settings(distanceFromWheel: true))
        func pod(decimetres: Int) -> StrapMessage {
            StrapMessage(.notification(kind: 0x2A53, payload: [0x07, 0x00, 0x03, 0xB4, 0x78, 0x00,
                                                                UInt8(decimetres & 0xFF), UInt8((decimetres >> 8) & 0xFF), UInt8((decimetres >> 16) & 0xFF), 0]))
        }
        let walking = HKQuantityTypeIdentifier.distanceWalkingRunning
        let first = sensors.readings(for: pod(decimetres: 1_000), at: Self.start)
        #expect(Self.values(first, .runningStrideLength, .meter()) == [1.2] && Self.values(first, walking, .meter()).isEmpty, "a baseline")
        #expect(Self.values(sensors.readings(for: pod(decimetres: 1_030), at: Self.start + 1), walking, .meter()) == [3])
        #expect(Self.values(sensors.readings(for: pod(decimetres: 10), at: Self.start + 2), walking, .meter()).isEmpty, "a reset")
        #expect(Self.values(sensors.readings(for: pod(decimetres: 5_010), at: Self.start + 3), walking, .meter()).isEmpty, "500 m in a second")
        #expect(sensors.rejected == 1)
        func trainer(metres: Int) -> StrapMessage {
            StrapMessage(.notification(kind: 0x2AD2, payload: [0x10, 0x00, 0xD0, 0x07, UInt8(metres & 0xFF), UInt8((metres >> 8) & 0xFF), UInt8(metres >> 16)]))
        }
        _ = sensors.readings(for: trainer(metres: 70_000), at: Self.start)
        #expect(Self.values(sensors.readings(for: trainer(metres: 70_008), at: Self.start + 1), .distanceCycling, .meter()) == [8])
    }

    /// A trainer in ERG: its wheel says 40 km/h (the gear), but speed and distance come from its 200 W through the
    /// same physics as ``ErgRide``, from the wheel's speed when ERG began; once ERG ends, the wheel's speed is back and
    /// its total distance a new baseline, so the metres turned during ERG are not ridden twice.
    @Test func aTrainerInERGGivesSpeedAndDistanceFromItsPower() {
        let physics = CyclingPhysics(riderMass: 75)
        var sensors = SensorReadings(settings: SensorReadings.Settings(distanceFromWheel: true, physics: physics))
        func data(metres: Int) -> StrapMessage {
            // Speed 40.00 km/h, total distance, power 200 W.
            StrapMessage(.notification(kind: 0x2AD2, payload: [0x50, 0x00, 0xA0, 0x0F, UInt8(metres & 0xFF), UInt8((metres >> 8) & 0xFF), UInt8(metres >> 16),
                                                                0xC8, 0x00]))
        }
        let mps = HKUnit(from: "m/s")
        sensors.speedFromPower = true
        var expected = ErgRide(physics: physics, speed: 40 / 3.6)
        var speeds: [Double] = [], metres = 0.0
        for second in 0...60 {
            let readings = sensors.readings(for: data(metres: 1_000 + second * 11), at: Self.start + Double(second))
            speeds += Self.values(readings, .cyclingSpeed, mps)
            metres += Self.values(readings, .distanceCycling, .meter()).reduce(0, +)
            #expect(Self.values(readings, .cyclingPower, .watt()) == [200])
            if second > 0 { expected.ride(watts: 200, for: 1) }
        }
        #expect(abs(speeds[0] - 40 / 3.6) < 1e-9, "ERG begins at the wheel's speed")
        #expect(abs(speeds[60] - expected.speed) < 1e-9 && abs(speeds[60] - 9.58) < 0.05, "\(speeds[60]) m/s: 200 W holds 34.5 km/h")
        #expect(abs(metres - expected.distance) < 1e-6, "\(metres) m against \(expected.distance) m")
        sensors.speedFromPower = false
        let free = sensors.readings(for: data(metres: 1_700), at: Self.start + 61)
        #expect(Self.values(free, .cyclingSpeed, mps).map { ($0 * 1_000).rounded() / 1_000 } == [11.111])
        #expect(Self.values(free, .distanceCycling, .meter()).isEmpty, "a new baseline, not the 40 m the wheel turned during ERG")
        #expect(Self.values(sensors.readings(for: data(metres: 1_711), at: Self.start + 62), .distanceCycling, .meter()) == [11])
    }

    /// A real ride's cadence and speed (the shared Edge 500 file, 10,686 records), sent back as the CSC notifications a
    /// speed and cadence sensor would have sent once a record, read back by the same derivations a recording uses:
    /// the distance within 1 % of the file's, the average cadence while pedalling (as `show` and head units give it:
    /// time-weighted, zeros left out) within 1 % over the seconds the file records steadily (its 47 pauses, where a
    /// sensor falls silent, left out of both), and one speed reading per record
    /// after the baseline and after each silence longer than the event time's wrap, none rejected.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Edge 500 ride"))
    func aRealRidesCadenceAndSpeedReadBackThroughASensor() throws {
        let path = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        let records = try ActivityFile.read(try Data(contentsOf: URL(fileURLWithPath: path)), format: .fit, path: path).records
        let circumference = 2.105
        var wheel = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 32)
        var crank = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16)
        var sensors = SensorReadings(settings: SensorReadings.Settings(wheelCircumference: circumference, distanceFromWheel: true))
        let rpm = HKUnit(from: "count/min"), metresPerSecond = HKUnit(from: "m/s")
        var sentMetres = 0.0, sentRevolutions = 0.0, seconds = 0.0
        var readMetres = 0.0, readRevolutions = 0.0, readSeconds = 0.0, speedReadings = 0, baselines = 1
        var previous: (date: Date, cadence: Double)?
        for record in records {
            let interval = previous.map { record.date.timeIntervalSince($0.date) } ?? 0
            let speed = record.speed ?? 0, cadence = record.cadence ?? 0
            // Steady: a record a few seconds after the one before; longer gaps are pauses, where a sensor is silent.
            let steady = previous != nil && interval <= 5
            if previous != nil, interval > 65_536 / 1_024 * 0.9 { baselines += 1 }
            sentMetres += previous == nil ? 0 : speed * interval
            if steady, cadence > 0 {
                sentRevolutions += cadence / 60 * interval
                seconds += interval
            }
            let w = wheel.advance(by: interval, perMinute: speed / circumference * 60)
            let c = crank.advance(by: interval, perMinute: cadence)
            let message = StrapMessage(.notification(kind: 0x2A5B, payload: CSCMeasurement(wheel: (UInt32(w.count), w.eventTime),
                                                                                             crank: (UInt16(c.count), c.eventTime)).encoded()))
            let readings = sensors.readings(for: message, at: record.date)
            readMetres += Self.values(readings, .distanceCycling, .meter()).reduce(0, +)
            speedReadings += Self.values(readings, .cyclingSpeed, metresPerSecond).count
            if steady, let read = Self.values(readings, .cyclingCadence, rpm).first, read > 0 {
                readRevolutions += read / 60 * interval
                readSeconds += interval
            }
            previous = (record.date, cadence)
        }
        #expect(records.count == 10_686)
        #expect(abs(readMetres - sentMetres) / sentMetres < 0.01, "distance \(readMetres) m read, \(sentMetres) m sent")
        let (read, sent) = (readRevolutions / readSeconds * 60, sentRevolutions / seconds * 60)
        #expect(abs(read - sent) / sent < 0.01, "cadence \(read) rpm read, \(sent) rpm sent")
        #expect(speedReadings == records.count - baselines, "one speed reading per record after each baseline (\(baselines))")
        #expect(sensors.rejected == 0)
    }
}
