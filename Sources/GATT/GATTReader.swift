/// Reads little-endian fields from a characteristic's value in order, never past its end.
struct GATTReader {
    private let bytes: [UInt8]
    /// Where the next field starts.
    private(set) var offset = 0
    /// The characteristic, for errors.
    let characteristic: GATTCharacteristic

    init(_ bytes: [UInt8], characteristic: GATTCharacteristic) {
        self.bytes = bytes
        self.characteristic = characteristic
    }

    /// How many bytes are left.
    var remaining: Int { bytes.count - offset }

    mutating func unsigned(_ width: Int, _ field: String) throws(GATTDecodingError) -> UInt64 {
        guard remaining >= width else {
            throw GATTDecodingError(characteristic: characteristic, offset: offset, length: bytes.count,
                                    message: "\(field) needs \(width) byte\(width == 1 ? "" : "s") at byte \(offset), but the value has \(bytes.count)")
        }
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += width
        return value
    }

    mutating func uint8(_ field: String) throws(GATTDecodingError) -> UInt8 { UInt8(try unsigned(1, field)) }
    mutating func uint16(_ field: String) throws(GATTDecodingError) -> UInt16 { UInt16(try unsigned(2, field)) }
    mutating func uint24(_ field: String) throws(GATTDecodingError) -> UInt32 { UInt32(try unsigned(3, field)) }
    mutating func uint32(_ field: String) throws(GATTDecodingError) -> UInt32 { UInt32(try unsigned(4, field)) }
    mutating func sint16(_ field: String) throws(GATTDecodingError) -> Int16 { Int16(bitPattern: try uint16(field)) }
}

/// The characteristics this module decodes, by their 16-bit UUIDs.
public enum GATTCharacteristic: UInt16, Sendable, CustomStringConvertible {
    /// Cycling Power Measurement.
    case cyclingPowerMeasurement = 0x2A63
    /// Cycling Speed and Cadence Measurement.
    case cscMeasurement = 0x2A5B
    /// Running Speed and Cadence Measurement.
    case rscMeasurement = 0x2A53
    /// Fitness Machine Indoor Bike Data.
    case indoorBikeData = 0x2AD2
    /// Battery Level.
    case batteryLevel = 0x2A19
    /// Sensor Location.
    case sensorLocation = 0x2A5D
    /// Fitness Machine Control Point: requests to a trainer, and its responses.
    case fitnessMachineControlPoint = 0x2AD9
    /// Fitness Machine Status.
    case fitnessMachineStatus = 0x2ADA

    /// Its name and UUID, such as "Cycling Power Measurement (0x2A63)".
    public var description: String {
        let name = switch self {
        case .cyclingPowerMeasurement: "Cycling Power Measurement"
        case .cscMeasurement: "CSC Measurement"
        case .rscMeasurement: "RSC Measurement"
        case .indoorBikeData: "Indoor Bike Data"
        case .batteryLevel: "Battery Level"
        case .sensorLocation: "Sensor Location"
        case .fitnessMachineControlPoint: "Fitness Machine Control Point"
        case .fitnessMachineStatus: "Fitness Machine Status"
        }
        return "\(name) (0x\(String(rawValue, radix: 16, uppercase: true)))"
    }
}

/// A characteristic value that cannot be read: too short for the fields its flags announce,
/// or a value out of its range.
public struct GATTDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which characteristic.
    public let characteristic: GATTCharacteristic
    /// The byte where reading stopped.
    public let offset: Int
    /// How many bytes the value had.
    public let length: Int
    /// What was wrong.
    public let message: String

    /// The characteristic, where, and what to do.
    public var description: String {
        "\(characteristic): \(message); the sensor sent a value this decoder does not know, or the link cut it short — check the sensor's firmware or the bridge"
    }
}
