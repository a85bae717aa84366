public import DBus
import Foundation
public import GATT
import WorkoutSources

/// A look around for sensors: BlueZ's discovery on the fitness services for a while, and what it found.
public enum BluetoothScanner {
    /// The services a scan looks for: every sensor's, not the battery's.
    public static let sensorServices = GATTService.allCases.filter { $0 != .battery }

    /// Discovers for `seconds` on a thread of its own and returns the devices offering a sensor's service, those
    /// already connected first, then the strongest signal first. Devices BlueZ already knew are included.
    ///
    /// - Throws: ``BluetoothError`` saying what to do when BlueZ cannot be reached.
    public static func scan(for seconds: Double, busAddress: String = DBusConnection.systemBusAddress(), adapter: String? = nil) async throws -> [BluetoothDevice] {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    let client = try BlueZClient(busAddress: busAddress, adapter: adapter)
                    _ = try client.discover(sensorServices, for: seconds, stop: StopSignal())
                    let found = client.objects.devices.filter { !Set($0.services).isDisjoint(with: sensorServices) }
                    continuation.resume(returning: found.sorted { first, second in
                        if first.isConnected != second.isConnected { return first.isConnected }
                        return (first.rssi ?? -200) > (second.rssi ?? -200)
                    })
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "ble scan"
            thread.start()
        }
    }
}
