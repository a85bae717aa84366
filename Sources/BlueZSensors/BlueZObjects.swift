import Foundation
public import DBus
public import GATT
import WorkoutSources

/// A Bluetooth device as BlueZ shows it (`org.bluez.Device1`, and `org.bluez.Battery1` where it has a battery).
public struct BluetoothDevice: Sendable, Hashable {
    /// Its object path, such as `/org/bluez/hci0/dev_C4_7A_11_22_33_44`.
    public var path: String
    /// Its address, `C4:7A:11:22:33:44`.
    public var address: String
    /// The name it advertises, or BlueZ's alias for it.
    public var name: String?
    /// The signal strength of its last advertisement, dBm; `nil` when BlueZ has heard none lately.
    public var rssi: Int?
    /// The services it advertises or offers.
    public var services: [GATTService]
    /// Whether BlueZ holds a connection to it.
    public var isConnected: Bool
    /// Whether its services have been discovered since it connected.
    public var servicesResolved: Bool
    /// Its battery's charge, %, where BlueZ reads it.
    public var battery: Int?

    /// A device with every field given.
    public init(path: String, address: String, name: String?, rssi: Int?, services: [GATTService], isConnected: Bool, servicesResolved: Bool,
                battery: Int?) {
        self.path = path
        self.address = address
        self.name = name
        self.rssi = rssi
        self.services = services
        self.isConnected = isConnected
        self.servicesResolved = servicesResolved
        self.battery = battery
    }

    /// How it reads in a list: `Power 1 (C4:7A:11:22:33:44)`.
    public var label: String { name.map { "\($0) (\(address))" } ?? address }
}

/// A characteristic of a connected device (`org.bluez.GattCharacteristic1`).
public struct BluetoothCharacteristic: Sendable, Hashable {
    /// Its object path.
    public var path: String
    /// Its assigned number (0x2A63 for Cycling Power Measurement), or `nil` for a vendor's UUID.
    public var assignedNumber: UInt16?
    /// Its UUID as BlueZ gives it.
    public var uuid: String
    /// What it allows: `read`, `write`, `notify`, `indicate`, ….
    public var flags: [String]

    /// A characteristic with every field given.
    public init(path: String, assignedNumber: UInt16?, uuid: String, flags: [String]) {
        self.path = path
        self.assignedNumber = assignedNumber
        self.uuid = uuid
        self.flags = flags
    }

    /// Whether it notifies or indicates.
    public var notifies: Bool { flags.contains("notify") || flags.contains("indicate") }
}

/// What BlueZ holds, kept up to date from its signals: every object's interfaces and their properties, from
/// `GetManagedObjects`, then `InterfacesAdded`, `InterfacesRemoved` and `PropertiesChanged` — but for a
/// characteristic's `Value`, which its reader takes from the signal itself (a notification changes nothing else).
///
/// A pure value: it is fed answers and signals and read, so it is tested without a bus.
public struct BlueZObjects: Sendable {
    /// Each object's interfaces' properties: path → interface → property → value.
    public private(set) var objects: [String: [String: [String: DBusValue]]] = [:]

    static let adapterInterface = "org.bluez.Adapter1"
    static let deviceInterface = "org.bluez.Device1"
    static let batteryInterface = "org.bluez.Battery1"
    static let serviceInterface = "org.bluez.GattService1"
    static let characteristicInterface = "org.bluez.GattCharacteristic1"

    /// Nothing known yet.
    public init() {}

    /// The objects in `GetManagedObjects`' answer (`a{oa{sa{sv}}}`).
    public init(managedObjects answer: [DBusValue]) {
        for (path, interfaces) in answer.first?.dictionary ?? [:] {
            objects[path] = Self.interfaces(interfaces)
        }
    }

    private static func interfaces(_ value: DBusValue) -> [String: [String: DBusValue]] {
        var result: [String: [String: DBusValue]] = [:]
        for (name, properties) in value.dictionary ?? [:] {
            result[name] = (properties.dictionary ?? [:]).mapValues(\.unwrapped)
        }
        return result
    }

