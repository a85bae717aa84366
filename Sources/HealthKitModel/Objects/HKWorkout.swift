public import Foundation

/// A finished workout: its activity, time, events, activities and statistics.
///
/// Workouts made by a builder carry statistics per type. The older
/// initialisers with `totalEnergyBurned` and `totalDistance` are kept for code
/// that still uses them; their totals become statistics too.
///
/// ```swift
/// let workout = HKWorkout(activityType: .running, start: start, end: end,
///                         workoutEvents: nil,
///                         totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 420),
///                         totalDistance: HKQuantity(unit: .meter(), doubleValue: 5000),
///                         metadata: [HKMetadataKeyIndoorWorkout: false])
/// try await store.save(workout)
/// ```
public final class HKWorkout: HKSample, @unchecked Sendable {
    /// The main activity type.
    public let workoutActivityType: HKWorkoutActivityType
    /// The active time in seconds: start to end, less pauses.
    public let duration: TimeInterval
    /// The events between start and end, sorted by start.
    public let workoutEvents: [HKWorkoutEvent]?
    /// The activities, sorted by start.
    public let workoutActivities: [HKWorkoutActivity]
    /// Statistics by type.
    public let allStatistics: [HKQuantityType: HKStatistics]

    package init(unchecked activityType: HKWorkoutActivityType, start: Date, end: Date, duration: TimeInterval,
         events: [HKWorkoutEvent]?, activities: [HKWorkoutActivity], statistics: [HKQuantityType: HKStatistics],
         uuid: UUID = UUID(), device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.workoutActivityType = activityType
        self.duration = duration
        self.workoutEvents = events.map { $0.sorted { $0.dateInterval.start < $1.dateInterval.start } }
        self.workoutActivities = activities.sorted { $0.startDate < $1.startDate }
        self.allStatistics = statistics
        super.init(type: HKWorkoutType(), start: start, end: end, uuid: uuid, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A workout with no events or totals.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: nil,
                  totalEnergyBurned: nil, totalDistance: nil, device: nil, metadata: nil)
    }

