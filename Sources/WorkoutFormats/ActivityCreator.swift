import Foundation

/// The device or program that recorded an activity.
public struct ActivityCreator: Sendable, Equatable {
    /// A name people recognise, such as "Edge 500" or "OpenHealthKit".
    public var name: String
    /// The FIT manufacturer number (255 is "development").
    public var manufacturer: UInt16
    /// The FIT product number.
    public var product: UInt16
    /// The serial number, if known.
    public var serialNumber: UInt32?
    /// The software version, such as 1.0.
    public var softwareVersion: Double?

    /// A creator.
    public init(name: String, manufacturer: UInt16 = 255, product: UInt16 = 0, serialNumber: UInt32? = nil, softwareVersion: Double? = nil) {
        self.name = name
        self.manufacturer = manufacturer
        self.product = product
        self.serialNumber = serialNumber
        self.softwareVersion = softwareVersion
    }

    /// This project, as the creator of the files it writes.
    public static let openHealthKit = ActivityCreator(name: "OpenHealthKit", manufacturer: 255, product: 1, serialNumber: 1, softwareVersion: 1.0)
}
