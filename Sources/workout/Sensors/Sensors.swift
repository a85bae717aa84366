import ArgumentParser
import Foundation
import GATT
import OpenHealthKit
import WorkoutSources
import BlueZSensors

/// `workout sensors`: find Bluetooth sensors, name them, and watch one.
struct Sensors: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find Bluetooth sensors through BlueZ, name them for `workout record --sensor`, and watch one.",
        discussion: """
            BlueZ is reached on the system bus (DBUS_SYSTEM_BUS_ADDRESS where set): bluetoothd must run and you must be \
            allowed to use it (on Debian and Raspberry Pi OS, the `bluetooth` group). Names are kept in \
            $XDG_CONFIG_HOME/openhealthkit/sensors.yaml (~/.config/openhealthkit/sensors.yaml).
            """,
        subcommands: [Scan.self, List.self, Add.self, Remove.self, Watch.self]
    )

    /// `workout sensors scan`.
    struct Scan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Look for sensors nearby and list them with their services, battery and signal.")
        @Option(help: ArgumentHelp("How long to look.", valueName: "seconds")) var seconds: Double = 8
        @Option(help: ArgumentHelp("The Bluetooth adapter (default: the first).", valueName: "hci0")) var adapter: String?
        @Flag(help: "Print one JSON object per device instead of a table.") var json = false

        func validate() throws {
            if !(seconds > 0 && seconds <= 600) { throw ValidationError("--seconds must be above 0 and at most 600.") }
        }

        func run() async throws {
            if !json {
                print("Looking for \(formatNumber(seconds)) s for \(BluetoothScanner.sensorServices.map(\.name).joined(separator: ", ")) sensors; wake yours (spin the crank, wet the strap).")
            }
            let devices = try await BluetoothScanner.scan(for: seconds, adapter: adapter)
            if json {
                for device in devices {
                    var object: [String: Any] = ["address": device.address, "services": device.services.map(\.name), "connected": device.isConnected]
                    if let name = device.name { object["name"] = name }
                    if let rssi = device.rssi { object["rssi"] = rssi }
                    if let battery = device.battery { object["battery"] = battery }
                    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                    print(String(decoding: data, as: UTF8.self))
                }
                return
            }
            guard !devices.isEmpty else {
                print("No sensor found. Is it awake and near, and not connected to another receiver (a head unit, a phone app)?")
                return
            }
            let known = (try? SensorsFile.load()) ?? SensorsFile()
            /// The name a device is saved under, if it is.
            func savedName(_ device: BluetoothDevice) -> String? {
                known.sensors.first { $0.source.caseInsensitiveCompare("ble:" + device.address) == .orderedSame }?.name
            }
            let rows = devices.map { device -> [String] in
                let signal: String = device.rssi.map { "\($0) dBm" } ?? (device.isConnected ? "connected" : "")
                let battery: String = device.battery.map { "\($0) %" } ?? ""
                let services = device.services.filter { $0 != .battery }.map(\.name).joined(separator: ", ")
                return [device.address, device.name ?? "", signal, battery, services, savedName(device) ?? ""]
            }
            printTable(header: ["ADDRESS", "NAME", "SIGNAL", "BATTERY", "SERVICES", "SAVED AS"], rows: rows)
            if let first = devices.first, savedName(first) == nil {
                let name = first.services.first { $0 != .battery }.map { Self.suggestedName(for: $0) } ?? "sensor"
                print("\nName one for `workout record --sensor \(name)`: workout sensors add \(name) ble:\(first.address)")
            }
        }

        static func suggestedName(for service: GATTService) -> String {
            switch service {
            case .heartRate: "strap"
            case .cyclingPower: "power"
            case .cyclingSpeedAndCadence: "speed"
            case .runningSpeedAndCadence: "footpod"
            case .fitnessMachine: "trainer"
            case .battery: "sensor"
            }
        }
    }

    /// `workout sensors list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sensors you have named.")

        func run() throws {
            let file = try SensorsFile.load()
            guard !file.sensors.isEmpty else {
                print("No sensors named yet: `workout sensors scan`, then `workout sensors add NAME ble:ADDRESS`.")
                return
            }
            let width = file.sensors.map(\.name.count).max() ?? 0
            for sensor in file.sensors { print(sensor.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + sensor.source) }
        }
    }

    /// `workout sensors add NAME SOURCE`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Name a sensor: `power ble:C4:7A:11:22:33:44`, `strap hrm:/dev/ttyUSB0`.")
        @Argument(help: "The name `record --sensor` will use: letters, digits, - and _.") var name: String
        @Argument(help: ArgumentHelp("The sensor: ble:ADDRESS, ble:service=NAME, or hrm:DEVICE.", valueName: "source")) var source: String

        func validate() throws {
            guard SensorsFile.isValidName(name) else { throw ValidationError("'\(name)' is not a sensor's name: use letters, digits, - and _.") }
            let specification: WorkoutSourceSpecification
            do { specification = try WorkoutSourceSpecification(parsing: source) } catch { throw ValidationError(error.message) }
            guard ["ble", "hrm"].contains(specification.scheme) else {
                throw ValidationError("'\(source)' is not a sensor: write ble:ADDRESS, ble:service=NAME or hrm:DEVICE.")
            }
            HeartRateStrapSource.register()
            BluetoothSensorSource.register()
            do { _ = try WorkoutSourceRegistry.sources(for: [specification]) } catch { throw ValidationError("\(error)") }
        }

        func run() throws {
            var file = try SensorsFile.load()
            let replaced = file.sensors.contains { $0.name == name }
            file.sensors.removeAll { $0.name == name }
            file.sensors.append((name, source))
            try file.save()
            print("\(replaced ? "changed" : "added") \(name): \(source) (in \(SensorsFile.location().path))")
        }
    }

    /// `workout sensors remove NAME`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a sensor's name.")
        @Argument(help: "The name.") var name: String

        func run() throws {
            var file = try SensorsFile.load()
            guard file.sensors.contains(where: { $0.name == name }) else {
                throw RecordingsError("No sensor is named '\(name)'" + (file.sensors.isEmpty ? "." : "; the names are \(file.sensors.map(\.name).joined(separator: ", "))."))
            }
            file.sensors.removeAll { $0.name == name }
            try file.save()
            print("removed \(name)")
        }
    }

    /// `workout sensors watch NAME`.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Connect to a Bluetooth sensor and print each notification, decoded, as `workout hrm` does for a bridge.")
        @Argument(help: ArgumentHelp("A name from `workout sensors list`, ble:ADDRESS, ble:service=NAME, or an address.", valueName: "sensor"))
        var sensor: String
        @Option(help: ArgumentHelp("Report silence longer than this many seconds.", valueName: "seconds")) var stale: Double = 3
        @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds")) var duration: Double?
        @Flag(help: "Print one JSON object per line instead of text.") var json = false

        func run() async throws {
            let target = try SensorArgument.bluetoothTarget(sensor)
            let configuration = BluetoothSensorReader.Configuration(target: target, staleAfter: stale)
            let clock = SystemClock()
            if !json { FileHandle.standardOutput.write(Data("Looking for \(target) through BlueZ. Press Ctrl-C to stop.\n".utf8)) }
            let reading = Task { () -> NotificationMonitor in
                var monitor = NotificationMonitor(start: clock.now, json: json)
                do {
                    for try await event in BluetoothSensorReader(configuration, clock: clock).events() { monitor.handle(event, at: clock.now) }
                } catch {}
                return monitor
            }
            await InterruptSignal.value(of: reading, cancelledAfter: duration).finish()
        }
    }
}

