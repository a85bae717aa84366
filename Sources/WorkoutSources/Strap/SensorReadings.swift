public import Foundation
public import GATT
public import OpenHealthKitCore
public import SensorBridge
public import TrainingMetrics

/// Turns the notifications of a bike's and a runner's other sensors, carried by the same
/// serial bridge as the strap, into workout readings:
///
/// - a power meter (0x2A63): power in watts at the notification's date; cadence from its crank
///   data; speed (and, where ``Settings/distanceFromWheel``, distance) from its wheel data, at 1/2048 s;
/// - a speed and cadence sensor (0x2A5B): speed and distance from its wheel data (at 1/1024 s), cadence
///   from its crank data, unless the bridge's power meter carries crank data too: the same crank is then
///   counted once, from the power meter;
/// - a running pod (0x2A53): running speed and stride length, and (where ``Settings/distanceFromWheel``: on a
///   treadmill) distance from its total distance;
/// - a smart trainer (0x2AD2): power, cadence and speed as it states them, and (where ``Settings/distanceFromWheel``)
///   distance from its total distance. While it holds a target power (``speedFromPower``, ERG), its wheel speed
///   follows the gear, not the effort: speed and distance then come from its power through ``ErgRide`` on a flat
///   road for the rider and bike of ``Settings/physics``.
///
/// A total distance gives the difference between two notifications: the first is a baseline, one that goes
/// back (the sensor was reset) is a new baseline, and one implying more than 30 m/s is dropped and counted.
///
/// Revolutions go through ``RevolutionRate`` and ``WheelSpeed``: the first notification is a baseline,
/// counts and times roll over, a crank or wheel that stops turning reads 0 rather than keeping its last
/// value, and impossible deltas are dropped and counted (``rejected``).
public struct SensorReadings: Sendable {
    /// How wheel revolutions become speed and distance.
    public struct Settings: Sendable, Hashable {
        /// The wheel's circumference, in metres (2.105, a 700×25c tyre, by default).
        public var wheelCircumference: Double
        /// Whether wheel revolutions (and a running pod's or trainer's total distance) also give distance: indoors,
        /// or without GPS, where positions give none; with GPS, distance comes from the positions and the sensors
        /// give speed only.
        public var distanceFromWheel: Bool
        /// The rider and bike whose speed a trainer's power gives in ERG (75 kg and 9 kg on a road bike by default).
        public var physics: CyclingPhysics

        /// Settings for a wheel of `wheelCircumference` metres.
        public init(wheelCircumference: Double = WheelSpeed.defaultCircumference, distanceFromWheel: Bool = false,
                    physics: CyclingPhysics = CyclingPhysics(riderMass: 75)) {
            self.wheelCircumference = wheelCircumference
            self.distanceFromWheel = distanceFromWheel
            self.physics = physics
        }
    }

    /// Whether the trainer holds a target power now (ERG): its speed and distance then come from its power.
    public var speedFromPower = false
    private var ergRide: ErgRide?

    /// How wheel revolutions become speed and distance.
    public let settings: Settings
    private var powerCrank = RevolutionRate.crank()
    private var cscCrank = RevolutionRate.crank()
    private var powerWheel: WheelSpeed
    private var cscWheel: WheelSpeed
    /// When each machine's last notification arrived.
    private var lastArrival: [Machine: Date] = [:]
    /// Whether the power meter has sent crank data: then the CSC sensor's crank is not counted again.
    private var powerCarriesCrank = false
    /// The running pod's and the trainer's last total distance, metres, and when it came.
    private var lastTotal: [Machine: (meters: Double, date: Date)] = [:]
    /// Total-distance differences dropped as impossible.
    private var rejectedDistances = 0

    private enum Machine: Hashable { case powerCrank, cscCrank, powerWheel, cscWheel, runningPod, trainer }

    private static let power = HKQuantityType(.cyclingPower)
    private static let cadence = HKQuantityType(.cyclingCadence)
    private static let cyclingSpeed = HKQuantityType(.cyclingSpeed)
    private static let cyclingDistance = HKQuantityType(.distanceCycling)
    private static let runningSpeed = HKQuantityType(.runningSpeed)
    private static let strideLength = HKQuantityType(.runningStrideLength)
    private static let runningDistance = HKQuantityType(.distanceWalkingRunning)
    private static let perMinute = HKUnit.count().unitDivided(by: .minute())
    private static let metresPerSecond = HKUnit.meter().unitDivided(by: .second())

    /// Readings for a new connection.
    public init(settings: Settings = Settings()) {
        self.settings = settings
        powerWheel = .power(circumference: settings.wheelCircumference)
        cscWheel = .csc(circumference: settings.wheelCircumference)
    }

    /// Revolution deltas dropped as impossible (a glitch, a cadence above 255 rpm, a wheel faster than 130 km/h).
    public var rejected: Int { powerCrank.rejected + cscCrank.rejected + powerWheel.rejected + cscWheel.rejected + rejectedDistances }

