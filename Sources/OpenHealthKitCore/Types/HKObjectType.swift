/// The type of an object in the store: the root of HealthKit's type hierarchy.
///
/// Types are values in all but name: two `HKQuantityType(.heartRate)` are equal
/// and hash alike, so they work as dictionary keys and in authorization sets.
///
/// ```swift
/// let share: Set = [HKObjectType.workoutType(), HKQuantityType(.heartRate)]
/// let read: Set<HKObjectType> = [HKQuantityType(.stepCount), HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!]
/// ```
public class HKObjectType: Hashable, CustomStringConvertible, @unchecked Sendable {
    // Immutable after init, so sharing across threads is safe.

    /// The identifier string, such as `"HKQuantityTypeIdentifierHeartRate"` or `"HKWorkoutTypeIdentifier"`.
    public let identifier: String
    /// The identifier's hash, computed once: types are dictionary keys on
    /// every reading a live builder counts.
    private let identifierHash: Int

    init(identifier: String) {
        self.identifier = identifier
        self.identifierHash = identifier.hashValue
    }

    /// The quantity type for `identifier`, or `nil` if the identifier is unknown.
    public static func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        QuantityTypeTable.standard[identifier] == nil ? nil : HKQuantityType(identifier)
    }

    /// The category type for `identifier`.
    public static func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        HKCategoryType(identifier)
    }

    /// The characteristic type for `identifier`.
    public static func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier) -> HKCharacteristicType? {
        HKCharacteristicType(identifier)
    }

    /// The correlation type for `identifier`.
    public static func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        HKCorrelationType(identifier)
    }

    /// The workout type.
    public static func workoutType() -> HKWorkoutType { HKWorkoutType() }

    /// The state-of-mind type.
    public static func stateOfMindType() -> HKStateOfMindType { HKStateOfMindType() }

    /// The series type with `identifier` (`HKWorkoutRouteTypeIdentifier` or `HKDataTypeIdentifierHeartbeatSeries`).
    public static func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        switch identifier {
        case HKSeriesType.workoutRouteIdentifier: .workoutRoute()
        case HKSeriesType.heartbeatIdentifier: .heartbeat()
        default: nil
        }
    }

    /// Rebuilds a type from its identifier string, as stored in the database.
    static func from(identifier: String) -> HKObjectType? {
        if identifier.hasPrefix("HKQuantityTypeIdentifier") {
            return quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
        }
        if identifier.hasPrefix("HKCategoryTypeIdentifier") {
            let category = HKCategoryTypeIdentifier(rawValue: identifier)
            return HKCategoryTypeIdentifier.all.contains(category) ? HKCategoryType(category) : nil
        }
        if identifier.hasPrefix("HKCorrelationTypeIdentifier") { return HKCorrelationType(HKCorrelationTypeIdentifier(rawValue: identifier)) }
        if identifier.hasPrefix("HKCharacteristicTypeIdentifier") { return HKCharacteristicType(HKCharacteristicTypeIdentifier(rawValue: identifier)) }
        switch identifier {
        case HKWorkoutType.workoutIdentifier: return HKWorkoutType()
        case HKStateOfMindType.stateOfMindIdentifier: return HKStateOfMindType()
        default: return seriesType(forIdentifier: identifier)
        }
    }

    /// The type with a full identifier (`HKQuantityTypeIdentifierHeartRate`) or
    /// a short name (`heartRate`, `sleepAnalysis`, `workout`), for command lines
    /// and configuration files.
    public static func named(_ name: String) -> HKObjectType? {
        HKAuthorizationPolicy.identifier(for: name).flatMap(from(identifier:))
    }

    /// The short name closest to `name`, for "did you mean" hints.
    public static func suggestion(forName name: String) -> String? {
        HKAuthorizationPolicy.suggestion(for: name)
    }

    /// The short name of a type: `heartRate` for `HKQuantityTypeIdentifierHeartRate`.
    public var shortName: String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCharacteristicTypeIdentifier", "HKCorrelationTypeIdentifier"]
        where identifier.hasPrefix(prefix) {
            let rest = identifier.dropFirst(prefix.count)
            return rest.prefix(1).lowercased() + rest.dropFirst()
        }
        if self is HKWorkoutType { return "workout" }
        return identifier
    }

    /// Types are equal when they are of the same class with the same identifier.
    public static func == (lhs: HKObjectType, rhs: HKObjectType) -> Bool {
        lhs === rhs || (lhs.identifierHash == rhs.identifierHash && lhs.identifier == rhs.identifier && type(of: lhs) == type(of: rhs))
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifierHash)
    }

    /// The identifier string.
    public var description: String { identifier }
}

