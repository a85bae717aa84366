public import Foundation

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
    ///
    /// A sample from an ``HKQuantitySeriesSampleBuilder`` (or a live workout
    /// builder, which writes its readings as series) holds more than one;
    /// ``HKQuantitySeriesSampleQuery`` reads them one by one.
    public let count: Int
    /// The summary (and, before saving, the values) of a series; `nil` for one value.
    package let series: QuantitySeries?

    /// The sample's type as a quantity type.
    ///
    /// Every initialiser takes an `HKQuantityType`, so the sample type is one: no checked cast each time.
    public var quantityType: HKQuantityType { unsafeDowncast(sampleType, to: HKQuantityType.self) }

    /// The sample as HealthKit prints it: the quantity first, then the identifier, source and dates
    /// (`142 count/min 0D2C… "workout" (1.0) (2026-05-02 07:30:00 +0000 - 2026-05-02 07:30:00 +0000)`).
    public override var description: String { "\(quantity) \(identification) \(dateInterval)" }

    package init(unchecked type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, count: Int = 1,
         uuid: UUID = ObjectUUID.next(), device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current,
         series: QuantitySeries? = nil) {
        self.quantity = quantity
        self.count = count
        self.series = series
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

    package static func validate(type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, count: Int,
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
