public import Foundation

/// A file attached to an object in the store: a document, a picture, or the
/// file a workout was imported from, kept byte for byte.
///
/// Attachments are made by ``HKAttachmentStore/addAttachment(to:name:contentType:dataURL:metadata:)``
/// and read back with ``HKAttachmentStore/getData(for:)``.
public final class HKAttachment: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Every stored property is a `let` and metadata values are immutable, so instances are safe to share.

    /// The attachment's unique identifier.
    public let identifier: UUID
    /// The file's name, such as `ride.fit`.
    public let name: String
    /// What kind of data it holds.
    public let contentType: UTType
    /// Its size in bytes, as attached (the store may keep it compressed).
    public let size: Int
    /// When it was attached.
    public let creationDate: Date
    /// Extra facts about it, as for an ``HKObject``.
    public let metadata: [String: Any]?

    init(identifier: UUID, name: String, contentType: UTType, size: Int, creationDate: Date, metadata: [String: Any]?) {
        self.identifier = identifier
        self.name = name
        self.contentType = contentType
        self.size = size
        self.creationDate = creationDate
        self.metadata = (metadata?.isEmpty ?? true) ? nil : metadata
    }

    /// Attachments are equal when they have the same identifier.
    public static func == (lhs: HKAttachment, rhs: HKAttachment) -> Bool { lhs.identifier == rhs.identifier }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The name, type and size.
    public var description: String { "\(name) (\(contentType), \(size) bytes)" }
}
