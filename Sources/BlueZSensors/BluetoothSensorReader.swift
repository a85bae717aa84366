public import Foundation
public import GATT
public import OpenHealthKitCore
public import DBus
public import WorkoutSources

/// Reads one Bluetooth LE sensor straight from BlueZ, for as long as it is asked to: it finds the device (by
/// address, or the first offering a service), connects, starts the notifications of every characteristic a
/// workout uses, and reconnects through ``ReconnectBackoff`` whenever the device, the adapter or bluetoothd
/// goes away.
///
/// BlueZ is reached over D-Bus on a thread of its own, never on Swift's cooperative pool. The characteristics
/// subscribed: Heart Rate Measurement (0x2A37), Cycling Power Measurement (0x2A63), CSC Measurement (0x2A5B),
/// RSC Measurement (0x2A53), Indoor Bike Data (0x2AD2) and Battery Level (0x2A19) where BlueZ shows it;
/// Body Sensor Location (0x2A38) and Sensor Location (0x2A5D) are read once. Battery charge otherwise comes
/// from `org.bluez.Battery1`, which bluetoothd fills from the Battery Service it keeps for itself.
public struct BluetoothSensorReader: Sendable {
    /// Which device to read.
    public enum Target: Sendable, Hashable, CustomStringConvertible {
        /// The device with this address (`C4:7A:11:22:33:44`).
        case address(String)
        /// The first device found offering this service.
        case service(GATTService)

        public var description: String {
            switch self {
            case .address(let address): address
            case .service(let service): "service=\(service.name)"
            }
        }
    }

    /// Where and how to read.
    public struct Configuration: Sendable, Hashable {
        /// The device.
        public var target: Target
        /// The system bus's address (`DBUS_SYSTEM_BUS_ADDRESS`, else bluetoothd's socket).
        public var busAddress: String
        /// The adapter (`hci0`), or `nil` for the first.
        public var adapter: String?
        /// Silence longer than this is reported as ``Event/stale(silentFor:)``.
        public var staleAfter: TimeInterval
        /// The first wait before trying again; doubled after each failure up to four seconds.
        public var reconnectInterval: TimeInterval
        /// How long one discovery looks for a device BlueZ does not know yet.
        public var scanSeconds: Double
        /// How long a connection and its service discovery may take.
        public var connectSeconds: Double

        /// A configuration; the defaults suit sensors notifying 1–4 times a second.
        public init(target: Target, busAddress: String = DBusConnection.systemBusAddress(), adapter: String? = nil, staleAfter: TimeInterval = 3,
                    reconnectInterval: TimeInterval = 0.25, scanSeconds: Double = 10, connectSeconds: Double = 30) {
            self.target = target
            self.busAddress = busAddress
            self.adapter = adapter
            self.staleAfter = staleAfter
            self.reconnectInterval = reconnectInterval
            self.scanSeconds = scanSeconds
            self.connectSeconds = connectSeconds
        }
    }

    /// What the reader saw.
    public enum Event: Sendable {
        /// The device is connected and its notifications started.
        case connected(BluetoothDevice)
        /// The device cannot be reached yet (BlueZ absent, device asleep, connection refused); the reader keeps trying.
        case waiting(String)
        /// The connected device went away; the reader will find it again.
        case disconnected(device: String, reason: String)
        /// A characteristic's value, with the reader's clock at its arrival.
        case notification(characteristic: UInt16, value: [UInt8], arrival: Date)
        /// The device's battery charge, %, when connected and whenever it changes.
        case battery(Int)
        /// No notification arrived for this many seconds, though the device is connected.
        case stale(silentFor: TimeInterval)
    }

    /// The characteristics whose notifications a workout uses.
    public static let notified: Set<UInt16> = [0x2A37, 0x2A63, 0x2A5B, 0x2A53, 0x2AD2, 0x2A19]
    /// The characteristics read once on connection.
    public static let readOnce: Set<UInt16> = [0x2A38, 0x2A5D]
    /// The characteristics a trainer's controller listens to as well: the Fitness Machine Control Point's
    /// indications (0x2AD9) and the Fitness Machine Status (0x2ADA).
    public static let controlled: Set<UInt16> = [0x2AD9, 0x2ADA]

