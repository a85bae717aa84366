import Foundation
import GATT
import OpenHealthKit
import SensorBridge
import TestSupport
import WorkoutFormats
import WorkoutSources

/// The shared Edge 500 ride (10,686 records, three hours) as the CSC notifications a speed and cadence sensor
/// would have sent once a record, and the figures the file itself gives, for the tests that send it through a
/// transport (the serial bridge, BlueZ) and read it back.
struct Edge500Notifications {
    /// The file's records.
    let records: [ActivityRecord]
    /// The wheel's circumference used, metres.
    let circumference = 2.105
    /// One HRM1 line per record (`$HRM1,seq,ms,2A5B,HEX*CRC`), from 0 ms.
    let lines: [String]
    /// The distance the file's speeds give, metres.
    let sentMetres: Double
    /// The file's average cadence while pedalling, time-weighted over steady records (a record at most 5 s after the one before).
    let sentCadence: Double
    /// Notifications that are a baseline only: the first, and each after a silence longer than 0.9 of the event time's wrap.
    let baselines: Int

    /// The lines as one capture file's text.
    var capture: String { lines.joined(separator: "\n") + "\n" }

    init() throws {
        let path = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        records = try ActivityFile.read(try Data(contentsOf: URL(fileURLWithPath: path)), format: .fit, path: path).records
        var wheel = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 32)
        var crank = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16)
        var lines: [String] = []
        var metres = 0.0, revolutions = 0.0, seconds = 0.0, baselines = 1
        var previous: Date?
        for (index, record) in records.enumerated() {
            let interval = previous.map { record.date.timeIntervalSince($0) } ?? 0
            let cadence = record.cadence ?? 0, speed = record.speed ?? 0
            if previous != nil, interval > 65_536 / 1_024 * 0.9 { baselines += 1 }
            metres += previous == nil ? 0 : speed * interval
            if previous != nil, interval <= 5, cadence > 0 {
                revolutions += cadence / 60 * interval
                seconds += interval
            }
            let w = wheel.advance(by: interval, perMinute: speed / circumference * 60)
            let c = crank.advance(by: interval, perMinute: cadence)
            let payload = CSCMeasurement(wheel: (UInt32(w.count), w.eventTime), crank: (UInt16(c.count), c.eventTime)).encoded()
            let milliseconds = UInt64((record.date.timeIntervalSince(records[0].date) * 1_000).rounded())
            let bytes = StrapFraming.hrm1.encode(.notification(kind: 0x2A5B, payload: payload), sequence: UInt32(index), milliseconds: milliseconds)
            lines.append(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines))
            previous = record.date
        }
        self.lines = lines
        sentMetres = metres
        sentCadence = revolutions / seconds * 60
        self.baselines = baselines
    }

    /// What readings heard of the ride: speed readings, distance, and the average cadence while pedalling,
    /// time-weighted by the intervals between cadence readings (at most 5 s), as the file's is by its records'.
    /// Silences longer than `seconds` between two speed readings, on the readings' clock: each is a notification taken
    /// as a new baseline (the ride's own pauses, and on a fast clock a reader held back long enough).
    func silences(in readings: [WorkoutReading], longerThan seconds: Double) -> Int {
        let dates = readings.compactMap { reading -> Date? in
            if case .quantity(let sample) = reading, sample.quantityType == HKQuantityType(.cyclingSpeed) { sample.endDate } else { nil }
        }
        return zip(dates, dates.dropFirst()).filter { $1.timeIntervalSince($0) > seconds }.count
    }

    func figures(of readings: [WorkoutReading]) -> (speeds: Int, metres: Double, cadence: Double) {
        func values(_ identifier: HKQuantityTypeIdentifier, _ unit: HKUnit) -> [(date: Date, value: Double)] {
            readings.compactMap {
                if case .quantity(let sample) = $0, sample.quantityType == HKQuantityType(identifier) { (sample.endDate, sample.quantity.doubleValue(for: unit)) } else { nil }
            }
        }
        var revolutions = 0.0, seconds = 0.0
        let cadences = values(.cyclingCadence, HKUnit(from: "count/min"))
        for (before, after) in zip(cadences, cadences.dropFirst()) {
            let interval = after.date.timeIntervalSince(before.date)
            if interval <= 5, after.value > 0 {
                revolutions += after.value / 60 * interval
                seconds += interval
            }
        }
        return (values(.cyclingSpeed, HKUnit(from: "m/s")).count, values(.distanceCycling, .meter()).map(\.value).reduce(0, +), revolutions / seconds * 60)
    }
}
