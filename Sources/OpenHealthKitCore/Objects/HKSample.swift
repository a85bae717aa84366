public import Foundation

/// An object with a type and a time: the base of quantity, category, correlation
/// and workout samples.
public class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    public let sampleType: HKSampleType
    /// When the sample starts.
    public let startDate: Date
    /// When the sample ends; equal to ``startDate`` for an instant.
    public let endDate: Date

    init(type: HKSampleType, start: Date, end: Date, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.sampleType = type
        self.startDate = start
        self.endDate = end
        super.init(uuid: uuid, metadata: metadata, device: device, sourceRevision: sourceRevision)
    }

    /// Whether the sample has no known end (its end date is `Date.distantFuture`).
    public var hasUndeterminedDuration: Bool { endDate == .distantFuture }

    /// Checks the rules Apple applies when a sample is created or saved: dates
    /// in order, within the type's duration limits, and required metadata present.
    ///
    /// - Throws: ``HKError`` with ``HKError/Code/errorInvalidArgument`` and Apple's message.
    static func validateDates(type: HKSampleType, start: Date, end: Date) throws(HKError) {
        guard start <= end else {
            throw HKError(.errorInvalidArgument, "startDate (\(start.formatted(.iso8601))) cannot occur after endDate (\(end.formatted(.iso8601)))")
        }
        if end == .distantFuture, !(type is HKCategoryType) {
            throw HKError(.errorInvalidArgument, "\(type.identifier) samples cannot have an endDate of distantFuture")
        }
        let duration = end.timeIntervalSince(start)
        if let maximum = type.maximumDuration, duration > maximum {
            throw HKError(.errorInvalidArgument, "The sample's duration (\(duration) s) exceeds the maximum allowed duration for this type. Maximum duration for type \(type.identifier) is \(maximum)")
        }
        if type.minimumDuration > 0, duration < type.minimumDuration {
            throw HKError(.errorInvalidArgument, "The sample's duration (\(duration) s) is below the minimum allowed duration for this type. Minimum duration for type \(type.identifier) is \(type.minimumDuration)")
        }
    }

    static func validateMetadata(_ metadata: [String: Any]?, type: HKSampleType) throws(HKError) {
        let required: String? = switch type.identifier {
        case HKCategoryTypeIdentifier.menstrualFlow.rawValue: HKMetadataKeyMenstrualCycleStart
        case HKQuantityTypeIdentifier.insulinDelivery.rawValue: HKMetadataKeyInsulinDeliveryReason
        default: nil
        }
        if let required, metadata?[required] == nil {
            throw HKError(.errorInvalidArgument, "\(type.identifier) samples require the metadata key \(required)")
        }
        for (key, value) in metadata ?? [:] where MetadataValue(value) == nil {
            throw HKError(.errorInvalidArgument, "Metadata value for key \(key) has type \(Swift.type(of: value)); use a String, number, Bool, Date or HKQuantity")
        }
    }
}

/// Traps the way Apple's object validation does, for the non-throwing initialisers.
func validationFailure(_ error: HKError) -> Never {
    fatalError("_HKObjectValidationFailureException: \(error.localizedDescription)")
}

/// A sample holding an amount: a heart rate, a distance, an energy.
///
/// ```swift
/// let sample = HKQuantitySample(type: HKQuantityType(.heartRate),
///                               quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 142),
///                               start: now, end: now)
/// ```
///
/// The initialisers trap on invalid input, as HealthKit's do; importers and
/// tools use ``init(validating:quantity:start:end:count:device:metadata:)``,
/// which throws instead.
public class HKQuantitySample: HKSample, @unchecked Sendable {
    /// The amount.
    public let quantity: HKQuantity
    /// How many values the sample summarises; 1 for a single reading.
    public let count: Int

    /// The sample's type as a quantity type.
    public var quantityType: HKQuantityType { sampleType as! HKQuantityType }