    /// Where and how to read.
    public let configuration: Configuration
    private let clock: any WorkoutClock
    private let waits: any ReconnectWaits
    private let trainer: TrainerLink?

    /// A reader for `configuration`, stamping arrivals with `clock`. With `trainer`, the device is a smart trainer
    /// too: its control point's indications and its status come as notifications, and what is written on the link
    /// goes to its control point (0x2AD9) with BlueZ's `WriteValue`.
    public init(_ configuration: Configuration, clock: any WorkoutClock = SystemClock(), trainer: TrainerLink? = nil) {
        self.init(configuration, clock: clock, waits: RealReconnectWaits(), trainer: trainer)
    }

    /// A reader whose waits between tries are `waits`.
    package init(_ configuration: Configuration, clock: any WorkoutClock = SystemClock(), waits: any ReconnectWaits, trainer: TrainerLink? = nil) {
        self.configuration = configuration
        self.clock = clock
        self.waits = waits
        self.trainer = trainer
    }

    /// Starts reading. The stream ends only when its consumer stops; a consumer more than 4,096 events behind
    /// loses the oldest.
    public func events() -> AsyncThrowingStream<Event, any Error> {
        let configuration = configuration, clock = clock, waits = waits, trainer = trainer
        return ThreadStream.make(of: Event.self, named: "ble \(configuration.target)", bufferingPolicy: .bufferingNewest(4_096)) { stop, continuation in
            Self.run(configuration, clock: clock, waits: waits, trainer: trainer, stop: stop) { continuation.yield($0) }
            continuation.finish()
        }
    }

    private static func run(_ configuration: Configuration, clock: any WorkoutClock, waits: any ReconnectWaits, trainer: TrainerLink?,
                            stop: StopSignal, yield: (Event) -> Void) {
        var backoff = ReconnectBackoff(first: configuration.reconnectInterval)
        var lastWaiting: String?
        func waiting(_ text: String) {
            if text != lastWaiting { yield(.waiting(text)) }
            lastWaiting = text
        }
        while !stop.isSet {
            do {
                let client = try BlueZClient(busAddress: configuration.busAddress, adapter: configuration.adapter)
                guard let device = try find(configuration, client: client, stop: stop) else {
                    if !stop.isSet {
                        waiting("no \(describe(configuration.target)) found in \(Int(configuration.scanSeconds)) s: wake it (spin the crank or the wheel, "
                                + "put the strap on) and keep it near; looking again")
                    }
                    waits.wait(backoff.failed(), stop: stop)
                    continue
                }
                try client.connect(device, within: configuration.connectSeconds, stop: stop)
                try client.listenOnly(to: device)
                let subscribed = try subscribe(device, client: client, clock: clock, controlled: trainer != nil, yield: yield)
                guard !subscribed.isEmpty else {
                    client.disconnect(device)
                    waiting("\(device.label) offers none of the characteristics a workout uses (heart rate, cycling power, speed and cadence, "
                            + "running speed and cadence, indoor bike data)")
                    waits.wait(backoff.failed(), stop: stop)
                    continue
                }
                backoff.connected()
                lastWaiting = nil
                let connected = client.objects.device(at: device.path) ?? device
                yield(.connected(connected))
                if let battery = connected.battery { yield(.battery(battery)) }
                // A new connection holds no control, and what was written for the last one is void.
                trainer?.dropWrites()
                trainer?.deliver(.connected(connected.label))
                let reason = listen(to: connected, subscribed: subscribed, client: client, configuration: configuration, clock: clock,
                                    trainer: trainer, stop: stop, yield: yield)
                if stop.isSet {
                    client.disconnect(device)
                    return
                }
                trainer?.deliver(.disconnected("\(device.label): \(reason)"))
                yield(.disconnected(device: device.label, reason: reason))
            } catch {
                if !stop.isSet { waiting(error.description) }
            }
            waits.wait(backoff.failed(), stop: stop)
        }
    }

    private static func describe(_ target: Target) -> String {
        switch target {
        case .address(let address): "device \(address)"
        case .service(let service): "sensor offering \(service.name)"
        }
    }

