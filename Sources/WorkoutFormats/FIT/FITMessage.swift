/// One data message of a FIT file, read in place.
///
/// A message is only valid inside the closure ``FITDecoder`` hands it to: it
/// points into the file's bytes. Read its fields there; do not keep it.
///
/// ```swift
/// try FITDecoder().decode(data) { message in
///     if message.globalNumber == FITMessageNumber.record, let bpm = message.number(3) { print(bpm) }
/// }
/// ```
public struct FITMessage {
    /// The global message number (20 is `record`; see ``FITMessageNumber``).
    public let globalNumber: UInt16
    /// The byte offset of the message's header in the file.
    public let offset: Int
    /// The message's timestamp (field 253, or its compressed header) in FIT
    /// seconds (since 1989-12-31T00:00:00Z), if it has one.
    public let timestamp: UInt32?
    let definition: FITDefinition
    let bytes: UnsafeRawBufferPointer

    /// Whether the message has the field at all.
    public func has(_ field: UInt8) -> Bool { definition.index(of: field) != nil }

    /// The first value of a numeric field as stored (no scale or offset), or
    /// `nil` when absent or invalid.
    @inline(__always)
    public func number(_ field: UInt8) -> Double? {
        guard let index = definition.index(of: field) else { return nil }
        let layout = definition.fields[index]
        guard layout.baseType != .string, layout.size >= layout.baseType.size else { return nil }
        return layout.baseType.number(fromBits: bits(at: layout.offset, size: layout.baseType.size))
    }

    /// A numeric field as a whole number; nil when absent, invalid, fractional or beyond `Int`'s range (a
    /// `uint64` above `Int.max`, a float's infinity), so that a hostile value is refused rather than trapped on.
    @inline(__always)
    public func integer(_ field: UInt8) -> Int? {
        number(field).flatMap(Int.init(exactly:))
    }

    /// A numeric field in its unit, by FIT's rule: stored value / `scale` − `offset`.
    @inline(__always)
    public func number(_ field: UInt8, scale: Double, offset: Double = 0) -> Double? {
        number(field).map { $0 / scale - offset }
    }

    /// Every valid value of an array field, as stored.
    public func numbers(_ field: UInt8) -> [Double] {
        guard let index = definition.index(of: field) else { return [] }
        let layout = definition.fields[index]
        let size = layout.baseType.size
        guard layout.baseType != .string, size > 0 else { return [] }
        var values: [Double] = []
        var position = layout.offset
        while position + size <= layout.offset + layout.size {
            if let value = layout.baseType.number(fromBits: bits(at: position, size: size)) { values.append(value) }
            position += size
        }
        return values
    }

    /// A string field, up to its first NUL, if valid UTF-8 and not empty.
    public func string(_ field: UInt8) -> String? {
        guard let index = definition.index(of: field) else { return nil }
        let layout = definition.fields[index]
        guard layout.baseType == .string || layout.baseType == .byte else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[layout.offset..<(layout.offset + layout.size)])
        let end = slice.firstIndex(of: 0) ?? slice.count
        guard end > 0 else { return nil }
        return String(validating: slice[..<end], as: UTF8.self)
    }

    @inline(__always)
    private func bits(at position: Int, size: Int) -> UInt64 {
        let bigEndian = definition.bigEndian
        switch size {
        case 1: return UInt64(bytes[position])
        case 2:
            let raw = bytes.loadUnaligned(fromByteOffset: position, as: UInt16.self)
            return UInt64(bigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw))
        case 4:
            let raw = bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
            return UInt64(bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw))
        default:
            let raw = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            return bigEndian ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw)
        }
    }
}

/// FIT's epoch, 1989-12-31T00:00:00Z, as Unix time.
let fitEpochOffset: Double = 631_065_600