    /// A workout with events and totals; the duration is the active time between the events' pauses.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata)
    }

    /// A workout with events, totals and a device.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
                  totalFlightsClimbed: nil, duration: nil, device: device, metadata: metadata)
    }

    /// A workout with an explicit duration and totals.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: nil,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
                  totalFlightsClimbed: nil, duration: duration, device: nil, metadata: metadata)
    }

    /// A workout with an explicit duration, totals and a device.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: nil,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
                  totalFlightsClimbed: nil, duration: duration, device: device, metadata: metadata)
    }

    /// A swim with a stroke count.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance,
                  totalSwimmingStrokeCount: totalSwimmingStrokeCount, totalFlightsClimbed: nil, duration: nil,
                  device: device, metadata: metadata)
    }

    /// A climb with a count of flights.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(activityType: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
                  totalFlightsClimbed: totalFlightsClimbed, duration: nil, device: device, metadata: metadata)
    }

    private convenience init(activityType: HKWorkoutActivityType, start: Date, end: Date, workoutEvents: [HKWorkoutEvent]?,
                             totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, totalSwimmingStrokeCount: HKQuantity?,
                             totalFlightsClimbed: HKQuantity?, duration: TimeInterval?, device: HKDevice?, metadata: [String: Any]?) {
        do {
            try Self.validateDates(type: HKWorkoutType(), start: start, end: end)
            try Self.validateMetadata(metadata, type: HKWorkoutType())
        } catch {
            validationFailure(error)
        }
        let events = (workoutEvents ?? []).filter { $0.dateInterval.start >= start && $0.dateInterval.end <= end }
        var statistics: [HKQuantityType: HKStatistics] = [:]
        let totals: [(HKQuantityType, HKQuantity?)] = [
            (HKQuantityType(.activeEnergyBurned), totalEnergyBurned),
            (HKQuantityType(Self.distanceType(for: activityType)), totalDistance),
            (HKQuantityType(.swimmingStrokeCount), totalSwimmingStrokeCount),
            (HKQuantityType(.flightsClimbed), totalFlightsClimbed),
        ]
        for (type, total) in totals {
            guard let total else { continue }
            guard type.is(compatibleWith: total.unit) else {
                validationFailure(HKError(.errorInvalidArgument, "HKWorkout total for \(type.identifier) requires unit of type \(type.canonicalUnit.dimension). Incompatible unit: \(total.unit.unitString)"))
            }
            statistics[type] = HKStatistics(type: type, start: start, end: end,
                                            merged: StatisticValues(sum: total.doubleValue(for: type.canonicalUnit)),
                                            bySource: nil, sources: nil)
        }
        self.init(unchecked: activityType, start: start, end: end,
                  duration: duration ?? ElapsedTime.activeDuration(start: start, end: end, events: events),
                  events: workoutEvents == nil ? nil : events, activities: [], statistics: statistics,
                  device: device, metadata: metadata)
    }

    /// The distance type HealthKit uses for an activity.
    public static func distanceType(for activityType: HKWorkoutActivityType) -> HKQuantityTypeIdentifier {
        switch activityType {
        case .cycling, .handCycling: .distanceCycling
        case .swimming: .distanceSwimming
        case .wheelchairRunPace, .wheelchairWalkPace: .distanceWheelchair
        case .downhillSkiing, .snowboarding, .snowSports: .distanceDownhillSnowSports
        case .crossCountrySkiing: .distanceCrossCountrySkiing
        case .paddleSports: .distancePaddleSports
        case .rowing: .distanceRowing
        case .skatingSports: .distanceSkatingSports
        default: .distanceWalkingRunning
        }
    }

    /// The statistics for one type, if any.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    /// The workout as HealthKit prints it: identifier, source and dates, then its activity, duration and totals
    /// (`<HKWorkout 0D2C… "workout" (1.0) (…) running, 1744.0 s, 5018 m, 265 kcal>`).
    public override var description: String {
        var parts = [workoutActivityType.name, String(format: "%.1f s", duration)]
        if let distance = allStatistics[HKQuantityType(Self.distanceType(for: workoutActivityType))]?.sumQuantity() {
            parts.append("\(Int(distance.doubleValue(for: .meter()).rounded())) m")
        }
        if let energy = allStatistics[HKQuantityType(.activeEnergyBurned)]?.sumQuantity() {
            parts.append("\(Int(energy.doubleValue(for: .kilocalorie()).rounded())) kcal")
        }
        return "<HKWorkout \(identification) \(dateInterval) \(parts.joined(separator: ", "))>"
    }

    /// The active energy, from the statistics.
    @available(*, deprecated, message: "Use statistics(for: HKQuantityType(.activeEnergyBurned))")
    public var totalEnergyBurned: HKQuantity? { allStatistics[HKQuantityType(.activeEnergyBurned)]?.sumQuantity() }

    /// The distance, from the statistics of the activity's distance type.
    @available(*, deprecated, message: "Use statistics(for:) with the activity's distance type")
    public var totalDistance: HKQuantity? {
        allStatistics[HKQuantityType(Self.distanceType(for: workoutActivityType))]?.sumQuantity()
    }

    /// The swimming stroke count, from the statistics.
    @available(*, deprecated, message: "Use statistics(for: HKQuantityType(.swimmingStrokeCount))")
    public var totalSwimmingStrokeCount: HKQuantity? { allStatistics[HKQuantityType(.swimmingStrokeCount)]?.sumQuantity() }

    /// The flights climbed, from the statistics.
    @available(*, deprecated, message: "Use statistics(for: HKQuantityType(.flightsClimbed))")
    public var totalFlightsClimbed: HKQuantity? { allStatistics[HKQuantityType(.flightsClimbed)]?.sumQuantity() }
}