/// A sensor as `record --sensor` and `sensors watch` take it: a name from the sensors file, or a source itself.
enum SensorArgument {
    /// The source specification `text` stands for: the named sensor's, `text` itself when it has a scheme, or `ble:` + an address.
    static func specification(_ text: String) throws -> String {
        if let source = try SensorsFile.load().source(named: text) { return source }
        if text.hasPrefix("ble:") || text.hasPrefix("hrm:") { return text }
        if (try? BluetoothSensorSource.target(text)) != nil { return "ble:" + text }
        let names = (try? SensorsFile.load().sensors.map(\.name)) ?? []
        throw ValidationError("No sensor is named '\(text)'" + (names.isEmpty ? "" : " (the names are \(names.joined(separator: ", ")))")
                              + "; name one with `workout sensors add NAME ble:ADDRESS`, or give ble:ADDRESS.")
    }

    /// The Bluetooth device `text` stands for.
    static func bluetoothTarget(_ text: String) throws -> BluetoothSensorReader.Target {
        let specification = try specification(text)
        guard specification.hasPrefix("ble:") else {
            throw ValidationError("'\(text)' is \(specification), not a Bluetooth sensor: watch a bridge with `workout hrm`.")
        }
        var location = String(specification.dropFirst(4))
        if let question = location.firstIndex(of: "?") { location = String(location[..<question]) }
        do { return try BluetoothSensorSource.target(location) } catch { throw ValidationError(error.message) }
    }
}
