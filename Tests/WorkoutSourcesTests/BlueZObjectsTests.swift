import DBus
import GATT
import Testing
import WorkoutSources
import BlueZSensors

/// BlueZ's objects as the client keeps them: from `GetManagedObjects`, then its signals.
struct BlueZObjectsTests {
    static let device = "/org/bluez/hci0/dev_C4_7A_11_22_33_44"

    static func properties(_ values: [String: DBusValue]) -> DBusValue { .properties(values) }

    static func interfaces(_ values: [String: [String: DBusValue]]) -> DBusValue {
        .dictionary(Dictionary(uniqueKeysWithValues: values.map { (DBusValue.string($0.key), properties($0.value)) }),
                    keySignature: "s", valueSignature: "a{sv}")
    }

    static let answer: [DBusValue] = [.dictionary([
        .objectPath("/org/bluez/hci0"): interfaces(["org.bluez.Adapter1": ["Address": .string("00:1A:7D:DA:71:13"), "Powered": .boolean(true)]]),
        .objectPath(device): interfaces([
            "org.bluez.Device1": ["Address": .string("C4:7A:11:22:33:44"), "Name": .string("Power 1"), "RSSI": .int16(-58),
                                  "UUIDs": .array([.string(GATTService.cyclingPower.uuid), .string(GATTService.battery.uuid),
                                                   .string("6e400001-b5a3-f393-e0a9-e50e24dcca9e")], elementSignature: "s"),
                                  "Connected": .boolean(false), "ServicesResolved": .boolean(false)],
            "org.bluez.Battery1": ["Percentage": .byte(87)],
        ]),
    ], keySignature: "o", valueSignature: "a{sa{sv}}")]

    @Test func devicesAndAdaptersFromGetManagedObjects() throws {
        let objects = BlueZObjects(managedObjects: Self.answer)
        #expect(objects.adapters == ["/org/bluez/hci0"])
        let device = try #require(objects.device(address: "c4:7a:11:22:33:44"))
        #expect(device == BluetoothDevice(path: Self.device, address: "C4:7A:11:22:33:44", name: "Power 1", rssi: -58,
                                          services: [.battery, .cyclingPower], isConnected: false, servicesResolved: false, battery: 87))
        #expect(device.label == "Power 1 (C4:7A:11:22:33:44)")
    }

    @Test func signalsKeepTheObjectsCurrent() throws {
        var objects = BlueZObjects(managedObjects: Self.answer)
        let service = Self.device + "/service000a", characteristic = service + "/char000b"
        let applied = objects.apply(DBusSignal(sender: ":1.3", path: Self.device, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                                               arguments: [.string("org.bluez.Device1"),
                                                           Self.properties(["Connected": .boolean(true), "ServicesResolved": .boolean(true)]),
                                                           .array([.string("RSSI")], elementSignature: "s")]))
        #expect(applied)
        for (path, values) in [(service, ["org.bluez.GattService1": ["UUID": DBusValue.string(GATTService.cyclingPower.uuid)]]),
                               (characteristic, ["org.bluez.GattCharacteristic1": ["UUID": .string(GATTService.uuid(0x2A63)),
                                                                                  "Flags": .array([.string("notify")], elementSignature: "s")]])] {
            objects.apply(DBusSignal(sender: ":1.3", path: path, interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesAdded",
                                     arguments: [.objectPath(path), Self.interfaces(values)]))
        }
        let connected = try #require(objects.device(at: Self.device))
        #expect(connected.isConnected && connected.servicesResolved)
        #expect(connected.rssi == nil, "an invalidated property is forgotten")
        #expect(objects.characteristics(of: Self.device) == [BluetoothCharacteristic(path: characteristic, assignedNumber: 0x2A63,
                                                                                     uuid: GATTService.uuid(0x2A63), flags: ["notify"])])
        #expect(objects.characteristics(of: Self.device).first?.notifies == true)

        objects.apply(DBusSignal(sender: ":1.3", path: "/", interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesRemoved",
                                 arguments: [.objectPath(characteristic), .array([.string("org.bluez.GattCharacteristic1")], elementSignature: "s")]))
        #expect(objects.characteristics(of: Self.device).isEmpty)
        objects.apply(DBusSignal(sender: ":1.3", path: "/", interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesRemoved",
                                 arguments: [.objectPath(Self.device), .array([.string("org.bluez.Device1"), .string("org.bluez.Battery1")],
                                                                              elementSignature: "s")]))
        #expect(objects.device(at: Self.device) == nil)
        #expect(objects.devices.isEmpty)
    }

    @Test func malformedSignalsChangeNothing() {
        var objects = BlueZObjects(managedObjects: Self.answer)
        let before = objects.objects
        for arguments: [DBusValue] in [[], [.int32(1)], [.string("org.bluez.Device1"), .int32(2)], [.objectPath(Self.device)]] {
            for member in ["InterfacesAdded", "InterfacesRemoved"] {
                objects.apply(DBusSignal(sender: "", path: "/", interface: "org.freedesktop.DBus.ObjectManager", member: member, arguments: arguments))
            }
            objects.apply(DBusSignal(sender: "", path: Self.device, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                                     arguments: arguments))
        }
        #expect(objects.objects == before)
        #expect(BlueZObjects(managedObjects: [.string("nonsense")]).devices.isEmpty)
    }
}
