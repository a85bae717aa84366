public import Foundation

/// An object in the store: a unique identifier, metadata, the source that saved
/// it and the device that measured it.
///
/// Objects are immutable. Metadata values are strings, numbers, booleans, dates
/// or ``HKQuantity`` values, as in HealthKit; anything else is refused at save
/// with ``HKError/Code/errorInvalidArgument``.
public class HKObject: Hashable, @unchecked Sendable {
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

    init(uuid: UUID = ObjectUUID.next(), metadata: [String: Any]?, device: HKDevice?, sourceRevision: HKSourceRevision = .current) {
        self.uuid = uuid
        self.metadata = (metadata?.isEmpty ?? true) ? nil : metadata
        self.device = device
        self.sourceRevision = sourceRevision
    }

    /// The app that saved the object.
    @available(*, deprecated, message: "Use sourceRevision")
    public var source: HKSource { sourceRevision.source }

    /// Objects are equal when they have the same identifier.
    public static func == (lhs: HKObject, rhs: HKObject) -> Bool { lhs.uuid == rhs.uuid }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

/// A device that produces health data, as Apple's `HKDevice`.
public struct HKDevice: Hashable, Sendable, Codable {
    /// The device's name.
    public var name: String?
    /// Who made it.
    public var manufacturer: String?
    /// Its model.
    public var model: String?
    /// Its hardware version.
    public var hardwareVersion: String?
    /// Its firmware version.
    public var firmwareVersion: String?
    /// Its software version.
    public var softwareVersion: String?
    /// An identifier local to this system, such as a serial-port path or a Bluetooth address.
    public var localIdentifier: String?
    /// The FDA Unique Device Identifier, if any.
    public var udiDeviceIdentifier: String?

    /// Describes a device; every field is optional.
    public init(name: String?, manufacturer: String?, model: String?, hardwareVersion: String?,
                firmwareVersion: String?, softwareVersion: String?, localIdentifier: String?,
                udiDeviceIdentifier: String?) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }

    /// This computer, named by its host name and operating system.
    public static func local() -> HKDevice {
        let info = ProcessInfo.processInfo
        return HKDevice(name: info.hostName, manufacturer: nil, model: "Linux", hardwareVersion: nil,
                        firmwareVersion: nil, softwareVersion: info.operatingSystemVersionString,
                        localIdentifier: nil, udiDeviceIdentifier: nil)
    }
}

/// The app that saved data, as Apple's `HKSource`.
public struct HKSource: Hashable, Sendable, Codable {
    /// The app's name.
    public let name: String
    /// The app's bundle identifier, which keys per-source statistics.
    public let bundleIdentifier: String

    /// Describes a source.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The current process: named after its executable, with the bundle
    /// identifier `$OPENHEALTHKIT_BUNDLE_ID` or `org.openhealthkit.<name>`.
    public static func `default`() -> HKSource { current }

    static let current: HKSource = {
        let environment = ProcessInfo.processInfo.environment
        let name = environment["OPENHEALTHKIT_APP_NAME"] ?? ProcessInfo.processInfo.processName
        let bundle = environment["OPENHEALTHKIT_BUNDLE_ID"] ?? "org.openhealthkit.\(name)"
        return HKSource(name: name, bundleIdentifier: bundle)
    }()
}

/// A source at a version, as Apple's `HKSourceRevision`.
public struct HKSourceRevision: Hashable, Sendable, Codable {
    /// The app.
    public let source: HKSource
    /// The app's version, if known.
    public let version: String?
    /// The product the app ran on.
    public let productType: String?
    /// The operating system version string.
    public let operatingSystemVersionString: String?

    /// Describes a source revision.
    public init(source: HKSource, version: String?, productType: String? = nil, operatingSystemVersionString: String? = nil) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersionString = operatingSystemVersionString
    }

    static let current = HKSourceRevision(
        source: .current, version: nil, productType: "Linux",
        operatingSystemVersionString: ProcessInfo.processInfo.operatingSystemVersionString)
}
