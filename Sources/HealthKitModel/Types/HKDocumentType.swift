/// The identifier of a document type, as HealthKit names it.
public struct HKDocumentTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier string.
    public let rawValue: String

    /// An identifier with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Clinical Document Architecture documents.
    public static let CDA = HKDocumentTypeIdentifier(rawValue: "HKDocumentTypeIdentifierCDA")
}

/// The type of health documents (CDA), as HealthKit declares it. A store here holds none until an app saves one:
/// ``HKDocumentQuery`` then answers with no documents.
public final class HKDocumentType: HKSampleType, @unchecked Sendable {
    /// The document type with `identifier`.
    public init(_ identifier: HKDocumentTypeIdentifier) {
        super.init(identifier: identifier.rawValue)
    }
}

extension HKObjectType {
    /// The document type with `identifier` (only ``HKDocumentTypeIdentifier/CDA`` exists).
    public static func documentType(forIdentifier identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        identifier == .CDA ? HKDocumentType(identifier) : nil
    }
}
