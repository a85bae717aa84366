import Foundation

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
