import DBus
import Foundation
import GATT
import Testing
import TestSupport
import WorkoutSources
import BlueZSensors

/// The reader against a fake `org.bluez` on a private bus: finding a sensor by address and by service,
/// notifications in order, a refused connection, a dropped link and bluetoothd going away.
@Suite(.heavy, .timeLimit(.minutes(10)), .enabled(if: FakeBlueZ.isAvailable, "dbus-daemon or dbus-fast is missing: run Scripts/setup"))
struct BluetoothSensorReaderTests {
    static let powerMeter = """
        {"address": "C4:7A:11:22:33:44", "name": "Power 1", "rssi": -58, "battery": 87,
         "services": [{"uuid": "1818", "characteristics": [
            {"uuid": "2a63", "flags": ["notify"], "values": ["0000c800", "0000d200", "0000dc00"], "rate": 10},
            {"uuid": "2a5d", "flags": ["read"], "value": "0d"},
            {"uuid": "2a65", "flags": ["read"], "value": "0c000000"}]}]}
        """

    /// An event in words, for comparing.
    static func text(_ event: BluetoothSensorReader.Event) -> String {
        switch event {
        case .connected(let device): "connected \(device.label)"
        case .waiting(let text): "waiting: \(text)"
        case .disconnected(let device, let reason): "disconnected \(device): \(reason)"
        case .notification(let characteristic, let value, _):
            String(format: "%04X ", characteristic) + value.map { String(format: "%02x", $0) }.joined()
        case .battery(let percent): "battery \(percent)"
        case .stale: "stale"
        }
    }

    /// The reader's events, in words, until `done` says enough.
    static func events(_ configuration: BluetoothSensorReader.Configuration, until done: ([String]) -> Bool) async throws -> [String] {
        var texts: [String] = []
        for try await event in BluetoothSensorReader(configuration).events() {
            texts.append(text(event))
            if done(texts) { break }
        }
        return texts
    }

