public import Foundation

/// Several samples that belong together: a blood-pressure reading, a food.
public final class HKCorrelation: HKSample, @unchecked Sendable {
    /// The samples correlated.
    public let objects: Set<HKSample>

    /// The correlation's type.
    public var correlationType: HKCorrelationType { sampleType as! HKCorrelationType }

    package init(unchecked type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>, uuid: UUID = ObjectUUID.next(),
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
