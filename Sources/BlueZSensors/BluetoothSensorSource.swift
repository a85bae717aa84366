import Foundation
import GATT
public import OpenHealthKitCore
import SensorBridge
public import WorkoutSources

/// A Bluetooth LE sensor read straight from BlueZ: `ble:C4:7A:11:22:33:44` or `ble:service=cycling-power` in
/// `OPENHEALTHKIT_SOURCES` or `workout record --sensor`.
///
/// A strap's notifications become heart rate, heartbeats and energy as the bridge's do (``HeartRateStrapReadings``),
/// and a power meter's, a speed or cadence sensor's, a foot pod's and a trainer's become power, cadence, speed,
/// stride length and (indoors) distance by the same rules (``SensorReadings``). Statuses say when the sensor
/// connects (with its name, address and battery), goes silent, disconnects, and why it cannot be reached.
public struct BluetoothSensorSource: WorkoutDataSource {
    /// The device and how it is read.
    public let configuration: BluetoothSensorReader.Configuration
    /// How wheel revolutions become speed and distance.
    public let sensors: SensorReadings.Settings
    /// `ble:ADDRESS` or `ble:service=NAME`.
    public let name: String
    /// The way to the device's control point, when it is a smart trainer the recording controls.
    public let trainer: TrainerLink?
    private let clock: any WorkoutClock

    /// A source reading `configuration`, stamping arrivals with `clock`; with `trainer`, the device is controlled
    /// through it as a smart trainer (``BluetoothSensorReader/init(_:clock:trainer:)``).
    public init(_ configuration: BluetoothSensorReader.Configuration, sensors: SensorReadings.Settings = SensorReadings.Settings(),
                clock: any WorkoutClock = SystemClock(), trainer: TrainerLink? = nil) {
        self.configuration = configuration
        self.sensors = sensors
        self.clock = clock
        self.trainer = trainer
        name = "ble:\(configuration.target)"
    }

    /// The parameters `ble:` accepts.
    public static let parameterNames = ["adapter", "distance", "stale", "wheel"]

    /// The target `ble:` names: an address (`C4:7A:11:22:33:44`), or `service=NAME`.
    ///
    /// - Throws: ``WorkoutSourceError`` for anything else, listing the service names.
    public static func target(_ text: String) throws(WorkoutSourceError) -> BluetoothSensorReader.Target {
        if text.lowercased().hasPrefix("service=") {
            let name = String(text.dropFirst("service=".count))
            guard let service = GATTService(name: name), service != .battery else {
                throw WorkoutSourceError("'\(name)' is not a sensor's service; use one of "
                                         + GATTService.allCases.filter { $0 != .battery }.map(\.name).joined(separator: ", "))
            }
            return .service(service)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6, parts.allSatisfy({ $0.count == 2 && UInt8($0, radix: 16) != nil }) else {
            throw WorkoutSourceError("'\(text)' is not a Bluetooth address such as C4:7A:11:22:33:44, or service=NAME "
                                     + "(`workout sensors scan` lists the sensors nearby)")
        }
        return .address(text.uppercased())
    }

    /// Registers the `ble` scheme with ``WorkoutSourceRegistry``:
    /// `ble:ADDRESS|service=NAME[?adapter=hci0][&stale=3][&wheel=2105][&distance=wheel|gps]`.
    public static func register() {
        WorkoutSourceRegistry.register(scheme: "ble") { specification in try source(for: specification) }
    }

    /// The source `specification` (`ble:…`) names, on `clock`; its `wheel=` and `distance=` override `sensors`.
    ///
    /// - Throws: ``WorkoutSourceError`` naming the specification and what is wrong with it.
    public static func source(for specification: WorkoutSourceSpecification, sensors: SensorReadings.Settings = SensorReadings.Settings(),
                              clock: any WorkoutClock = SystemClock(), trainer: TrainerLink? = nil) throws(WorkoutSourceError) -> BluetoothSensorSource {
        if let unknown = specification.parameters.keys.sorted().first(where: { !parameterNames.contains($0) }) {
            throw WorkoutSourceError("'\(specification)': unknown parameter '\(unknown)'; ble: takes \(parameterNames.joined(separator: ", "))")
        }
        do {
            var configuration = BluetoothSensorReader.Configuration(target: try target(specification.location))
            configuration.adapter = specification.parameters["adapter"]
            if let text = specification.parameters["stale"] {
                guard let seconds = TimeInterval(text), seconds > 0 else { throw WorkoutSourceError("stale must be seconds above 0, such as stale=3") }
                configuration.staleAfter = seconds
            }
            let settings = try HeartRateStrapSource.sensorSettings(wheel: specification.parameters["wheel"], distance: specification.parameters["distance"],
                                                                   over: sensors)
            return BluetoothSensorSource(configuration, sensors: settings, clock: clock, trainer: trainer)
        } catch {
            throw WorkoutSourceError("'\(specification)': \(error)")
        }
    }

    /// Reads the sensor until the consumer stops.
    public func readings() -> AsyncThrowingStream<WorkoutReading, any Error> {
        let reader = BluetoothSensorReader(configuration, clock: clock, trainer: trainer)
        let name = name, settings = sensors, clock = clock, trainer = trainer
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WorkoutReading.self, throwing: (any Error).self,
                                                                    bufferingPolicy: .bufferingNewest(4_096))
        let task = Task {
            var strap = HeartRateStrapReadings(sourceName: name)
            var sensors = SensorReadings(settings: settings)
            var device: BluetoothDevice?
            var silent = false
            func status(_ kind: WorkoutSourceStatus.Kind, _ detail: String) {
                let known = device.map { WorkoutSourceStatus.Device(name: $0.name, identifier: $0.address, services: $0.services.map(\.name)) }
                continuation.yield(.status(WorkoutSourceStatus(source: name, kind: kind, date: clock.now, detail: detail, battery: device?.battery,
                                                               device: known)))
            }
            do {
                for try await event in reader.events() {
                    switch event {
                    case .connected(let connected):
                        device = connected
                        status(.connected, "connected to \(connected.label)" + (connected.battery.map { ", battery \($0) %" } ?? ""))
                    case .waiting(let text):
                        status(.disconnected, "waiting: \(text)")
                    case .disconnected(let label, let reason):
                        silent = false
                        strap.reset()
                        sensors = SensorReadings(settings: settings)
                        status(.disconnected, "\(label): \(reason); reconnecting")
                    case .stale(let seconds):
                        silent = true
                        status(.stale, String(format: "no notification for %.1f s: sensor out of range, or asleep", seconds))
                    case .battery(let percent):
                        // The charge at connection is in the connected status; a fall to 20 % or below later is said once.
                        let known = device?.battery
                        device?.battery = percent
                        if let known, percent < known, percent <= 20, known > 20 {
                            status(.connected, "\(device?.label ?? name): battery low, \(percent) %")
                        }
                    case .notification(let characteristic, let value, let arrival):
                        // Heard again after a silence: the silence is over (it must not stay on the rider's screen).
                        if silent {
                            silent = false
                            status(.connected, "\(device?.label ?? name): notifications again")
                        }
                        if trainer?.take(characteristic, value) == true { continue }
                        sensors.speedFromPower = trainer?.holdsPower ?? false
                        let message = StrapMessage(.notification(kind: characteristic, payload: value))
                        for reading in strap.readings(for: message, at: arrival) { continuation.yield(reading) }
                        for reading in sensors.readings(for: message, at: arrival) { continuation.yield(reading) }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
