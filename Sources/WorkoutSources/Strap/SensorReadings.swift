public import Foundation
import GATT
public import OpenHealthKitCore
public import SensorBridge

/// Turns the notifications of a bike's and a runner's other sensors, carried by the same
/// serial bridge as the strap, into workout readings:
///
/// - a power meter (0x2A63): power in watts at the notification's date, and cadence from its
///   crank data;
/// - a speed and cadence sensor (0x2A5B): cadence from its crank data (wheel speed needs the
///   wheel's circumference, which the bridge does not say: not yet read);
/// - a running pod (0x2A53): running speed;
/// - a smart trainer (0x2AD2): power, cadence and speed as it states them.
///
/// Cadence from revolutions goes through ``RevolutionRate``: the first notification is a
/// baseline, counts and times roll over, and a crank that stops turning reads 0 after two
/// revolution periods (at least 2 s) rather than keeping its last value.
public struct SensorReadings: Sendable {
    private var crank = RevolutionRate.crank()
    private var lastCrankNotification: Date?

    private static let power = HKQuantityType(.cyclingPower)
    private static let cadence = HKQuantityType(.cyclingCadence)
    private static let cyclingSpeed = HKQuantityType(.cyclingSpeed)
    private static let runningSpeed = HKQuantityType(.runningSpeed)
    private static let perMinute = HKUnit.count().unitDivided(by: .minute())
    private static let metresPerSecond = HKUnit.meter().unitDivided(by: .second())

    /// Readings for a new connection.
    public init() {}

    /// The readings `message` gives at `date`; none for the strap's own messages.
    public mutating func readings(for message: StrapMessage, at date: Date) -> [WorkoutReading] {
        switch message {
        case .cyclingPower(let measurement):
            var readings: [WorkoutReading] = []
            if measurement.power >= 0 { readings.append(Self.sample(Self.power, .watt(), Double(measurement.power), at: date)) }
            if let crank = measurement.crank, let rpm = cadence(revolutions: crank.revolutions, eventTime: crank.eventTime, at: date) {
                readings.append(Self.sample(Self.cadence, Self.perMinute, rpm, at: date))
            }
            return readings
        case .speedAndCadence(let measurement):
            guard let revolutions = measurement.crankRevolutions, let time = measurement.crankEventTime,
                  let rpm = cadence(revolutions: revolutions, eventTime: time, at: date) else { return [] }
            return [Self.sample(Self.cadence, Self.perMinute, rpm, at: date)]
        case .runningSpeedAndCadence(let measurement):
            return [Self.sample(Self.runningSpeed, Self.metresPerSecond, measurement.speed, at: date)]
        case .indoorBike(let data):
            var readings: [WorkoutReading] = []
            if let power = data.power, power >= 0 { readings.append(Self.sample(Self.power, .watt(), Double(power), at: date)) }
            if let cadence = data.cadence { readings.append(Self.sample(Self.cadence, Self.perMinute, cadence, at: date)) }
            if let speed = data.speed { readings.append(Self.sample(Self.cyclingSpeed, Self.metresPerSecond, speed / 3.6, at: date)) }
            return readings
        case .heartRate, .bodySensorLocation, .link, .unknown, .invalid, .battery:
            return []
        }
    }

    /// The crank's rate from one notification, nil for the baseline.
    private mutating func cadence(revolutions: UInt16, eventTime: UInt16, at date: Date) -> Double? {
        let since = lastCrankNotification.map { date.timeIntervalSince($0) } ?? 0
        lastCrankNotification = date
        return crank.update(count: UInt64(revolutions), eventTime: eventTime, secondsSinceLast: since)
    }

    private static func sample(_ type: HKQuantityType, _ unit: HKUnit, _ value: Double, at date: Date) -> WorkoutReading {
        .quantity(HKQuantitySample(type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: date, end: date))
    }
}
