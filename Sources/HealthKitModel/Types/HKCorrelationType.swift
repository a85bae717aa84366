

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