    /// The target among what BlueZ knows, else from a discovery.
    private static func find(_ configuration: Configuration, client: BlueZClient, stop: StopSignal) throws(BluetoothError) -> BluetoothDevice? {
        switch configuration.target {
        case .address(let address):
            return try client.discover(GATTService.allCases.filter { $0 != .battery }, for: configuration.scanSeconds, stop: stop) {
                $0.device(address: address)
            }
        case .service(let service):
            // A device already connected (by this program before, or paired and connected by the system) comes first.
            let match: (BlueZObjects) -> BluetoothDevice? = { objects in
                let offering = objects.devices.filter { $0.services.contains(service) }
                return offering.first(where: \.isConnected) ?? offering.max { ($0.rssi ?? -200) < ($1.rssi ?? -200) }
            }
            return try client.discover([service], for: configuration.scanSeconds, stop: stop, until: match)
        }
    }

    /// Starts every notification a workout uses (and, for a trainer controlled, its control point's and status's)
    /// and reads the locations; the characteristics by path.
    private static func subscribe(_ device: BluetoothDevice, client: BlueZClient, clock: any WorkoutClock, controlled: Bool,
                                  yield: (Event) -> Void) throws(BluetoothError) -> [String: UInt16] {
        var subscribed: [String: UInt16] = [:]
        for characteristic in client.objects.characteristics(of: device.path) {
            guard let number = characteristic.assignedNumber else { continue }
            if notified.contains(number) || (controlled && Self.controlled.contains(number)), characteristic.notifies {
                try client.startNotify(characteristic)
                subscribed[characteristic.path] = number
            } else if readOnce.contains(number), characteristic.flags.contains("read"), let value = try? client.read(characteristic) {
                yield(.notification(characteristic: number, value: value, arrival: clock.now))
            }
        }
        return subscribed
    }

    /// Passes notifications on until the device goes away or the reader is stopped; returns why it ended.
    private static func listen(to device: BluetoothDevice, subscribed: [String: UInt16], client: BlueZClient, configuration: Configuration,
                               clock: any WorkoutClock, trainer: TrainerLink?, stop: StopSignal, yield: (Event) -> Void) -> String {
        var lastNotification = clock.now
        var reportedStale = false
        var battery = device.battery
        let controlPoint = client.objects.characteristics(of: device.path).first { $0.assignedNumber == 0x2AD9 }
        while !stop.isSet {
            if let trainer {
                for value in trainer.takeWrites() {
                    guard let controlPoint, controlPoint.flags.contains("write") else {
                        trainer.deliver(.writeFailed("\(device.label) has no Fitness Machine Control Point to write: it cannot be controlled"))
                        continue
                    }
                    do { try client.write(value, to: controlPoint) } catch {
                        trainer.deliver(.writeFailed("writing the control point of \(device.label): \(error.description)"))
                    }
                }
            }
            let signals: [DBusSignal]
            do { signals = try client.listen(waitingUpTo: 100) } catch { return error.description }
            var deviceChanged = false
            for signal in signals {
                if signal.member == "NameOwnerChanged", signal.arguments.count == 3, signal.arguments[2].string == "" {
                    return "bluetoothd stopped"
                }
                if signal.member == "PropertiesChanged", let number = subscribed[signal.path] {
                    if let value = signal.arguments.count > 1 ? signal.arguments[1].dictionary?["Value"]?.bytes : nil {
                        let arrival = clock.now
                        yield(.notification(characteristic: number, value: value, arrival: arrival))
                        lastNotification = arrival
                        reportedStale = false
                    }
                } else if signal.path == device.path || signal.member == "InterfacesRemoved" {
                    // Only the device's own signals (connection, battery) or an object's removal can end the connection.
                    deviceChanged = true
                }
            }
            if deviceChanged {
                guard let now = client.objects.device(at: device.path) else { return "BlueZ removed the device" }
                if !now.isConnected { return "the device disconnected (out of range, asleep, or its battery is flat)" }
                if now.battery != battery, let level = now.battery {
                    battery = level
                    yield(.battery(level))
                }
            }
            let silent = clock.now.timeIntervalSince(lastNotification)
            if !reportedStale, silent > configuration.staleAfter {
                yield(.stale(silentFor: silent))
                reportedStale = true
            }
        }
        return "stopped"
    }
}
