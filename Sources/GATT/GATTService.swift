/// The Bluetooth services a workout's sensors offer, by their assigned numbers and the names `workout` uses.
public enum GATTService: UInt16, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Heart Rate (0x180D): a strap.
    case heartRate = 0x180D
    /// Cycling Power (0x1818): a power meter.
    case cyclingPower = 0x1818
    /// Cycling Speed and Cadence (0x1816): a speed or cadence sensor.
    case cyclingSpeedAndCadence = 0x1816
    /// Running Speed and Cadence (0x1814): a foot pod.
    case runningSpeedAndCadence = 0x1814
    /// Fitness Machine (0x1826): a smart trainer.
    case fitnessMachine = 0x1826
    /// Battery (0x180F).
    case battery = 0x180F

    /// The name `ble:service=NAME` and `workout sensors` use: `heart-rate`, `cycling-power`, ….
    public var name: String {
        switch self {
        case .heartRate: "heart-rate"
        case .cyclingPower: "cycling-power"
        case .cyclingSpeedAndCadence: "cycling-speed-cadence"
        case .runningSpeedAndCadence: "running-speed-cadence"
        case .fitnessMachine: "fitness-machine"
        case .battery: "battery"
        }
    }

    /// The service named `name` (case-insensitive), or `nil`.
    public init?(name: String) {
        guard let service = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = service
    }

    /// The service whose 128-bit UUID is `uuid`, or `nil` for a service no sensor here offers.
    public init?(uuid: String) {
        guard let number = GATTService.assignedNumber(uuid), let service = GATTService(rawValue: number) else { return nil }
        self = service
    }

    /// The service's 128-bit UUID, as BlueZ writes it: `00001818-0000-1000-8000-00805f9b34fb`.
    public var uuid: String { Self.uuid(rawValue) }

    public var description: String { name }

    /// The 128-bit UUID of the Bluetooth SIG's assigned number `number`.
    public static func uuid(_ number: UInt16) -> String {
        let hex = String(number, radix: 16)
        return "0000" + String(repeating: "0", count: 4 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
    }

    /// The assigned number inside a Bluetooth base UUID (`0000XXXX-0000-1000-8000-00805f9b34fb`, any case), or
    /// `nil` for a vendor's own UUID.
    public static func assignedNumber(_ uuid: String) -> UInt16? {
        let lower = uuid.lowercased()
        guard lower.count == 36, lower.hasPrefix("0000"), lower.hasSuffix("-0000-1000-8000-00805f9b34fb") else { return nil }
        return UInt16(lower.dropFirst(4).prefix(4), radix: 16)
    }
}
