

/// The type of a characteristic: a fact about the user read from the profile.
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let characteristicTypeIdentifier: HKCharacteristicTypeIdentifier

    /// The characteristic type for `identifier`.
    public init(_ identifier: HKCharacteristicTypeIdentifier) {
        self.characteristicTypeIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }
}