    init(unchecked type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, count: Int = 1,
         uuid: UUID = ObjectUUID.next(), device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.quantity = quantity
        self.count = count
        super.init(type: type, start: start, end: end, uuid: uuid, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// Creates a sample, trapping with Apple's message if it is invalid.
    public convenience init(type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a sample with metadata, trapping with Apple's message if it is invalid.
    public convenience init(type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date, metadata: [String: Any]?) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a sample with a device and metadata, trapping with Apple's message if it is invalid.
    public convenience init(type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
                            device: HKDevice?, metadata: [String: Any]?) {
        do {
            try self.init(validating: type, quantity: quantity, start: startDate, end: endDate, count: 1, device: device, metadata: metadata)
        } catch {
            validationFailure(error)
        }
    }

    /// Creates a sample, throwing instead of trapping when it is invalid.
    ///
    /// - Throws: ``HKError`` (``HKError/Code/errorInvalidArgument``) when the
    ///   dates are out of order or too far apart, the unit has the wrong
    ///   dimension, the count is not positive, or required metadata is missing.
    public convenience init(validating type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, count: Int = 1,
                            device: HKDevice? = nil, metadata: [String: Any]? = nil) throws(HKError) {
        try Self.validate(type: type, quantity: quantity, start: start, end: end, count: count, metadata: metadata)
        self.init(unchecked: type, quantity: quantity, start: start, end: end, count: count, device: device, metadata: metadata)
    }

    static func validate(type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, count: Int,
                         metadata: [String: Any]?) throws(HKError) {
        try validateDates(type: type, start: start, end: end)
        guard type.is(compatibleWith: quantity.unit) else {
            throw HKError(.errorInvalidArgument, "HKQuantitySample \(quantity) \(type.identifier) requires unit of type \(type.canonicalUnit.dimension). Incompatible unit: \(quantity.unit.unitString)")
        }
        guard quantity.value.isFinite else {
            throw HKError(.errorInvalidArgument, "HKQuantitySample \(type.identifier) requires a finite value, not \(quantity.value)")
        }
        guard count > 0 else {
            throw HKError(.errorInvalidArgument, "HKQuantitySample \(type.identifier) count must be greater than 0, not \(count)")
        }
        try validateMetadata(metadata, type: type)
    }
}

/// A quantity sample of a cumulative type, as returned by queries.
public final class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum of the values the sample summarises: its quantity.
    public var sumQuantity: HKQuantity { quantity }
}

/// A quantity sample of a discrete type, as returned by queries.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The smallest value summarised.
    public var minimumQuantity: HKQuantity { quantity }
    /// The average of the values summarised.
    public var averageQuantity: HKQuantity { quantity }
    /// The largest value summarised.
    public var maximumQuantity: HKQuantity { quantity }
    /// The latest value summarised.
    public var mostRecentQuantity: HKQuantity { quantity }
    /// The interval of the latest value.
    public var mostRecentQuantityDateInterval: DateInterval { DateInterval(start: startDate, end: endDate) }
}

/// A sample whose value is one of a category's cases: a sleep stage, a mindful session.
public final class HKCategorySample: HKSample, @unchecked Sendable {
    /// The category value, such as an `HKCategoryValueSleepAnalysis` raw value.
    public let value: Int

    /// The sample's type as a category type.
    public var categoryType: HKCategoryType { sampleType as! HKCategoryType }

    init(unchecked type: HKCategoryType, value: Int, start: Date, end: Date, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.value = value
        super.init(type: type, start: start, end: end, uuid: uuid, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// Creates a sample, trapping with Apple's message if it is invalid.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
                            device: HKDevice? = nil, metadata: [String: Any]? = nil) {
        do {
            try self.init(validating: type, value: value, start: startDate, end: endDate, device: device, metadata: metadata)
        } catch {
            validationFailure(error)
        }
    }

    /// Creates a sample, throwing instead of trapping when it is invalid.
    public convenience init(validating type: HKCategoryType, value: Int, start: Date, end: Date,
                            device: HKDevice? = nil, metadata: [String: Any]? = nil) throws(HKError) {
        try Self.validateDates(type: type, start: start, end: end)
        try Self.validateMetadata(metadata, type: type)
        self.init(unchecked: type, value: value, start: start, end: end, device: device, metadata: metadata)
    }
}

/// Sleep analysis values, with Apple's raw values.
public enum HKCategoryValueSleepAnalysis: Int, Sendable, CaseIterable {
    /// In bed.
    case inBed = 0
    /// Asleep, stage not known.
    case asleepUnspecified = 1
    /// Awake.
    case awake = 2
    /// Core (light) sleep.
    case asleepCore = 3
    /// Deep sleep.
    case asleepDeep = 4
    /// REM sleep.
    case asleepREM = 5
}

/// The value of category types that carry no value, such as mindful sessions.
public enum HKCategoryValue: Int, Sendable {
    /// Not applicable.
    case notApplicable = 0
}

/// Several samples that belong together: a blood-pressure reading, a food.
public final class HKCorrelation: HKSample, @unchecked Sendable {
    /// The samples correlated.
    public let objects: Set<HKSample>

    /// The correlation's type.
    public var correlationType: HKCorrelationType { sampleType as! HKCorrelationType }

    init(unchecked type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>, uuid: UUID = ObjectUUID.next(),
         device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.objects = objects
        super.init(type: type, start: start, end: end, uuid: uuid, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// Creates a correlation, trapping with Apple's message if it is invalid.
    public convenience init(type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>,
                            device: HKDevice? = nil, metadata: [String: Any]? = nil) {
        do {
            try Self.validateDates(type: type, start: start, end: end)
            try Self.validateMetadata(metadata, type: type)
        } catch {
            validationFailure(error)
        }
        self.init(unchecked: type, start: start, end: end, objects: objects, device: device, metadata: metadata)
    }

    /// The correlated samples of `type`.
    public func objects(for type: HKObjectType) -> Set<HKSample> {
        objects.filter { $0.sampleType == type }
    }
}
