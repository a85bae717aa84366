public import Foundation

/// Sorts samples by start date: the key of `NSSortDescriptor(key:ascending:)`.
public let HKSampleSortIdentifierStartDate = "startDate"

/// Sorts samples by end date: the key of `NSSortDescriptor(key:ascending:)`.
public let HKSampleSortIdentifierEndDate = "endDate"

extension NSSortDescriptor {
    /// A sort descriptor by one of HealthKit's sample sort identifiers, as apps write it:
    /// `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)`.
    ///
    /// swift-corelibs-foundation has no key-value coding, so only HealthKit's keys are
    /// known: ``HKSampleSortIdentifierStartDate`` and ``HKSampleSortIdentifierEndDate``
    /// become the key paths `\HKSample.startDate` and `\HKSample.endDate`. Any other key
    /// traps, as an unknown key raises in Foundation's key-value coding.
    public convenience init(key: String, ascending: Bool) {
        switch key {
        case HKSampleSortIdentifierStartDate: self.init(keyPath: \HKSample.startDate, ascending: ascending)
        case HKSampleSortIdentifierEndDate: self.init(keyPath: \HKSample.endDate, ascending: ascending)
        default:
            preconditionFailure("NSSortDescriptor(key: \"\(key)\"): without key-value coding only HKSampleSortIdentifierStartDate and HKSampleSortIdentifierEndDate are known; sort by a key path instead")
        }
    }
}
