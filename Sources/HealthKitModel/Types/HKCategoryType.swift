

/// The type of category samples: sleep, mindful sessions, heart events and the rest.
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let categoryTypeIdentifier: HKCategoryTypeIdentifier

    /// The category type for `identifier`.
    public init(_ identifier: HKCategoryTypeIdentifier) {
        self.categoryTypeIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }

    package override var maximumDuration: Double? {
        switch categoryTypeIdentifier {
        case .pregnancy: 365 * 86_400
        case .lactation, .contraceptive: nil
        case .sleepAnalysis, .mindfulSession: 345_600
        default: 345_600
        }
    }
}
