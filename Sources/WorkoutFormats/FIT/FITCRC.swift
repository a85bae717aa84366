/// FIT's checksum: CRC-16/ARC (polynomial 0x8005 reflected, initial value 0).
///
/// The header's last two bytes hold the CRC of its first twelve; the file ends
/// with the CRC of everything before it.
///
/// ```swift
/// var crc = FITCRC()
/// crc.update(Array("123456789".utf8))
/// assert(crc.value == 0xBB3D)
/// ```
public struct FITCRC: Sendable, Hashable {
    /// The checksum of the bytes seen so far.
    public private(set) var value: UInt16

    /// A checksum of no bytes (0).
    public init() { value = 0 }

    /// Adds bytes to the checksum.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = value
        for byte in bytes { crc = (crc >> 8) ^ Self.table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
        value = crc
    }

    /// Adds the bytes of a raw buffer to the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = value
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
        }
        value = crc
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc = FITCRC()
        crc.update(bytes)
        return crc.value
    }

    private static let table: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }
}
