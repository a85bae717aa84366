import Foundation
internal import GRDB

/// What a workout row keeps beyond the common columns.
struct WorkoutPayload: Codable {
    struct Activity: Codable {
        var uuid: UUID
        var configuration: HKWorkoutConfiguration.Values
        var start: Date
        var end: Date?
        var events: [HKWorkoutEvent]
        var statistics: [String: StoredStatistics]
        var metadata: [String: MetadataValue]?
    }

    struct StoredStatistics: Codable {
        var start: Date
        var end: Date
        var values: StatisticValues
    }

    var duration: Double
    var events: [HKWorkoutEvent]?
    var activities: [Activity]
    var statistics: [String: StoredStatistics]

    init(_ workout: HKWorkout) {
        duration = workout.duration
        events = workout.workoutEvents
        activities = workout.workoutActivities.map {
            Activity(uuid: $0.uuid, configuration: $0.workoutConfiguration.values, start: $0.startDate, end: $0.endDate,
                     events: $0.workoutEvents, statistics: Self.store($0.allStatistics), metadata: MetadataValue.encode($0.metadata))
        }
        statistics = Self.store(workout.allStatistics)
    }

    static func store(_ statistics: [HKQuantityType: HKStatistics]) -> [String: StoredStatistics] {
        Dictionary(uniqueKeysWithValues: statistics.map { type, s in
            (type.identifier, StoredStatistics(start: s.startDate, end: s.endDate, values: s.merged))
        })
    }

    static func load(_ stored: [String: StoredStatistics]) -> [HKQuantityType: HKStatistics] {
        var result: [HKQuantityType: HKStatistics] = [:]
        for (identifier, s) in stored {
            guard let type = HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier)) else { continue }
            result[type] = HKStatistics(type: type, start: s.start, end: s.end, merged: s.values, bySource: nil, sources: nil)
        }
        return result
    }

    func workout(activityType: HKWorkoutActivityType, start: Date, end: Date, uuid: UUID, device: HKDevice?,
                 metadata: [String: Any]?, source: HKSourceRevision) -> HKWorkout {
        HKWorkout(unchecked: activityType, start: start, end: end, duration: duration, events: events,
                  activities: activities.map {
                      HKWorkoutActivity(uuid: $0.uuid, configuration: HKWorkoutConfiguration(values: $0.configuration), start: $0.start,
                                        end: $0.end, metadata: MetadataValue.decode($0.metadata), events: $0.events,
                                        statistics: Self.load($0.statistics))
                  },
                  statistics: Self.load(statistics), uuid: uuid, device: device, metadata: metadata, sourceRevision: source)
    }
}
