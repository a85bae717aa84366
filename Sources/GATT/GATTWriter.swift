/// Writes little-endian fields in order: the other side of ``GATTReader``, for the notifications a
/// simulated sensor sends.
struct GATTWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64, _ width: Int) {
        for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func uint8(_ value: UInt8) { unsigned(UInt64(value), 1) }
    mutating func uint16(_ value: UInt16) { unsigned(UInt64(value), 2) }
    mutating func uint24(_ value: UInt32) { unsigned(UInt64(value), 3) }
    mutating func uint32(_ value: UInt32) { unsigned(UInt64(value), 4) }
    mutating func sint16(_ value: Int16) { uint16(UInt16(bitPattern: value)) }
}
