public import Foundation

/// A sample whose value is one of a category's cases: a sleep stage, a mindful session.
public final class HKCategorySample: HKSample, @unchecked Sendable {
    /// The category value, such as an `HKCategoryValueSleepAnalysis` raw value.
    public let value: Int

    /// The sample's type as a category type.
    public var categoryType: HKCategoryType { sampleType as! HKCategoryType }

    package init(unchecked type: HKCategoryType, value: Int, start: Date, end: Date, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
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