    /// Takes in what `signal` says, if it is one of the object manager's or a property change; returns whether it was.
    @discardableResult
    public mutating func apply(_ signal: DBusSignal) -> Bool {
        switch (signal.interface, signal.member) {
        case ("org.freedesktop.DBus.ObjectManager", "InterfacesAdded"):
            guard signal.arguments.count == 2, let path = signal.arguments[0].string, path.hasPrefix("/"), signal.arguments[1].dictionary != nil else {
                return false
            }
            objects[path, default: [:]].merge(Self.interfaces(signal.arguments[1])) { _, new in new }
            return true
        case ("org.freedesktop.DBus.ObjectManager", "InterfacesRemoved"):
            guard signal.arguments.count == 2, let path = signal.arguments[0].string, let names = signal.arguments[1].strings else { return false }
            for name in names { objects[path]?[name] = nil }
            if objects[path]?.isEmpty == true { objects[path] = nil }
            return true
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard signal.arguments.count >= 2, let interface = signal.arguments[0].string, let changed = signal.arguments[1].dictionary else { return false }
            // A characteristic's value is its reader's, not kept here: notifications change nothing else.
            if interface == Self.characteristicInterface, changed.count == 1, changed["Value"] != nil, signal.arguments.count < 3
                || signal.arguments[2].strings?.isEmpty == true { return true }
            var properties = objects[signal.path]?[interface] ?? [:]
            for (name, value) in changed { properties[name] = value.unwrapped }
            for name in signal.arguments.count > 2 ? signal.arguments[2].strings ?? [] : [] { properties[name] = nil }
            objects[signal.path, default: [:]][interface] = properties
            return true
        default:
            return false
        }
    }

    /// The adapters' paths, in order (`/org/bluez/hci0` first).
    public var adapters: [String] {
        objects.filter { $0.value[Self.adapterInterface] != nil }.keys.sorted()
    }

    /// Every device BlueZ knows, by address.
    public var devices: [BluetoothDevice] {
        objects.keys.compactMap(device(at:)).sorted { $0.address < $1.address }
    }

    /// The device at `path`, or `nil` when there is none.
    public func device(at path: String) -> BluetoothDevice? {
        guard let interfaces = objects[path], let properties = interfaces[Self.deviceInterface],
              let address = properties["Address"]?.string else { return nil }
        var services = (properties["UUIDs"]?.strings ?? []).compactMap(GATTService.init(uuid:))
        for (_, child) in objects.filter({ $0.key.hasPrefix(path + "/") }) {
            if let uuid = child[Self.serviceInterface]?["UUID"]?.string, let service = GATTService(uuid: uuid), !services.contains(service) {
                services.append(service)
            }
        }
        return BluetoothDevice(path: path, address: address,
                               name: properties["Name"]?.string ?? properties["Alias"]?.string,
                               rssi: properties["RSSI"]?.integer,
                               services: services.sorted { $0.rawValue < $1.rawValue },
                               isConnected: properties["Connected"]?.bool ?? false,
                               servicesResolved: properties["ServicesResolved"]?.bool ?? false,
                               battery: interfaces[Self.batteryInterface]?["Percentage"]?.integer)
    }

    /// The device whose address is `address` (any case), or `nil`.
    public func device(address: String) -> BluetoothDevice? {
        devices.first { $0.address.caseInsensitiveCompare(address) == .orderedSame }
    }

    /// The characteristics under the device at `devicePath`, in path order.
    public func characteristics(of devicePath: String) -> [BluetoothCharacteristic] {
        objects.filter { $0.key.hasPrefix(devicePath + "/") }.compactMap { path, interfaces -> BluetoothCharacteristic? in
            guard let properties = interfaces[Self.characteristicInterface], let uuid = properties["UUID"]?.string else { return nil }
            return BluetoothCharacteristic(path: path, assignedNumber: GATTService.assignedNumber(uuid), uuid: uuid,
                                           flags: properties["Flags"]?.strings ?? [])
        }.sorted { $0.path < $1.path }
    }
}
