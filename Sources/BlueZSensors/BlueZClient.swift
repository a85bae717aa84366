public import DBus
import Foundation
package import GATT
package import WorkoutSources

/// BlueZ (`org.bluez` on the system bus) as a sensor's reader uses it: what it knows, discovery on the fitness
/// services, a device's connection and its characteristics' notifications.
///
/// Every call blocks the calling thread, which must be a thread of its own (never Swift's cooperative pool);
/// waits end early when `stop` is set. Signals heard while waiting keep ``objects`` current, and the ones a
/// caller cares about (characteristic values, a device going away) come back from ``listen(waitingUpTo:)``.
public final class BlueZClient: @unchecked Sendable {
    /// The connection to the system bus.
    public let bus: DBusConnection
    /// What BlueZ holds, kept current.
    public private(set) var objects: BlueZObjects
    /// The adapter used, such as `/org/bluez/hci0`.
    public let adapter: String

    private static let service = "org.bluez"
    /// Every property change under BlueZ's objects: what discovery needs.
    private static let everyPropertyRule = "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',path_namespace='/org/bluez'"
    /// The property rule in force.
    private var propertyRule = everyPropertyRule

    /// Connects to the bus at `address`, listens to BlueZ's signals, and reads what BlueZ holds.
    ///
    /// - Parameter adapter: the adapter's name (`hci0`), or `nil` for the first.
    /// - Throws: ``BluetoothError`` saying what to do: start bluetoothd, join the `bluetooth` group, plug in an adapter.
    public init(busAddress: String = DBusConnection.systemBusAddress(), adapter: String? = nil) throws(BluetoothError) {
        do {
            bus = try DBusConnection(address: busAddress)
            // Signals first, then the objects, so nothing falls between the two.
            try bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager'")
            try bus.addMatch(Self.everyPropertyRule)
            try bus.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'")
            objects = BlueZObjects(managedObjects: try bus.call(destination: Self.service, path: "/", interface: "org.freedesktop.DBus.ObjectManager",
                                                                member: "GetManagedObjects"))
        } catch {
            throw BluetoothError(error, busAddress: busAddress)
        }
        let adapters = objects.adapters
        if let adapter {
            guard let path = adapters.first(where: { $0.hasSuffix("/" + adapter) }) else {
                throw BluetoothError("BlueZ has no adapter \(adapter)" + (adapters.isEmpty ? "" : "; it has \(adapters.map { String($0.split(separator: "/").last!) }.joined(separator: ", "))"))
            }
            self.adapter = path
        } else {
            guard let first = adapters.first else {
                throw BluetoothError("BlueZ has no Bluetooth adapter: plug one in, or check `bluetoothctl list` and `rfkill list`")
            }
            self.adapter = first
        }
    }

    /// Signals heard within `milliseconds`, after ``objects`` took them in; stops early at the first.
    ///
    /// - Throws: ``BluetoothError`` when the bus went away.
    public func listen(waitingUpTo milliseconds: Int) throws(BluetoothError) -> [DBusSignal] {
        var signals: [DBusSignal] = []
        var wait = milliseconds
        do {
            while let signal = try bus.nextSignal(waitingUpTo: wait) {
                objects.apply(signal)
                signals.append(signal)
                wait = 0
            }
        } catch {
            throw BluetoothError(error, busAddress: bus.address)
        }
        return signals
    }

    /// Looks for devices offering `services` for up to `seconds`, returning as soon as `found` says one is there.
    ///
    /// Discovery is started with a filter on the services over LE, and stopped again on return.
    package func discover(_ services: [GATTService], for seconds: Double, stop: StopSignal,
                         until found: (BlueZObjects) -> BluetoothDevice? = { _ in nil }) throws(BluetoothError) -> BluetoothDevice? {
        if let device = found(objects) { return device }
        try call(adapter, "org.bluez.Adapter1", "SetDiscoveryFilter",
                 [.properties(["UUIDs": .array(services.map { .string($0.uuid) }, elementSignature: "s"), "Transport": .string("le")])])
        do {
            try call(adapter, "org.bluez.Adapter1", "StartDiscovery")
        } catch where error.name == "org.bluez.Error.InProgress" {
            // Another client is discovering already: its results are ours too.
        }
        defer { _ = try? call(adapter, "org.bluez.Adapter1", "StopDiscovery") }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while ContinuousClock.now < deadline, !stop.isSet {
            _ = try listen(waitingUpTo: 100)
            if let device = found(objects) { return device }
        }
        return nil
    }

