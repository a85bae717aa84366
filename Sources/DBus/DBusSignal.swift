/// A signal heard on the bus: who sent it, from which object, and what it carries.
public struct DBusSignal: Sendable, Hashable {
    /// The sender's unique name (`:1.42`), as the bus gives it.
    public var sender: String
    /// The object it was emitted from.
    public var path: String
    /// Its interface, such as `org.freedesktop.DBus.Properties`.
    public var interface: String
    /// Its name, such as `PropertiesChanged`.
    public var member: String
    /// Its arguments, in order.
    public var arguments: [DBusValue]

    /// A signal with every field given.
    public init(sender: String, path: String, interface: String, member: String, arguments: [DBusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
