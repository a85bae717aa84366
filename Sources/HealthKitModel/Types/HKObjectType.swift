/// The type of an object in the store: the root of HealthKit's type hierarchy.
///
/// Types are values in all but name: two `HKQuantityType(.heartRate)` are equal
/// and hash alike, so they work as dictionary keys and in authorization sets.
///
/// ```swift
/// let share: Set = [HKObjectType.workoutType(), HKQuantityType(.heartRate)]
/// let read: Set<HKObjectType> = [HKQuantityType(.stepCount), HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!]
/// ```
public class HKObjectType: Hashable, CustomStringConvertible, CustomDebugStringConvertible, @unchecked Sendable {
    // Immutable after init, so sharing across threads is safe.

    /// The identifier string, such as `"HKQuantityTypeIdentifierHeartRate"` or `"HKWorkoutTypeIdentifier"`.
    public let identifier: String
    /// The identifier's hash, computed once: types are dictionary keys on
    /// every reading a live builder counts.
    private let identifierHash: Int

    package init(identifier: String) {
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
    package static func from(identifier: String) -> HKObjectType? {
        if identifier.hasPrefix("HKQuantityTypeIdentifier") || identifier.hasPrefix("OpenHealthKitQuantityTypeIdentifier") {
            return quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
        }
        if identifier.hasPrefix("HKCategoryTypeIdentifier") {
            let category = HKCategoryTypeIdentifier(rawValue: identifier)
            return HKCategoryTypeIdentifier.all.contains(category) ? HKCategoryType(category) : nil
        }
        if identifier.hasPrefix("HKCorrelationTypeIdentifier") { return HKCorrelationType(HKCorrelationTypeIdentifier(rawValue: identifier)) }
        if identifier.hasPrefix("HKCharacteristicTypeIdentifier") { return HKCharacteristicType(HKCharacteristicTypeIdentifier(rawValue: identifier)) }
        if identifier.hasPrefix("HKClinicalTypeIdentifier") { return clinicalType(forIdentifier: HKClinicalTypeIdentifier(rawValue: identifier)) }
        if identifier.hasPrefix("HKDocumentTypeIdentifier") { return documentType(forIdentifier: HKDocumentTypeIdentifier(rawValue: identifier)) }
        switch identifier {
        case HKWorkoutType.workoutIdentifier: return HKWorkoutType()
        case HKStateOfMindType.stateOfMindIdentifier: return HKStateOfMindType()
        case HKActivitySummaryType.activitySummaryIdentifier: return HKActivitySummaryType()
        case HKElectrocardiogramType.electrocardiogramIdentifier: return HKElectrocardiogramType()
        case HKAudiogramSampleType.audiogramIdentifier: return HKAudiogramSampleType()
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
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCharacteristicTypeIdentifier", "HKCorrelationTypeIdentifier",
                       "OpenHealthKitQuantityTypeIdentifier"]
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

    /// The class and identifier, as HealthKit's types print in the debugger: `HKQuantityTypeIdentifierHeartRate`.
    public var debugDescription: String { identifier }

    /// Objective-C's equality, as apps written for HealthKit call it: equal to a type of the
    /// same class with the same identifier (``==(_:_:)``).
    public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return self == other
    }
}

