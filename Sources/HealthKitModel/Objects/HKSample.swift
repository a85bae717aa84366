public import Foundation

/// An object with a type and a time: the base of quantity, category, correlation
/// and workout samples.
open class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    public let sampleType: HKSampleType
    /// When the sample starts.
    public let startDate: Date
    /// When the sample ends; equal to ``startDate`` for an instant.
    public let endDate: Date

    package init(type: HKSampleType, start: Date, end: Date, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.sampleType = type
        self.startDate = start
        self.endDate = end
        super.init(uuid: uuid, metadata: metadata, device: device, sourceRevision: sourceRevision)
    }

    /// Whether the sample has no known end (its end date is `Date.distantFuture`).
    public var hasUndeterminedDuration: Bool { endDate == .distantFuture }

    /// The sample as HealthKit prints it: its class, identifier, source and dates.
    open override var description: String { "<\(type(of: self)) \(identification) \(dateInterval)>" }

    /// The sample's dates as the descriptions give them: `(2026-05-02 07:30:00 +0000 - 2026-05-02 08:00:00 +0000)`.
    package var dateInterval: String { "(\(startDate) - \(endDate))" }

    /// Checks the rules Apple applies when a sample is created or saved: dates
    /// in order, within the type's duration limits, and required metadata present.
    ///
    /// - Throws: ``HKError`` with ``HKError/Code/errorInvalidArgument`` and Apple's message.
    package static func validateDates(type: HKSampleType, start: Date, end: Date) throws(HKError) {
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

    package static func validateMetadata(_ metadata: [String: Any]?, type: HKSampleType) throws(HKError) {
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
package func validationFailure(_ error: HKError) -> Never {
    fatalError("_HKObjectValidationFailureException: \(error.localizedDescription)")
}

