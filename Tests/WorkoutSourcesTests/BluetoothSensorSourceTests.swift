import Foundation
import GATT
import OpenHealthKit
import Testing
import TestSupport
import WorkoutFormats
import WorkoutSources
import BlueZSensors

/// Bluetooth sensors through a fake BlueZ into readings, as a recording hears them.
@Suite(.heavy, .enabled(if: FakeBlueZ.isAvailable, "dbus-daemon or dbus-fast is missing: run Scripts/setup"))
struct BluetoothSensorSourceTests {
    static func values(_ readings: [WorkoutReading], _ identifier: HKQuantityTypeIdentifier, _ unit: HKUnit) -> [(date: Date, value: Double)] {
        readings.compactMap {
            if case .quantity(let sample) = $0, sample.quantityType == HKQuantityType(identifier) { (sample.endDate, sample.quantity.doubleValue(for: unit)) } else { nil }
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func aStrapsHeartRateAndStatusThroughBlueZ() async throws {
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "E8:11:00:00:00:0A", "name": "HRM-Pro", "battery": 64, "services": [{"uuid": "180d", "characteristics": [
                 {"uuid": "2a37", "flags": ["notify"], "values": ["0048", "0000", "064a"], "rate": 20}]}]}]}
            """)
        defer { fake.stop() }
        BluetoothSensorSource.register()
        var configuration = BluetoothSensorReader.Configuration(target: .service(.heartRate), busAddress: fake.bus.address)
        configuration.staleAfter = 60
        let source = BluetoothSensorSource(configuration)
        #expect(source.name == "ble:service=heart-rate")
        var readings: [WorkoutReading] = []
        for try await reading in source.readings() {
            readings.append(reading)
            if Self.values(readings, .heartRate, HKUnit(from: "count/min")).count >= 4 { break }
        }
        guard case .status(let connected) = readings.first else { Issue.record("\(readings)"); return }
        #expect(connected.kind == .connected && connected.detail == "connected to HRM-Pro (E8:11:00:00:00:0A), battery 64 %")
        // 0x0000 is a rate of 0 (left out), 064a has contact: 74 bpm.
        #expect(Self.values(readings, .heartRate, HKUnit(from: "count/min")).map(\.value) == [72, 74, 72, 74])
    }

    /// A battery that falls to 20 % or below while connected is said once, in a status that carries the charge.
    @Test(.timeLimit(.minutes(10)))
    func aBatteryRunningLowIsSaidOnce() async throws {
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "E8:11:00:00:00:0A", "name": "HRM-Pro", "battery": 40, "batteryAfter": [0.3, 18],
              "services": [{"uuid": "180d", "characteristics": [{"uuid": "2a37", "flags": ["notify"], "values": ["0048"], "rate": 10}]}]}]}
            """)
        defer { fake.stop() }
        let source = BluetoothSensorSource(BluetoothSensorReader.Configuration(target: .address("E8:11:00:00:00:0A"), busAddress: fake.bus.address))
        var statuses: [WorkoutSourceStatus] = []
        for try await reading in source.readings() {
            if case .status(let status) = reading { statuses.append(status) }
            if statuses.count == 2 { break }
        }
        #expect(statuses.map(\.detail) == ["connected to HRM-Pro (E8:11:00:00:00:0A), battery 40 %", "HRM-Pro (E8:11:00:00:00:0A): battery low, 18 %"])
        #expect(statuses.map(\.battery) == [40, 18])
    }

    /// A sensor silent when first connected is said to be silent, and no longer once it is heard: the silence must
    /// not stay on the dashboard's sensors line for the whole ride. The fake notifies once the silence was said.
    @Test(.timeLimit(.minutes(10)))
    func aSensorHeardAfterASilenceIsNoLongerSilent() async throws {
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "E8:11:00:00:00:0A", "name": "HRM-Pro", "services": [{"uuid": "180d", "characteristics": [
                 {"uuid": "2a37", "flags": ["notify"], "values": ["0048"], "rate": 10, "held": true}]}]}]}
            """)
        defer { fake.stop() }
        var configuration = BluetoothSensorReader.Configuration(target: .address("E8:11:00:00:00:0A"), busAddress: fake.bus.address)
        configuration.staleAfter = 0.3
        var statuses: [WorkoutSourceStatus] = []
        var heard = 0
        for try await reading in BluetoothSensorSource(configuration).readings() {
            switch reading {
            case .status(let status):
                statuses.append(status)
                // The sensor is heard once the reader has said it is silent, however long that took.
                if status.kind == .stale { fake.release() }
            case .quantity: heard += 1
            default: break
            }
            // Without the status, the readings alone end the wait.
            if statuses.count == 3 || heard >= 3 { break }
        }
        #expect(statuses.map(\.kind) == [.connected, .stale, .connected], "\(statuses.map(\.detail))")
        #expect(statuses.last?.detail == "HRM-Pro (E8:11:00:00:00:0A): notifications again")
        #expect(heard == 0, "the status comes before the reading it announces")
    }

    /// The shared Edge 500 ride (10,686 records, three hours) sent back as the CSC notifications a speed and cadence
    /// sensor would have sent once a record, played 100 times faster by the fake BlueZ and read through the
    /// source on a clock 100 times faster: every notification arrives (one speed reading per record after each
    /// baseline), and distance and the average cadence while pedalling are within 1 % of the file's.
    @Test(.timeLimit(.minutes(10)), .enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Edge 500 ride"))
    func aRealRidesSpeedAndCadenceThroughBlueZ() async throws {
        let ride = try Edge500Notifications()
        let records = ride.records, baselines = ride.baselines, speed = 100.0, circumference = ride.circumference
        let capture = Scratch.url("edge-500-csc", extension: "hrm")
        try ride.capture.write(to: capture, atomically: true, encoding: .utf8)
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "F1:5C:00:00:00:05", "name": "Speed+Cadence", "services": [{"uuid": "1816", "characteristics": [
                 {"uuid": "2a5b", "flags": ["notify"], "capture": "\(capture.path)"}]}]}]}
            """, speed: speed)
        defer { fake.stop() }
        var configuration = BluetoothSensorReader.Configuration(target: .address("F1:5C:00:00:00:05"), busAddress: fake.bus.address)
        configuration.staleAfter = 3_600
        let source = BluetoothSensorSource(configuration, sensors: SensorReadings.Settings(wheelCircumference: circumference, distanceFromWheel: true),
                                           clock: FastClock(start: records[0].date, speed: speed))
        let expectedSpeeds = records.count - baselines
        let duration = records.last!.date.timeIntervalSince(records[0].date) / speed
        let consumer = Task { () -> [WorkoutReading] in
            var readings: [WorkoutReading] = []
            var speeds = 0
            for try await reading in source.readings() {
                readings.append(reading)
                if case .quantity(let sample) = reading, sample.quantityType == HKQuantityType(.cyclingSpeed) { speeds += 1 }
                if speeds == expectedSpeeds { break }
            }
            return readings
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(duration + 30))
            consumer.cancel()
        }
        let readings = try await consumer.value
        watchdog.cancel()

        let figures = ride.figures(of: readings)
        // At 100 times, a reader a busy machine holds back 0.58 s sees 58 s of silence on its clock: past the CSC event
        // time's wrap, the next notification is rightly a new baseline (RevolutionRate's rule), one speed reading fewer.
        // Every silence the clock saw is counted, the ride's own pauses among them; any notification lost still fails.
        let silences = ride.silences(in: readings, longerThan: RevolutionRate(ticksPerSecond: 1_024, countModulus: 1 << 32).longestGap)
        #expect(silences >= baselines - 1, "the ride's own \(baselines - 1) pauses: \(silences) silences seen")
        #expect(figures.speeds == records.count - 1 - silences,
                "speed readings \(figures.speeds), records \(records.count), baselines \(baselines), silences on the clock \(silences)")
        #expect(abs(figures.metres - ride.sentMetres) / ride.sentMetres < 0.01, "distance \(figures.metres) m read, \(ride.sentMetres) m sent")
        #expect(abs(figures.cadence - ride.sentCadence) / ride.sentCadence < 0.01, "cadence \(figures.cadence) rpm read, \(ride.sentCadence) rpm sent")
        print("Edge 500 through BlueZ at \(Int(speed))×: \(figures.speeds) speed readings for \(records.count) records (\(baselines) baselines); "
              + String(format: "distance %.0f m read, %.0f m sent; cadence %.2f rpm read, %.2f rpm sent", figures.metres, ride.sentMetres, figures.cadence, ride.sentCadence))
    }
}
