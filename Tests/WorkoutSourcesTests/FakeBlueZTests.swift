import Foundation
import Testing
import TestSupport

/// The fake `org.bluez` the Bluetooth tests run against, checked with an independent client: bleak, which
/// speaks BlueZ's D-Bus API for Python programs on Linux. If bleak scans, connects, gets notifications, reads,
/// and has a write answered by an indication, the fake is shaped like BlueZ and not only like our client.
@Suite(.heavy, .timeLimit(.minutes(10)),
       .enabled(if: FakeBlueZ.isAvailable && ExternalTool.pythonHas("bleak"), "dbus-daemon, dbus-fast or bleak is missing: run Scripts/setup"))
struct FakeBlueZTests {
    @Test func bleakScansConnectsAndHearsTheFake() async throws {
        let fake = try FakeBlueZ(devices: """
            {"devices": [{"address": "C4:7A:11:22:33:44", "name": "Power 1", "rssi": -58, "battery": 87, "appearAfter": 0.3,
              "services": [{"uuid": "1818", "characteristics": [
                 {"uuid": "2a63", "flags": ["notify"], "values": ["0000c800", "0000d200"], "rate": 4},
                 {"uuid": "2a5d", "flags": ["read"], "value": "0d"},
                 {"uuid": "2a66", "flags": ["write", "indicate"], "answer": "20"}]}]},
              {"address": "D0:00:00:00:00:01", "name": "Someone's phone", "services": [{"uuid": "1800", "characteristics": []}]}]}
            """)
        defer { fake.stop() }
        let run = try await offThePool {
            try ExternalTool.run("env", ["DBUS_SYSTEM_BUS_ADDRESS=\(fake.bus.address)", "python3", "-c", """
                import asyncio
                from bleak import BleakScanner, BleakClient
                POWER = "00001818-0000-1000-8000-00805f9b34fb"
                def uuid(n): return f"0000{n}-0000-1000-8000-00805f9b34fb"
                async def main():
                    found = await BleakScanner.discover(timeout=1.5, service_uuids=[POWER])
                    print("found", sorted(d.address for d in found))
                    async with BleakClient(found[0]) as client:
                        values, answers = [], []
                        await client.start_notify(uuid("2a63"), lambda c, data: values.append(bytes(data).hex()))
                        await client.start_notify(uuid("2a66"), lambda c, data: answers.append(bytes(data).hex()))
                        await client.write_gatt_char(uuid("2a66"), bytes([0x04, 0x01]), response=True)
                        location = await client.read_gatt_char(uuid("2a5d"))
                        await asyncio.sleep(1.1)
                        print("values", values[:4])
                        print("answers", answers)
                        print("location", location.hex())
                asyncio.run(main())
                """])
        }
        #expect(run.status == 0, "\(run.standardError)\n\(fake.log)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("found ['C4:7A:11:22:33:44']"), "the phone offers no power service: \(lines)")
        #expect(lines.contains("values ['0000c800', '0000d200', '0000c800', '0000d200']"), "\(lines)")
        #expect(lines.contains("answers ['200401']"), "\(lines)")
        #expect(lines.contains("location 0d"), "\(lines)")
        for step in ["SetDiscoveryFilter", "StartDiscovery", "StopDiscovery", "Connect C4:7A:11:22:33:44", "StartNotify 2a63", "WriteValue 2a66 0401"] {
            #expect(fake.log.contains(step), "\(fake.log)")
        }
    }
}
