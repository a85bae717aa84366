

/// The identifier of a correlation type.
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string.
    public let rawValue: String

    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier string.
    public var description: String { rawValue }

    /// `HKCorrelationTypeIdentifierBloodPressure`: systolic and diastolic samples together.
    public static let bloodPressure = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    /// `HKCorrelationTypeIdentifierFood`: the dietary samples of one food.
    public static let food = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierFood")
}