    /// Connects to `device` and waits until its services are resolved (up to `seconds`).
    ///
    /// - Throws: ``BluetoothError`` with BlueZ's answer (`le-connection-abort-by-local`, `Page Timeout`, …).
    package func connect(_ device: BluetoothDevice, within seconds: Double, stop: StopSignal) throws(BluetoothError) {
        if !(objects.device(at: device.path)?.isConnected ?? false) {
            do {
                try call(device.path, "org.bluez.Device1", "Connect", timeout: .seconds(seconds))
            } catch where error.name == "org.bluez.Error.InProgress" || error.name == "org.bluez.Error.AlreadyConnected" {
                // Someone else is connecting it: wait for it below.
            }
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while !(objects.device(at: device.path)?.servicesResolved ?? false) {
            guard ContinuousClock.now < deadline, !stop.isSet else {
                throw BluetoothError("\(device.label) connected, but its services were not resolved within \(Int(seconds)) s")
            }
            _ = try listen(waitingUpTo: 100)
        }
    }

    /// Lets in only `device`'s property changes (its connection, battery and characteristics' values) from now on,
    /// not every device's: with several sensors, each reader would otherwise hear, and decode, all their notifications.
    /// Objects added and removed are still heard.
    public func listenOnly(to device: BluetoothDevice) throws(BluetoothError) {
        // No interface in this rule: dbus-daemon 1.14, asked to remove the broad rule, removes instead a rule that
        // differs from it only in its path_namespace. The device's other signals are the object manager's, which
        // the objects take in twice without harm.
        let rule = "type='signal',sender='org.bluez',path_namespace='\(device.path)'"
        guard rule != propertyRule else { return }
        do {
            try bus.addMatch(rule)
            try bus.removeMatch(propertyRule)
        } catch {
            throw BluetoothError(error, busAddress: bus.address)
        }
        propertyRule = rule
    }

    /// Asks `device` to disconnect, so other receivers (a head unit, a phone) can have it.
    public func disconnect(_ device: BluetoothDevice) {
        _ = try? call(device.path, "org.bluez.Device1", "Disconnect", timeout: .seconds(5))
    }

    /// Starts `characteristic`'s notifications: its values then come as `PropertiesChanged(Value)`.
    public func startNotify(_ characteristic: BluetoothCharacteristic) throws(BluetoothError) {
        try call(characteristic.path, "org.bluez.GattCharacteristic1", "StartNotify")
    }

    /// Reads `characteristic`'s value.
    public func read(_ characteristic: BluetoothCharacteristic) throws(BluetoothError) -> [UInt8] {
        try call(characteristic.path, "org.bluez.GattCharacteristic1", "ReadValue", [.properties([:])]).first?.bytes ?? []
    }

    /// Writes `value` to `characteristic`, waiting for the device's acknowledgement (`type=request`).
    public func write(_ value: [UInt8], to characteristic: BluetoothCharacteristic) throws(BluetoothError) {
        try call(characteristic.path, "org.bluez.GattCharacteristic1", "WriteValue", [.bytes(value), .properties(["type": .string("request")])])
    }

    @discardableResult
    private func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
                      timeout: Duration = .seconds(25)) throws(BluetoothError) -> [DBusValue] {
        do {
            return try bus.call(destination: Self.service, path: path, interface: interface, member: member, arguments: arguments, timeout: timeout)
        } catch {
            throw BluetoothError(error, busAddress: bus.address)
        }
    }
}
