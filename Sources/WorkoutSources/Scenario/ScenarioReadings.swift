import Foundation
public import OpenHealthKitCore
public import ScenarioModel

/// Turns simulated ticks into the readings live sources deliver: quantity
/// samples, positions, heartbeats and device statuses, timed on the sensors' clock.
public struct ScenarioReadings: Sendable {
    private let start: Date
    private let activity: HKWorkoutActivityType
    private let prefix: String
    private var strap: HeartRateStrapReadings

    private static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    private static let stepCount = HKQuantityType(.stepCount)
    private static let walkingRunning = HKQuantityType(.distanceWalkingRunning)

    /// Readings for a scenario; sources are named `PREFIX:gps`, `PREFIX:heartRate`, ….
    public init(scenario: Scenario, sourcePrefix: String = "scenario") {
        start = scenario.start
        activity = scenario.activity
        prefix = sourcePrefix
        strap = HeartRateStrapReadings(sourceName: "\(sourcePrefix):heartRate")
    }

    /// The readings of `tick`, in the order a device would send them.
    public mutating func readings(of tick: ScenarioTick) -> [WorkoutReading] {
        var readings: [WorkoutReading] = []
        let date = start.addingTimeInterval(tick.time)
        for status in tick.statuses {
            readings.append(.status(WorkoutSourceStatus(source: "\(prefix):\(status.sensor)", kind: status.kind, date: date, detail: status.detail)))
        }
        if let fix = tick.fix { readings.append(.location(fix)) }
        if let measurement = tick.heartRate {
            // The same conversion as a real strap's; the scenario's faults already report its statuses.
            for reading in strap.readings(for: measurement, at: date) {
                if case .status = reading { continue }
                readings.append(reading)
            }
        }
        if let watts = tick.power {
            let type = HKQuantityType(activity == .cycling || activity == .handCycling ? .cyclingPower : .runningPower)
            readings.append(.quantity(HKQuantitySample(type: type, quantity: HKQuantity(unit: .watt(), doubleValue: watts), start: date, end: date)))
        }
        if let cadence = tick.cadence {
            if activity == .cycling || activity == .handCycling {
                readings.append(.quantity(HKQuantitySample(type: HKQuantityType(.cyclingCadence), quantity: HKQuantity(unit: Self.beatsPerMinute, doubleValue: cadence),
                                                           start: date, end: date)))
            }
        }
        if let footpod = tick.footpod, footpod.meters > 0 || footpod.steps > 0 {
            let from = date.addingTimeInterval(-1)
            readings.append(.quantity(HKQuantitySample(type: Self.walkingRunning, quantity: HKQuantity(unit: .meter(), doubleValue: footpod.meters), start: from, end: date)))
            readings.append(.quantity(HKQuantitySample(type: Self.stepCount, quantity: HKQuantity(unit: .count(), doubleValue: footpod.steps.rounded()), start: from, end: date)))
            // A running pod's measurement carries its instantaneous speed too (RSC's, in the Bluetooth profile).
            readings.append(.quantity(HKQuantitySample(type: HKQuantityType(.runningSpeed), quantity: HKQuantity(unit: HKUnit.meter().unitDivided(by: .second()),
                                                                                                                doubleValue: footpod.meters), start: date, end: date)))
        }
        return readings
    }
}