    @Test func aSensorFoundByAddressConnectsReadsItsLocationAndNotifiesInOrder() async throws {
        let fake = try FakeBlueZ(devices: #"{"devices": [\#(Self.powerMeter)]}"#)
        defer { fake.stop() }
        let configuration = BluetoothSensorReader.Configuration(target: .address("c4:7a:11:22:33:44"), busAddress: fake.bus.address)
        let texts = try await Self.events(configuration) { $0.filter { $0.hasPrefix("2A63") }.count >= 6 }
        #expect(texts.prefix(3) == ["2A5D 0d", "connected Power 1 (C4:7A:11:22:33:44)", "battery 87"], "\(texts)")
        #expect(!texts.contains { $0.hasPrefix("2A65") }, "the feature characteristic is neither notified nor read")
        #expect(Array(texts.filter { $0.hasPrefix("2A63") }.prefix(6)) == ["2A63 0000c800", "2A63 0000d200", "2A63 0000dc00",
                                                                         "2A63 0000c800", "2A63 0000d200", "2A63 0000dc00"])
        #expect(fake.log.contains("StartNotify 2a63"))
    }

    @Test func aSensorNamedByItsServiceIsFoundByDiscovery() async throws {
        let fake = try FakeBlueZ(devices: """
            {"devices": [\(Self.powerMeter),
              {"address": "E8:11:00:00:00:0A", "name": "HRM-Pro", "appearAfter": 0.3, "services": [{"uuid": "180d", "characteristics": [
                 {"uuid": "2a37", "flags": ["notify"], "values": ["0048", "0049"], "rate": 10},
                 {"uuid": "2a38", "flags": ["read"], "value": "01"}]}]}]}
            """)
        defer { fake.stop() }
        let configuration = BluetoothSensorReader.Configuration(target: .service(.heartRate), busAddress: fake.bus.address)
        let texts = try await Self.events(configuration) { $0.filter { $0.hasPrefix("2A37") }.count >= 2 }
        #expect(texts.prefix(2) == ["2A38 01", "connected HRM-Pro (E8:11:00:00:00:0A)"], "\(texts)")
        #expect(Array(texts.filter { $0.hasPrefix("2A37") }.prefix(2)) == ["2A37 0048", "2A37 0049"])
        #expect(fake.log.contains("SetDiscoveryFilter ['Transport', 'UUIDs']") && fake.log.contains("StopDiscovery"), "\(fake.log)")
        #expect(!fake.log.contains("Connect C4:7A"), "the power meter offers no heart rate")
    }

    @Test func aRefusedConnectionAndADroppedLinkAreTriedAgain() async throws {
        let meter = Self.powerMeter.replacingOccurrences(of: #""battery": 87,"#, with: #""battery": 87, "connectFailures": 1, "dropAfter": 0.6,"#)
        let fake = try FakeBlueZ(devices: #"{"devices": [\#(meter)]}"#)
        defer { fake.stop() }
        let configuration = BluetoothSensorReader.Configuration(target: .address("C4:7A:11:22:33:44"), busAddress: fake.bus.address)
        let texts = try await Self.events(configuration) { texts in
            texts.filter { $0.hasPrefix("connected") }.count == 2 && texts.last?.hasPrefix("2A63") == true
        }
        #expect(texts.first == "waiting: Connect on /org/bluez/hci0/dev_C4_7A_11_22_33_44: le-connection-abort-by-local (org.bluez.Error.Failed)",
                "\(texts)")
        let drop = try #require(texts.firstIndex { $0.hasPrefix("disconnected") }, "\(texts)")
        #expect(texts[drop] == "disconnected Power 1 (C4:7A:11:22:33:44): the device disconnected (out of range, asleep, or its battery is flat)")
        #expect(texts[..<drop].contains { $0.hasPrefix("2A63") } && texts[drop...].contains { $0.hasPrefix("2A63") })
        // After the drop the services were removed and added again: the notifications were started on the new objects.
        #expect(fake.log.components(separatedBy: "StartNotify 2a63").count == 3, "\(fake.log)")
    }

    @Test func whenBluetoothdGoesAwayTheReaderSaysSoAndWhatToDo() async throws {
        let fake = try FakeBlueZ(devices: #"{"devices": [\#(Self.powerMeter)]}"#)
        defer { fake.stop() }
        let configuration = BluetoothSensorReader.Configuration(target: .address("C4:7A:11:22:33:44"), busAddress: fake.bus.address)
        var stopped = false
        let texts = try await Self.events(configuration) { texts in
            if !stopped, texts.contains(where: { $0.hasPrefix("2A63") }) {
                stopped = true
                fake.stopService()
            }
            return texts.last?.hasPrefix("waiting") == true
        }
        #expect(texts.contains("disconnected Power 1 (C4:7A:11:22:33:44): bluetoothd stopped"), "\(texts)")
        #expect(texts.last == "waiting: BlueZ is not running (nobody owns org.bluez on \(fake.bus.address)): start it with `sudo systemctl start bluetooth`")
    }

    @Test func theBleSchemeNamesADeviceOrAService() throws {
        #expect(try BluetoothSensorSource.target("c4:7a:11:22:33:44") == .address("C4:7A:11:22:33:44"))
        #expect(try BluetoothSensorSource.target("service=cycling-power") == .service(.cyclingPower))
        for (text, words) in [("C4:7A:11:22:33", "not a Bluetooth address"), ("service=power", "cycling-power, cycling-speed-cadence"),
                              ("service=battery", "not a sensor's service")] {
            #expect { try BluetoothSensorSource.target(text) } throws: { "\($0)".contains(words) }
        }
    }

    /// A write to a control point with `type=request`, answered by the device's indication, as a trainer is driven;
    /// and a battery that runs down while connected.
    @Test func aControlPointWriteIsAnsweredAndTheBatteryIsFollowed() async throws {
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "F3:00:00:00:00:07", "name": "KICKR", "battery": 40, "batteryAfter": [0.3, 18],
              "services": [{"uuid": "1826", "characteristics": [
                 {"uuid": "2ad2", "flags": ["notify"], "values": ["44008007b400fa00"], "rate": 10},
                 {"uuid": "2ad9", "flags": ["write", "indicate"], "answer": "80"}]}]}]}
            """)
        defer { fake.stop() }
        let texts = try await Self.events(BluetoothSensorReader.Configuration(target: .service(.fitnessMachine), busAddress: fake.bus.address)) {
            $0.contains("battery 18")
        }
        #expect(texts.prefix(2) == ["connected KICKR (F3:00:00:00:00:07)", "battery 40"], "\(texts)")
        #expect(texts.contains { $0.hasPrefix("2AD2 44008007") })
        // The reader, stopped, lets the trainer go: wait for that before connecting again.
        _ = try await eventually(every: .milliseconds(50), within: .seconds(30)) { fake.log.contains("Disconnect F3:00:00:00:00:07") }
        #expect(fake.log.contains("Disconnect F3:00:00:00:00:07"), "a stopped reader disconnects its device: \(fake.log)")

        try await offThePool {
            let client = try BlueZClient(busAddress: fake.bus.address)
            let device = try #require(client.objects.device(address: "F3:00:00:00:00:07"))
            #expect(device.battery == 18)
            try client.connect(device, within: 5, stop: StopSignal())
            let controlPoint = try #require(client.objects.characteristics(of: device.path).first { $0.assignedNumber == 0x2AD9 })
            try client.startNotify(controlPoint)
            // Request control (op code 0x00): the trainer answers 80 00 01, success.
            try client.write([0x00], to: controlPoint)
            var answer: [UInt8]?
            for _ in 0..<20 where answer == nil {
                for signal in try client.listen(waitingUpTo: 100) where signal.path == controlPoint.path {
                    answer = signal.arguments.count > 1 ? signal.arguments[1].dictionary?["Value"]?.bytes : nil
                }
            }
            #expect(answer == [0x80, 0x00, 0x01])
            #expect(throws: BluetoothError.self) { try client.read(controlPoint) }
        }
        #expect(fake.log.contains("WriteValue 2ad9 00"), "\(fake.log)")
    }
}
