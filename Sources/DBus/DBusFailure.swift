/// Why a call on the bus failed: the error the far end or the bus answered, or a connection that is gone.
///
/// ``name`` is D-Bus's error name (`org.bluez.Error.Failed`, `org.freedesktop.DBus.Error.ServiceUnknown`, …),
/// which callers match; ``description`` says what was asked, where, and what came back.
public struct DBusFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error's name, such as `org.bluez.Error.InProgress`.
    public let name: String
    /// The message the far end gave with it.
    public let message: String
    /// What was being done: `Connect on /org/bluez/hci0/dev_C4_7A_11_22_33_44`.
    public let context: String

    /// A failure named `name`, with `message`, while doing `context`.
    public init(name: String, message: String, context: String) {
        self.name = name
        self.message = message
        self.context = context
    }

    /// The connection to the bus is closed (the daemon stopped, or the socket broke).
    public static let disconnectedName = "org.freedesktop.DBus.Error.Disconnected"
    /// Nobody on the bus owns the destination's name (for `org.bluez`: bluetoothd is not running).
    public static let serviceUnknownName = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// No answer in time.
    public static let noReplyName = "org.freedesktop.DBus.Error.NoReply"

    /// Whether the connection to the bus itself is gone, so that only a new connection can help.
    public var isDisconnection: Bool { name == Self.disconnectedName }

    public var description: String {
        message.isEmpty ? "\(context): \(name)" : "\(context): \(message) (\(name))"
    }
}
