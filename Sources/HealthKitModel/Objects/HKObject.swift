public import Foundation

/// An object in the store: a unique identifier, metadata, the source that saved
/// it and the device that measured it.
///
/// Objects are immutable. Metadata values are strings, numbers, booleans, dates
/// or ``HKQuantity`` values, as in HealthKit; anything else is refused at save
/// with ``HKError/Code/errorInvalidArgument``.
open class HKObject: Hashable, CustomStringConvertible, @unchecked Sendable {
    // Every stored property is a `let` and metadata values are immutable value
    // types or immutable classes, so instances are safe to share.

    /// The object's unique identifier.
    public let uuid: UUID
    /// Extra facts about the object, keyed by `HKMetadataKey…` strings or the app's own keys.
    public let metadata: [String: Any]?
    /// The device that produced the data, if known.
    public let device: HKDevice?
    /// The app and version that saved the object. Set by the store when the
    /// object is saved; for unsaved objects it is the current process.
    public let sourceRevision: HKSourceRevision

    package init(uuid: UUID = ObjectUUID.next(), metadata: [String: Any]?, device: HKDevice?, sourceRevision: HKSourceRevision = .current) {
        self.uuid = uuid
        self.metadata = (metadata?.isEmpty ?? true) ? nil : metadata
        self.device = device
        self.sourceRevision = sourceRevision
    }

    /// The app that saved the object.
    @available(*, deprecated, message: "Use sourceRevision")
    public var source: HKSource { sourceRevision.source }

    /// The object as HealthKit prints it: its class, identifier and source, and what its kind adds (a sample's
    /// dates, a quantity, a workout's activity and totals), for an app's logs.
    open var description: String { "<\(type(of: self)) \(identification)>" }

    /// The identifier and the source with its version, as the descriptions say them.
    package var identification: String {
        "\(uuid.uuidString) \"\(sourceRevision.source.name)\" (\(sourceRevision.version ?? "unknown"))"
    }

    /// Objects are equal when they have the same identifier.
    public static func == (lhs: HKObject, rhs: HKObject) -> Bool { lhs.uuid == rhs.uuid }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

