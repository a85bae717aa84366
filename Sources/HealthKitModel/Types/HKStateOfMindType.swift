

/// The type of state-of-mind samples.
public final class HKStateOfMindType: HKSampleType, @unchecked Sendable {
    package static let stateOfMindIdentifier = "HKDataTypeStateOfMind"

    /// The state-of-mind type.
    public init() {
        super.init(identifier: Self.stateOfMindIdentifier)
    }
}
