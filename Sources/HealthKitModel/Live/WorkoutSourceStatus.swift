public import Foundation

/// A device's state, as its source reports it.
public struct WorkoutSourceStatus: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The device is connected and delivering data.
        case connected
        /// The device went away (unplugged, daemon gone, …).
        case disconnected
        /// The device is reconnecting after a loss.
        case reconnecting
        /// The device is connected but has sent nothing for a while.
        case stale
        /// A GPS receiver has no fix.
        case noFix
        /// A GPS receiver has a 2D fix.
        case fix2D
        /// A GPS receiver has a 3D fix.
        case fix3D
        /// A heart-rate strap lost skin contact.
        case contactLost
        /// A heart-rate strap regained skin contact.
        case contactRestored
    }

    /// The source's name, such as `gpsd://localhost:2947`.
    public var source: String
    /// What happened.
    public var kind: Kind
    /// When it happened, on the source's clock.
    public var date: Date
    /// Details for a person: a device path, an error, a satellite count.
    public var detail: String
    /// The device's battery charge, %, where it says.
    public var battery: Int?
    /// The device behind the source, where the source knows it (a Bluetooth sensor once connected).
    public var device: Device?

    /// A device behind a source: a Bluetooth sensor's name, address and services.
    public struct Device: Sendable, Hashable, Codable {
        /// The name it advertises, such as `Assioma DUO`.
        public var name: String?
        /// Its address, such as `C4:7A:11:22:33:44`.
        public var identifier: String
        /// The services it offers, as `workout sensors` names them (`cycling-power`, `heart-rate`, …).
        public var services: [String]

        /// A device.
        public init(name: String?, identifier: String, services: [String]) {
            self.name = name
            self.identifier = identifier
            self.services = services
        }
    }

    /// Describes a status change.
    public init(source: String, kind: Kind, date: Date, detail: String = "", battery: Int? = nil, device: Device? = nil) {
        self.source = source
        self.kind = kind
        self.date = date
        self.detail = detail
        self.battery = battery
        self.device = device
    }
}
