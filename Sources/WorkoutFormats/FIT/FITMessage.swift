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

/// A definition message: the layout of the data messages of one local type.
struct FITDefinition: Sendable {
    struct Field: Sendable {
        var number: UInt8
        /// Offset of the field from the message's first content byte.
        var offset: Int
        var size: Int
        var baseType: FITBaseType
    }

    var globalNumber: UInt16
    var bigEndian: Bool
    var fields: [Field]
    /// Bytes of content after the record header, developer fields included.
    var contentSize: Int
    var timestampIndex: Int?

    init(globalNumber: UInt16, bigEndian: Bool, fields: [Field], developerSize: Int) {
        self.globalNumber = globalNumber
        self.bigEndian = bigEndian
        self.fields = fields
        contentSize = fields.reduce(0) { $0 + $1.size } + developerSize
        timestampIndex = fields.firstIndex { $0.number == 253 && $0.baseType.size == 4 && $0.size == 4 }
    }

    @inline(__always)
    func index(of number: UInt8) -> Int? {
        for index in fields.indices where fields[index].number == number { return index }
        return nil
    }
}

/// The global numbers of the FIT messages this package reads and writes.
public enum FITMessageNumber {
    /// `file_id`: the file's type and maker; always first.
    public static let fileID: UInt16 = 0
    /// `session`: the totals of one sport's leg.
    public static let session: UInt16 = 18
    /// `lap`: the totals of one lap.
    public static let lap: UInt16 = 19
    /// `record`: one sample.
    public static let record: UInt16 = 20
    /// `event`: timer starts and stops, and other events.
    public static let event: UInt16 = 21
    /// `device_info`: a device that took part.
    public static let deviceInfo: UInt16 = 23
    /// `activity`: the activity's summary; exactly one.
    public static let activity: UInt16 = 34
    /// `file_creator`: the software that wrote the file.
    public static let fileCreator: UInt16 = 49
    /// `hrv`: beat-to-beat intervals.
    public static let hrv: UInt16 = 78
}

/// FIT's epoch, 1989-12-31T00:00:00Z, as Unix time.
let fitEpochOffset: Double = 631_065_600
