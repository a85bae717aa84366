internal import CDBus
public import Foundation

/// A private connection to a D-Bus bus through libdbus-1: method calls that wait for their answer, match rules,
/// and the signals they let in.
///
/// One connection belongs to one thread: calls block that thread (never use it on Swift's cooperative pool),
/// and signals that arrive while a call waits are kept, in order, for ``nextSignal(waitingUpTo:)``.
///
/// ```swift
/// let bus = try DBusConnection(address: DBusConnection.systemBusAddress())
/// try bus.addMatch("type='signal',sender='org.bluez'")
/// let objects = try bus.call(destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager",
///                            member: "GetManagedObjects")
/// ```
public final class DBusConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    /// The address connected to.
    public let address: String
    /// This connection's unique name on the bus, such as `:1.42`.
    public let uniqueName: String

    /// The system bus's address: `DBUS_SYSTEM_BUS_ADDRESS` where set (a test's private bus), else
    /// `/run/dbus/system_bus_socket`, where bluetoothd is.
    public static func systemBusAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
        return "unix:path=/run/dbus/system_bus_socket"
    }

    /// Connects to the bus at `address` and registers with it.
    ///
    /// - Throws: ``DBusFailure`` when nothing listens there, or the bus refuses this user.
    public init(address: String) throws(DBusFailure) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw Self.failure(&error, context: "connecting to the bus at \(address)")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Self.failure(&error, context: "registering on the bus at \(address)")
        }
        self.connection = connection
        self.address = address
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Whether the connection is still open.
    public var isConnected: Bool { dbus_connection_get_is_connected(connection) != 0 }

    /// Lets signals matching `rule` in, such as `type='signal',sender='org.bluez',path_namespace='/org/bluez'`.
    ///
    /// - Throws: ``DBusFailure`` for a rule the bus does not accept.
    public func addMatch(_ rule: String) throws(DBusFailure) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        dbus_bus_add_match(connection, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw Self.failure(&error, context: "adding the match rule \(rule)") }
    }

    /// Stops letting in the signals `rule` let in (a rule given to ``addMatch(_:)`` before, word for word).
    ///
    /// - Throws: ``DBusFailure`` when the bus knows no such rule for this connection.
    public func removeMatch(_ rule: String) throws(DBusFailure) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        dbus_bus_remove_match(connection, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw Self.failure(&error, context: "removing the match rule \(rule)") }
    }

    /// Calls `member` on `interface` of the object at `path` owned by `destination`, and waits for its answer.
    ///
    /// - Parameter timeout: how long to wait for the answer; a device's `Connect` may take tens of seconds.
    /// - Returns: the answer's values, in order.
    /// - Throws: ``DBusFailure`` with the error the far end answered, ``DBusFailure/noReplyName`` after `timeout`,
    ///   or ``DBusFailure/disconnectedName`` when the bus is gone.
    @discardableResult
    public func call(destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = [],
                     timeout: Duration = .seconds(25)) throws(DBusFailure) -> [DBusValue] {
        let context = "\(member) on \(path)"
        // libdbus aborts the process on invalid names: check them first.
        guard dbus_validate_bus_name(destination, nil) != 0, DBusMessageCoding.isValidPath(path), dbus_validate_interface(interface, nil) != 0,
              dbus_validate_member(member, nil) != 0 else {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.InvalidArgs",
                              message: "'\(destination)', '\(path)', '\(interface)' or '\(member)' is not a valid D-Bus name", context: context)
        }
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", message: "out of memory", context: context)
        }
        defer { dbus_message_unref(message) }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for argument in arguments {
            guard DBusMessageCoding.isValid(argument), DBusMessageCoding.append(argument, to: &iterator) else {
                throw DBusFailure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "cannot send a value of type \(argument.signature)",
                                  context: context)
            }
        }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let milliseconds = Self.milliseconds(timeout)
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, milliseconds, &error) else {
            throw Self.failure(&error, context: context)
        }
        defer { dbus_message_unref(reply) }
        return DBusMessageCoding.arguments(of: reply)
    }

    /// The next signal let in by a match rule, waiting up to `milliseconds` for one; `nil` when none came.
    ///
    /// Method calls and answers addressed to this connection, and the signals the bus sends it alone (`NameAcquired`),
    /// are dropped.
    ///
    /// - Throws: ``DBusFailure/disconnectedName`` when the bus is gone.
    public func nextSignal(waitingUpTo milliseconds: Int) throws(DBusFailure) -> DBusSignal? {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while true {
            while let message = dbus_connection_pop_message(connection) {
                defer { dbus_message_unref(message) }
                if dbus_message_get_type(message) == DBusMessageCoding.signalType {
                    if dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
                        throw DBusFailure(name: DBusFailure.disconnectedName, message: "the bus closed the connection", context: "listening on \(address)")
                    }
                    // Signals the bus addresses to this connection alone (NameAcquired) are its own business, not a match's.
                    if dbus_message_get_destination(message) != nil { continue }
                    return DBusSignal(sender: dbus_message_get_sender(message).map { String(cString: $0) } ?? "",
                                      path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
                                      interface: dbus_message_get_interface(message).map { String(cString: $0) } ?? "",
                                      member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                                      arguments: DBusMessageCoding.arguments(of: message))
                }
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            let wait = max(1, Self.milliseconds(left))
            guard dbus_connection_read_write(connection, wait) != 0 else {
                throw DBusFailure(name: DBusFailure.disconnectedName, message: "the bus closed the connection", context: "listening on \(address)")
            }
        }
    }

    /// `duration` in whole milliseconds, as libdbus takes its timeouts.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    private static func failure(_ error: inout CDBus.DBusError, context: String) -> DBusFailure {
        guard dbus_error_is_set(&error) != 0 else {
            return DBusFailure(name: "org.freedesktop.DBus.Error.Failed", message: "", context: context)
        }
        return DBusFailure(name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                           message: error.message.map { String(cString: $0) } ?? "", context: context)
    }
}
