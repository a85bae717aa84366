public import Foundation
internal import GRDB

/// An object that was deleted, as anchored queries report it.
public final class HKDeletedObject: Hashable, Sendable {
    /// The deleted object's identifier.
    public let uuid: UUID
    let storedMetadata: [String: MetadataValue]?

    init(uuid: UUID, metadata: [String: MetadataValue]?) {
        self.uuid = uuid
        self.storedMetadata = metadata
    }

    /// The deleted object's metadata (sync identifiers, external identifiers).
    public var metadata: [String: Any]? { MetadataValue.decode(storedMetadata) }

    /// Equal when the identifiers are.
    public static func == (lhs: HKDeletedObject, rhs: HKDeletedObject) -> Bool { lhs.uuid == rhs.uuid }
    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}
