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

    /// Describes a status change.
    public init(source: String, kind: Kind, date: Date, detail: String = "", battery: Int? = nil) {
        self.source = source
        self.kind = kind
        self.date = date
        self.detail = detail
        self.battery = battery
    }
}
