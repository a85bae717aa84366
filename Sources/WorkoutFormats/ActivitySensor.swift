import Foundation

/// A sensor that took part in an activity besides the device that recorded it: a heart-rate strap, a power
/// meter, a speed or cadence sensor, a foot pod, a smart trainer. FIT files list each in a `device_info` message.
public struct ActivitySensor: Sendable, Hashable, Codable {
    /// What kind of sensor it is, as FIT's ANT+ device types name them.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A heart-rate strap or arm band (FIT device type 120).
        case heartRate
        /// A power meter (11).
        case bikePower
        /// A speed and cadence sensor (121).
        case bikeSpeedAndCadence
        /// A cadence sensor (122).
        case bikeCadence
        /// A speed sensor (123).
        case bikeSpeed
        /// A foot pod (124, stride speed and distance).
        case footPod
        /// A smart trainer or other fitness machine (17).
        case fitnessEquipment
        /// Any other.
        case other

        /// FIT's `antplus_device_type` number.
        public var fitDeviceType: UInt8 {
            switch self {
            case .heartRate: 120
            case .bikePower: 11
            case .bikeSpeedAndCadence: 121
            case .bikeCadence: 122
            case .bikeSpeed: 123
            case .footPod: 124
            case .fitnessEquipment: 17
            case .other: 0xFF
            }
        }

        /// The kind FIT's `antplus_device_type` number names; ``other`` for the rest.
        public init(fitDeviceType: UInt8) {
            self = Self.allCases.first { $0.fitDeviceType == fitDeviceType && $0 != .other } ?? .other
        }

        /// FIT's `ble_device_type` number: a `device_info` whose source is Bluetooth LE types its device by this list.
        public var fitBLEDeviceType: UInt8 {
            switch self {
            case .heartRate: 1
            case .bikePower: 2
            case .bikeSpeedAndCadence: 3
            case .bikeSpeed: 4
            case .bikeCadence: 5
            case .footPod: 6
            case .fitnessEquipment: 7
            case .other: 0xFF
            }
        }

        /// The kind FIT's `ble_device_type` number names; ``other`` for the rest.
        public init(fitBLEDeviceType: UInt8) {
            self = Self.allCases.first { $0.fitBLEDeviceType == fitBLEDeviceType && $0 != .other } ?? .other
        }

        /// The kind a Bluetooth sensor is, from the services it offers (`cycling-power`, `heart-rate`, …, as
        /// `workout sensors` names them): a trainer before a power meter, a power meter before a speed sensor.
        public init(services: [String]) {
            if services.contains("fitness-machine") { self = .fitnessEquipment }
            else if services.contains("cycling-power") { self = .bikePower }
            else if services.contains("cycling-speed-cadence") { self = .bikeSpeedAndCadence }
            else if services.contains("running-speed-cadence") { self = .footPod }
            else if services.contains("heart-rate") { self = .heartRate }
            else { self = .other }
        }

        /// In words: `heart rate`, `power meter`, ….
        public var text: String {
            switch self {
            case .heartRate: "heart rate"
            case .bikePower: "power meter"
            case .bikeSpeedAndCadence: "speed and cadence"
            case .bikeCadence: "cadence"
            case .bikeSpeed: "speed"
            case .footPod: "foot pod"
            case .fitnessEquipment: "trainer"
            case .other: "sensor"
            }
        }
    }

    /// What kind of sensor it is.
    public var kind: Kind
    /// Its name, such as `Assioma DUO`.
    public var name: String?
    /// Its Bluetooth address, where it was read over Bluetooth LE.
    public var identifier: String?
    /// Its battery's charge at the end, %.
    public var battery: Int?
    /// Its FIT manufacturer and product numbers and serial number, where a file gave them.
    public var manufacturer: UInt16?
    /// See ``manufacturer``.
    public var product: UInt16?
    /// See ``manufacturer``.
    public var serialNumber: UInt32?

    /// A sensor.
    public init(kind: Kind, name: String? = nil, identifier: String? = nil, battery: Int? = nil, manufacturer: UInt16? = nil, product: UInt16? = nil,
                serialNumber: UInt32? = nil) {
        self.kind = kind
        self.name = name
        self.identifier = identifier
        self.battery = battery
        self.manufacturer = manufacturer
        self.product = product
        self.serialNumber = serialNumber
    }

    /// FIT's `battery_status` for a charge: new (1) at 100 %, good (2) from 50 %, ok (3) from 25 %, low (4) from 10 %, critical (5) below.
    public static func fitBatteryStatus(_ percent: Int) -> UInt8 {
        switch percent {
        case 100...: 1
        case 50...: 2
        case 25...: 3
        case 10...: 4
        default: 5
        }
    }

    /// How a sensor reads in `show`: `Assioma DUO (power meter, battery 72 %)`; by its maker where the file names
    /// no model but its maker (`Stages (power meter)`, `Garmin HRM-Dual (heart rate)`, as the FIT profile names them;
    /// a bare number in the name field, as some head units write, is no name); its kind alone when nothing names it
    /// (`heart rate`, `speed and cadence, battery 40 %`).
    public var text: String {
        let battery = battery.map { "battery \($0) %" }
        guard let label = label else { return [kind.text, battery].compactMap { $0 }.joined(separator: ", ") }
        return label + " (" + [kind.text, battery].compactMap { $0 }.joined(separator: ", ") + ")"
    }

    /// The sensor's name for people: its own name, else its maker (and model, where the FIT profile lists the
    /// maker's products), else its Bluetooth address.
    private var label: String? {
        let named = name.flatMap { name in name.allSatisfy(\.isNumber) ? nil : name }
        if let named { return named }
        if let manufacturer, manufacturer != 0, manufacturer != 255, let maker = FITProfileNames.manufacturers[manufacturer] {
            let model = product.flatMap { ActivityCreator.products(of: manufacturer)?[$0] }
            return model.map { $0.localizedCaseInsensitiveContains(maker) ? $0 : "\(maker) \($0)" } ?? maker
        }
        return name ?? identifier
    }

    /// Sensors as a workout's metadata keeps them: a JSON array.
    public static func metadataValue(_ sensors: [ActivitySensor]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(sensors)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The sensors in a workout's metadata value; none when it is not what ``metadataValue(_:)`` writes.
    public static func sensors(metadataValue: String) -> [ActivitySensor] {
        (try? JSONDecoder().decode([ActivitySensor].self, from: Data(metadataValue.utf8))) ?? []
    }
}
