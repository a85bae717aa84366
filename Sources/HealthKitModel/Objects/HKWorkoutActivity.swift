public import Foundation

/// One activity of a workout: the whole of a single-sport workout, or one leg
/// (swim, bike, run) of a multisport one.
public final class HKWorkoutActivity: Hashable, @unchecked Sendable {
    // Immutable after init.

    /// The activity's identifier.
    public let uuid: UUID
    /// How the activity was set up.
    public let workoutConfiguration: HKWorkoutConfiguration
    /// When it started.
    public let startDate: Date
    /// When it ended, or `nil` while it goes on.
    public let endDate: Date?
    /// Extra facts about the activity.
    public let metadata: [String: Any]?
    /// The events inside the activity.
    public let workoutEvents: [HKWorkoutEvent]
    /// Statistics for the activity, by type.
    public let allStatistics: [HKQuantityType: HKStatistics]

    /// Creates an activity.
    public convenience init(workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?, metadata: [String: Any]?) {
        self.init(uuid: ObjectUUID.next(), configuration: workoutConfiguration.copy(), start: startDate, end: endDate,
                  metadata: metadata, events: [], statistics: [:])
    }

    package init(uuid: UUID, configuration: HKWorkoutConfiguration, start: Date, end: Date?, metadata: [String: Any]?,
         events: [HKWorkoutEvent], statistics: [HKQuantityType: HKStatistics]) {
        self.uuid = uuid
        self.workoutConfiguration = configuration
        self.startDate = start
        self.endDate = end
        self.metadata = metadata
        self.workoutEvents = events
        self.allStatistics = statistics
    }

    /// The active time: from start to end, less the pauses among its events.
    public var duration: TimeInterval {
        guard let endDate else { return 0 }
        return ElapsedTime.activeDuration(start: startDate, end: endDate, events: workoutEvents)
    }

    /// The statistics for one type, if any were collected.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    /// Activities are equal when their identifiers are.
    public static func == (lhs: HKWorkoutActivity, rhs: HKWorkoutActivity) -> Bool { lhs.uuid == rhs.uuid }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}
