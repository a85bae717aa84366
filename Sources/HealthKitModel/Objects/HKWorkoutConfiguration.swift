import Synchronization

/// How a workout is set up: its activity, location and, for swims, pool.
///
/// A reference type, as Apple's is; its properties can be changed until it is
/// handed to a session. Reads and writes are safe from any thread.
///
/// ```swift
/// let configuration = HKWorkoutConfiguration()
/// configuration.activityType = .running
/// configuration.locationType = .outdoor
/// ```
public final class HKWorkoutConfiguration: Hashable, Sendable {
    private let storage: Mutex<Values>

    package struct Values: Hashable, Sendable, Codable {
        package var activityType: HKWorkoutActivityType = .other
        package var locationType: HKWorkoutSessionLocationType = .unknown
        package var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
        package var lapLengthMeters: Double?
    }

    /// A configuration for an ``HKWorkoutActivityType/other`` workout in an unknown location.
    public init() {
        storage = Mutex(Values())
    }

    package init(values: Values) {
        storage = Mutex(values)
    }

    package var values: Values { storage.withLock { $0 } }

    /// The kind of activity.
    public var activityType: HKWorkoutActivityType {
        get { storage.withLock { $0.activityType } }
        set { storage.withLock { $0.activityType = newValue } }
    }

    /// Indoors or outdoors.
    public var locationType: HKWorkoutSessionLocationType {
        get { storage.withLock { $0.locationType } }
        set { storage.withLock { $0.locationType = newValue } }
    }

    /// Pool or open water, for swims.
    public var swimmingLocationType: HKWorkoutSwimmingLocationType {
        get { storage.withLock { $0.swimmingLocationType } }
        set { storage.withLock { $0.swimmingLocationType = newValue } }
    }

    /// The pool's length, for pool swims.
    public var lapLength: HKQuantity? {
        get { storage.withLock { $0.lapLengthMeters }.map { HKQuantity(unit: .meter(), doubleValue: $0) } }
        set { storage.withLock { $0.lapLengthMeters = newValue?.doubleValue(for: .meter()) } }
    }

    /// An independent copy.
    public func copy() -> HKWorkoutConfiguration { HKWorkoutConfiguration(values: values) }

    /// Configurations are equal when all their properties are.
    public static func == (lhs: HKWorkoutConfiguration, rhs: HKWorkoutConfiguration) -> Bool {
        lhs.values == rhs.values
    }

    /// Hashes all properties.
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
