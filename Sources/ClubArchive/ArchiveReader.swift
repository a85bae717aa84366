import Foundation

/// Reads an archive's bytes front to back, checking every length against what is left.
struct ArchiveReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func bytes(_ count: Int) throws(WorkoutArchiveError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated(offset: bytes.count, needed: count - remaining) }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func integer<Integer: FixedWidthInteger & UnsignedInteger>(_: Integer.Type) throws(WorkoutArchiveError) -> Integer {
        var value: Integer = 0
        for (index, byte) in try bytes(Integer.bitWidth / 8).enumerated() { value |= Integer(byte) << (index * 8) }
        return value
    }

    /// A JSON section after its 32-bit length.
    mutating func section() throws(WorkoutArchiveError) -> Data {
        let start = offset
        let length = Int(try integer(UInt32.self))
        guard length <= WorkoutArchive.maximumSection else { throw .tooLarge(offset: start, what: "section") }
        return Data(try bytes(length))
    }
}