/// The type of samples: objects with a start and an end date.
public class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether samples of this type have a maximum duration.
    public var isMaximumDurationRestricted: Bool { maximumDuration != nil }

    /// The longest a sample may last. Traps when the type has no limit; check
    /// ``isMaximumDurationRestricted`` first, as with Apple's.
    public var maximumAllowedDuration: Double {
        guard let maximumDuration else { fatalError("Data type \(identifier) is not duration restricted") }
        return maximumDuration
    }

    /// Whether samples of this type have a minimum duration.
    public var isMinimumDurationRestricted: Bool { minimumDuration > 0 }

    /// The shortest a sample may last. Traps when the type has no minimum.
    public var minimumAllowedDuration: Double {
        guard minimumDuration > 0 else { fatalError("Data type \(identifier) is not duration restricted") }
        return minimumDuration
    }

    /// Whether the user may recalibrate estimates of this type (six-minute walk, VO₂ max).
    public var allowsRecalibrationForEstimates: Bool {
        identifier == HKQuantityTypeIdentifier.sixMinuteWalkTestDistance.rawValue
            || identifier == HKQuantityTypeIdentifier.vo2Max.rawValue
    }

    var maximumDuration: Double? { 345_600 }
    var minimumDuration: Double { 0 }
}

/// The type of quantity samples: heart rate, steps, energy, distance and the rest.
///
/// ```swift
/// let heartRate = HKQuantityType(.heartRate)
/// heartRate.aggregationStyle                            // .discreteArithmetic
/// heartRate.is(compatibleWith: HKUnit(from: "count/min"))  // true
/// ```
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let quantityTypeIdentifier: HKQuantityTypeIdentifier
    let entry: QuantityTypeTable.Entry

    /// The quantity type for `identifier`. Traps on an identifier Apple does not define.
    public init(_ identifier: HKQuantityTypeIdentifier) {
        guard let entry = QuantityTypeTable.standard[identifier] else {
            fatalError("Unknown quantity type identifier \(identifier.rawValue)")
        }
        self.quantityTypeIdentifier = identifier
        self.entry = entry
        super.init(identifier: identifier.rawValue)
    }

    /// How samples of this type combine in statistics.
    public var aggregationStyle: HKQuantityAggregationStyle { entry.aggregationStyle }

    /// The unit statistics for this type are computed in.
    public var canonicalUnit: HKUnit { entry.canonicalUnit }

    /// Whether quantities in `unit` can be stored in samples of this type.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        unit.isCompatible(with: entry.canonicalUnit)
    }

    override var maximumDuration: Double? { entry.maximumDuration }
    override var minimumDuration: Double { entry.minimumDuration }
}

/// The type of category samples: sleep, mindful sessions, heart events and the rest.
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let categoryTypeIdentifier: HKCategoryTypeIdentifier

    /// The category type for `identifier`.
    public init(_ identifier: HKCategoryTypeIdentifier) {
        self.categoryTypeIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }

    override var maximumDuration: Double? {
        switch categoryTypeIdentifier {
        case .pregnancy: 365 * 86_400
        case .lactation, .contraceptive: nil
        case .sleepAnalysis, .mindfulSession: 345_600
        default: 345_600
        }
    }
}

/// The type of a characteristic: a fact about the user read from the profile.
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let characteristicTypeIdentifier: HKCharacteristicTypeIdentifier

    /// The characteristic type for `identifier`.
    public init(_ identifier: HKCharacteristicTypeIdentifier) {
        self.characteristicTypeIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }
}

/// The type of correlations: blood pressure and food.
public final class HKCorrelationType: HKSampleType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let correlationTypeIdentifier: HKCorrelationTypeIdentifier

    /// The correlation type for `identifier`.
    public init(_ identifier: HKCorrelationTypeIdentifier) {
        self.correlationTypeIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }
}

/// The type of workouts.
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {
    static let workoutIdentifier = "HKWorkoutTypeIdentifier"

    /// The workout type; the same as ``HKObjectType/workoutType()``.
    public init() {
        super.init(identifier: Self.workoutIdentifier)
    }
}

/// The type of state-of-mind samples.
public final class HKStateOfMindType: HKSampleType, @unchecked Sendable {
    static let stateOfMindIdentifier = "HKDataTypeStateOfMind"

    /// The state-of-mind type.
    public init() {
        super.init(identifier: Self.stateOfMindIdentifier)
    }
}

/// The type of series samples: workout routes and heartbeat series.
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    static let workoutRouteIdentifier = "HKWorkoutRouteTypeIdentifier"
    static let heartbeatIdentifier = "HKDataTypeIdentifierHeartbeatSeries"

    private init(seriesIdentifier: String) {
        super.init(identifier: seriesIdentifier)
    }

    /// The type of workout routes (`HKWorkoutRoute`).
    public static func workoutRoute() -> HKSeriesType { HKSeriesType(seriesIdentifier: workoutRouteIdentifier) }

    /// The type of heartbeat series (beat-to-beat intervals).
    public static func heartbeat() -> HKSeriesType { HKSeriesType(seriesIdentifier: heartbeatIdentifier) }
}
