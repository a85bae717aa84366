/// The base types of FIT fields: how many bytes a value takes, whether it is
/// signed, and which pattern means "no value".
public enum FITBaseType: UInt8, Sendable, Hashable {
    /// An enumeration byte (invalid 0xFF).
    case enumeration = 0x00
    /// A signed byte (invalid 0x7F).
    case sint8 = 0x01
    /// An unsigned byte (invalid 0xFF).
    case uint8 = 0x02
    /// A signed 16-bit integer (invalid 0x7FFF).
    case sint16 = 0x83
    /// An unsigned 16-bit integer (invalid 0xFFFF).
    case uint16 = 0x84
    /// A signed 32-bit integer (invalid 0x7FFFFFFF).
    case sint32 = 0x85
    /// An unsigned 32-bit integer (invalid 0xFFFFFFFF).
    case uint32 = 0x86
    /// A NUL-terminated UTF-8 string.
    case string = 0x07
    /// A 32-bit float (invalid: all bits set).
    case float32 = 0x88
    /// A 64-bit float (invalid: all bits set).
    case float64 = 0x89
    /// An unsigned byte whose invalid value is 0.
    case uint8z = 0x0A
    /// An unsigned 16-bit integer whose invalid value is 0.
    case uint16z = 0x8B
    /// An unsigned 32-bit integer whose invalid value is 0.
    case uint32z = 0x8C
    /// Raw bytes (invalid when every byte is 0xFF).
    case byte = 0x0D
    /// A signed 64-bit integer.
    case sint64 = 0x8E
    /// An unsigned 64-bit integer.
    case uint64 = 0x8F
    /// An unsigned 64-bit integer whose invalid value is 0.
    case uint64z = 0x90

    /// The base type a definition's byte names, by its low five bits (the
    /// endian bit is not trusted); `nil` for numbers FIT does not define.
    public init?(definitionByte byte: UInt8) {
        let number = byte & 0x1F
        guard number <= 0x10 else { return nil }
        self = Self.byNumber[Int(number)]
    }

    private static let byNumber: [FITBaseType] = [.enumeration, .sint8, .uint8, .sint16, .uint16, .sint32, .uint32, .string,
                                                  .float32, .float64, .uint8z, .uint16z, .uint32z, .byte, .sint64, .uint64, .uint64z]

    /// Bytes per value.
    public var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .float32, .uint32z: 4
        case .float64, .sint64, .uint64, .uint64z: 8
        }
    }

    /// The raw bits that mean "no value", as an unsigned number of ``size`` bytes.
    var invalidBits: UInt64 {
        switch self {
        case .enumeration, .uint8, .byte: 0xFF
        case .sint8: 0x7F
        case .sint16: 0x7FFF
        case .uint16: 0xFFFF
        case .sint32: 0x7FFF_FFFF
        case .uint32: 0xFFFF_FFFF
        case .float32: 0xFFFF_FFFF
        case .float64, .uint64: 0xFFFF_FFFF_FFFF_FFFF
        case .sint64: 0x7FFF_FFFF_FFFF_FFFF
        case .string, .uint8z, .uint16z, .uint32z, .uint64z: 0
        }
    }

    /// Turns raw bits into a number, or `nil` for the invalid pattern.
    @inline(__always)
    func number(fromBits bits: UInt64) -> Double? {
        guard bits != invalidBits else { return nil }
        switch self {
        case .sint8: return Double(Int8(truncatingIfNeeded: bits))
        case .sint16: return Double(Int16(truncatingIfNeeded: bits))
        case .sint32: return Double(Int32(truncatingIfNeeded: bits))
        case .sint64: return Double(Int64(bitPattern: bits))
        case .float32:
            let value = Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            return value.isFinite ? value : nil
        case .float64:
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : nil
        default: return Double(bits)
        }
    }
}
