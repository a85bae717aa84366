

/// The identifier of a characteristic: facts about the user that do not change over time.
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string.
    public let rawValue: String

    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier string.
    public var description: String { rawValue }

    /// `HKCharacteristicTypeIdentifierBiologicalSex`.
    public static let biologicalSex = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    /// `HKCharacteristicTypeIdentifierBloodType`.
    public static let bloodType = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    /// `HKCharacteristicTypeIdentifierDateOfBirth`.
    public static let dateOfBirth = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    /// `HKCharacteristicTypeIdentifierFitzpatrickSkinType`.
    public static let fitzpatrickSkinType = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    /// `HKCharacteristicTypeIdentifierWheelchairUse`.
    public static let wheelchairUse = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
    /// `HKCharacteristicTypeIdentifierActivityMoveMode`.
    public static let activityMoveMode = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")
}
