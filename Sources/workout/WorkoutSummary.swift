import Foundation
import OpenHealthKit

/// A workout's figures for tables and JSON.
struct WorkoutSummary: Encodable {
    var id: String
    var activity: String
    var start: Date
    var end: Date
    var durationSeconds: Double
    var distanceMeters: Double?
    var energyKilocalories: Double?
    var averageHeartRate: Double?
    var pauses: Int
    /// The legs' activities of a multisport workout, in order.
    var legs: [String]?

    init(_ workout: HKWorkout) {
        id = workout.uuid.uuidString
        activity = workout.workoutActivityType.name
        start = workout.startDate
        end = workout.endDate
        durationSeconds = workout.duration
        distanceMeters = workoutDistance(workout)
        energyKilocalories = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie())
        averageHeartRate = workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: beatsPerMinute)
        pauses = (workout.workoutEvents ?? []).filter { $0.type == .pause }.count
        legs = workout.workoutActivities.isEmpty ? nil : workout.workoutActivities.map(\.workoutConfiguration.activityType.name)
    }
}

/// Beats (or revolutions) per minute.
let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())

/// The distance of a workout in metres: its activity's distance type, or for a
/// multisport workout the sum over its legs' types (swimming, cycling,
/// walking and running), each counted once.
func workoutDistance(_ workout: HKWorkout) -> Double? {
    let activities = [workout.workoutActivityType] + workout.workoutActivities.map(\.workoutConfiguration.activityType)
    let types = Set(activities.map(HKWorkout.distanceType(for:)))
    let meters = types.compactMap { workout.statistics(for: HKQuantityType($0))?.sumQuantity()?.doubleValue(for: .meter()) }
    return meters.isEmpty ? nil : meters.reduce(0, +)
}
