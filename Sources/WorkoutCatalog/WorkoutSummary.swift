public import Foundation
public import HealthKitModel
public import WorkoutFormats

/// A workout's figures for lists, tables and JSON, with stable keys.
///
/// Every figure is read from the workout itself (its statistics, events and
/// legs), so a list of thousands needs no sample query.
public struct WorkoutSummary: Codable, Sendable, Equatable {
    /// The workout's UUID.
    public var id: String
    /// The activity's name, as HealthKit's case: `running`, `cycling`, `swimBikeRun`, …
    public var activity: String
    /// When it started.
    public var start: Date
    /// When it ended.
    public var end: Date
    /// Seconds of activity, pauses left out.
    public var durationSeconds: Double
    /// Metres covered; a multisport workout's legs added up.
    public var distanceMeters: Double?
    /// Active energy in kilocalories.
    public var energyKilocalories: Double?
    /// The average heart rate in beats per minute.
    public var averageHeartRate: Double?
    /// How many times it was paused.
    public var pauses: Int
    /// The legs' activities of a multisport workout, in order.
    public var legs: [String]?
    /// The workout's title, if it has one (`OpenHealthKitMetadataKeyWorkoutName`).
    public var name: String?
    /// Its best efforts, as kept when it was saved; nil when they were not (a workout saved before they
    /// were kept). Not in the JSON: the history's records carry them.
    public var efforts: WorkoutEfforts?
    /// The zone the workout was done in, when it says (`HKMetadataKeyTimeZone`): its local times are shown in it.
    /// Not in the JSON, whose times are instants.
    public var timeZone: TimeZone?

    /// A summary from its figures.
    public init(id: String, activity: String, start: Date, end: Date, durationSeconds: Double, distanceMeters: Double?, energyKilocalories: Double?,
                averageHeartRate: Double?, pauses: Int, legs: [String]?, name: String? = nil, efforts: WorkoutEfforts? = nil, timeZone: TimeZone? = nil) {
        self.id = id
        self.activity = activity
        self.start = start
        self.end = end
        self.durationSeconds = durationSeconds
        self.distanceMeters = distanceMeters
        self.energyKilocalories = energyKilocalories
        self.averageHeartRate = averageHeartRate
        self.pauses = pauses
        self.legs = legs
        self.name = name
        self.efforts = efforts
        self.timeZone = timeZone
    }

    /// The summary of `workout`.
    public init(_ workout: HKWorkout) {
        id = workout.uuid.uuidString
        activity = workout.workoutActivityType.name
        start = workout.startDate
        end = workout.endDate
        durationSeconds = workout.duration
        distanceMeters = Self.distance(of: workout)
        energyKilocalories = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie())
        averageHeartRate = workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: HKUnit.count().unitDivided(by: .minute()))
        pauses = (workout.workoutEvents ?? []).filter { $0.type == .pause }.count
        legs = workout.workoutActivities.isEmpty ? nil : workout.workoutActivities.map(\.workoutConfiguration.activityType.name)
        name = workout.metadata?[OpenHealthKitMetadataKeyWorkoutName] as? String
        efforts = WorkoutEfforts(keptWith: workout)
        timeZone = (workout.metadata?[HKMetadataKeyTimeZone] as? String).flatMap(TimeZone.init(identifier:))
    }

    private enum CodingKeys: String, CodingKey {
        case id, activity, start, end, durationSeconds, distanceMeters, energyKilocalories, averageHeartRate, pauses, legs, name
    }

    /// The distance of a workout in metres: its activity's distance type, or for a
    /// multisport workout the sum over its legs' types (swimming, cycling,
    /// walking and running), each counted once.
    public static func distance(of workout: HKWorkout) -> Double? {
        let activities = [workout.workoutActivityType] + workout.workoutActivities.map(\.workoutConfiguration.activityType)
        let types = Set(activities.map(HKWorkout.distanceType(for:)))
        let meters = types.compactMap { workout.statistics(for: HKQuantityType($0))?.sumQuantity()?.doubleValue(for: .meter()) }
        return meters.isEmpty ? nil : meters.reduce(0, +)
    }
}
