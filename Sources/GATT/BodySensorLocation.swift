

/// Where a heart-rate sensor sits on the body (characteristic 0x2A38, one byte).
public enum BodySensorLocation: Sendable, Hashable, CustomStringConvertible {
    /// 0: other.
    case other
    /// 1: chest, as a strap.
    case chest
    /// 2: wrist.
    case wrist
    /// 3: finger.
    case finger
    /// 4: hand.
    case hand
    /// 5: ear lobe.
    case earLobe
    /// 6: foot.
    case foot
    /// 7–255: reserved by the specification; kept, not guessed at.
    case reserved(UInt8)

    /// The location for a raw value.
    public init(rawValue: UInt8) {
        self = switch rawValue {
        case 0: .other
        case 1: .chest
        case 2: .wrist
        case 3: .finger
        case 4: .hand
        case 5: .earLobe
        case 6: .foot
        default: .reserved(rawValue)
        }
    }

    /// Decodes the characteristic's value.
    ///
    /// - Throws: ``BodySensorLocationError`` unless exactly one byte arrived.
    public init(decoding bytes: some Collection<UInt8>) throws(BodySensorLocationError) {
        guard bytes.count == 1, let byte = bytes.first else { throw BodySensorLocationError(bytes: Array(bytes)) }
        self.init(rawValue: byte)
    }

    /// The location in words.
    public var description: String {
        switch self {
        case .other: "other"
        case .chest: "chest"
        case .wrist: "wrist"
        case .finger: "finger"
        case .hand: "hand"
        case .earLobe: "ear lobe"
        case .foot: "foot"
        case .reserved(let value): "reserved value \(value)"
        }
    }
}