    /// The readings `message` gives at `date`; none for the strap's own messages.
    public mutating func readings(for message: StrapMessage, at date: Date) -> [WorkoutReading] {
        switch message {
        case .cyclingPower(let measurement):
            var readings: [WorkoutReading] = []
            if measurement.power >= 0 { readings.append(Self.sample(Self.power, .watt(), Double(measurement.power), at: date)) }
            if let crank = measurement.crank {
                powerCarriesCrank = true
                let since = seconds(since: .powerCrank, at: date)
                if let rpm = powerCrank.update(count: UInt64(crank.revolutions), eventTime: crank.eventTime, secondsSinceLast: since) {
                    readings.append(Self.sample(Self.cadence, Self.perMinute, rpm, at: date))
                }
            }
            if let wheel = measurement.wheel {
                let (previous, since) = (lastArrival[.powerWheel], seconds(since: .powerWheel, at: date))
                readings += wheelReadings(powerWheel.update(revolutions: wheel.revolutions, eventTime: wheel.eventTime, secondsSinceLast: since),
                                          from: previous, to: date)
            }
            return readings
        case .speedAndCadence(let measurement):
            var readings: [WorkoutReading] = []
            if let revolutions = measurement.wheelRevolutions, let time = measurement.wheelEventTime {
                let (previous, since) = (lastArrival[.cscWheel], seconds(since: .cscWheel, at: date))
                readings += wheelReadings(cscWheel.update(revolutions: revolutions, eventTime: time, secondsSinceLast: since), from: previous, to: date)
            }
            if !powerCarriesCrank, let revolutions = measurement.crankRevolutions, let time = measurement.crankEventTime {
                let since = seconds(since: .cscCrank, at: date)
                if let rpm = cscCrank.update(count: UInt64(revolutions), eventTime: time, secondsSinceLast: since) {
                    readings.append(Self.sample(Self.cadence, Self.perMinute, rpm, at: date))
                }
            }
            return readings
        case .runningSpeedAndCadence(let measurement):
            var readings = [Self.sample(Self.runningSpeed, Self.metresPerSecond, measurement.speed, at: date)]
            if let stride = measurement.strideLength, stride > 0 { readings.append(Self.sample(Self.strideLength, .meter(), stride, at: date)) }
            if let total = measurement.totalDistance { readings += distance(total, of: .runningPod, as: Self.runningDistance, at: date) }
            return readings
        case .indoorBike(let data):
            var readings: [WorkoutReading] = []
            let previous = lastArrival[.trainer], since = seconds(since: .trainer, at: date)
            // In ERG, speed and distance from the power; else from the trainer's own speed and total distance.
            var ergSpeed: Double?
            if speedFromPower, let power = data.power {
                // From the trainer's own speed when ERG begins; a gap in notifications counts 5 s at most.
                var ride = ergRide ?? ErgRide(physics: settings.physics, speed: data.speed.map { $0 / 3.6 } ?? 0)
                let before = ride.distance
                ride.ride(watts: Double(max(0, power)), for: min(since, 5))
                ergRide = ride
                ergSpeed = ride.speed
                // The total distance is a new baseline once ERG ends: what the wheel turned meanwhile is not ridden twice.
                lastTotal[.trainer] = nil
                if let previous, let meters = distance(ride.distance - before, as: Self.cyclingDistance, from: previous, to: date) {
                    readings.append(meters)
                }
            } else {
                ergRide = nil
                if let total = data.totalDistance { readings += distance(Double(total), of: .trainer, as: Self.cyclingDistance, at: date) }
            }
            if let power = data.power, power >= 0 || ergSpeed != nil { readings.append(Self.sample(Self.power, .watt(), Double(max(0, power)), at: date)) }
            if let cadence = data.cadence { readings.append(Self.sample(Self.cadence, Self.perMinute, cadence, at: date)) }
            if let speed = ergSpeed ?? data.speed.map({ $0 / 3.6 }) { readings.append(Self.sample(Self.cyclingSpeed, Self.metresPerSecond, speed, at: date)) }
            return readings
        case .heartRate, .bodySensorLocation, .link, .unknown, .invalid, .battery, .sensorLocation:
            return []
        }
    }

    /// The distance a sensor's total distance adds since its last notification, where distance is wanted.
    private mutating func distance(_ total: Double, of machine: Machine, as type: HKQuantityType, at date: Date) -> [WorkoutReading] {
        let previous = lastTotal[machine]
        lastTotal[machine] = (total, date)
        guard let previous, total >= previous.meters, date > previous.date else { return [] }
        let meters = total - previous.meters
        guard meters <= 30 * date.timeIntervalSince(previous.date) else {
            rejectedDistances += 1
            return []
        }
        return distance(meters, as: type, from: previous.date, to: date).map { [$0] } ?? []
    }

    /// `meters` of `type` covered from `start` to `end`, where the sensors give distance and there is some.
    private func distance(_ meters: Double, as type: HKQuantityType, from start: Date, to end: Date) -> WorkoutReading? {
        guard settings.distanceFromWheel, meters > 0, start < end else { return nil }
        return .quantity(HKQuantitySample(type: type, quantity: HKQuantity(unit: .meter(), doubleValue: meters), start: start, end: end))
    }

    /// Seconds since `machine`'s last notification (0 for its first), now noted as `date`.
    private mutating func seconds(since machine: Machine, at date: Date) -> Double {
        defer { lastArrival[machine] = date }
        return lastArrival[machine].map { date.timeIntervalSince($0) } ?? 0
    }

    /// The wheel's speed at `date` and, where wanted, the distance since the previous notification.
    private func wheelReadings(_ wheel: (speed: Double?, meters: Double), from previous: Date?, to date: Date) -> [WorkoutReading] {
        var readings: [WorkoutReading] = []
        if let speed = wheel.speed { readings.append(Self.sample(Self.cyclingSpeed, Self.metresPerSecond, speed, at: date)) }
        if let previous, let distance = distance(wheel.meters, as: Self.cyclingDistance, from: previous, to: date) { readings.append(distance) }
        return readings
    }

    private static func sample(_ type: HKQuantityType, _ unit: HKUnit, _ value: Double, at date: Date) -> WorkoutReading {
        .quantity(HKQuantitySample(type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: date, end: date))
    }
}
