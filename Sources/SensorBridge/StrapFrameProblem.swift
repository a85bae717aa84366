import GATT


/// Bytes a ``StrapFrameDecoder`` dropped or frames it rejected, and where.
public struct StrapFrameProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The stream started inside a frame, so its tail was dropped.
        case skippedPartialFrame(bytes: Int)
        /// Bytes before an HRM1 line's `$` were dropped.
        case skippedGarbage(bytes: Int)
        /// A frame grew past the limit; it was dropped up to the next delimiter.
        case oversizedFrame(limit: Int)
        /// An HRM1 line's CRC-16 does not match its content.
        case checksumMismatch(computed: UInt16, sent: UInt16)
        /// An HRM1 line does not follow the format.
        case malformedLine(String)
        /// A `$` line names a format other than HRM1.
        case unsupportedVersion(String)
        /// A text line ends in no hex bytes (`HR: 72 bpm`); it was ignored.
        case noHexBytes
        /// A SLIP escape byte was followed by something other than 0xDC or 0xDD.
        case invalidEscape(UInt8)
        /// A COBS frame's code bytes do not add up.
        case invalidCOBS(String)
        /// The stream ended inside a frame.
        case truncatedFrame(bytes: Int)
        /// HRM1 sequence numbers skipped: frames were lost between bridge and host.
        case sequenceGap(expected: UInt32, received: UInt32)
        /// HRM1 sequence numbers went back: the bridge restarted.
        case sequenceRestart(previous: UInt32, received: UInt32)
    }

    /// What happened.
    public let kind: Kind
    /// Where the frame began in the stream.
    public let byteOffset: Int
    /// The start of the offending bytes, printable (non-printing bytes in hex).
    public let excerpt: String

    /// Describes a problem at `byteOffset`, quoting up to 64 bytes of `bytes`.
    public init(_ kind: Kind, at byteOffset: Int, excerpt bytes: ArraySlice<UInt8>) {
        self.kind = kind
        self.byteOffset = byteOffset
        excerpt = Self.printable(bytes.prefix(64)) + (bytes.count > 64 ? "…" : "")
    }

    /// Whether frames were lost or rejected, as opposed to a partial frame
    /// skipped at the start or text that holds no notification.
    public var isLoss: Bool {
        switch kind {
        case .skippedPartialFrame, .noHexBytes, .sequenceRestart, .skippedGarbage: false
        default: true
        }
    }

    /// What happened, where, and what to do about it.
    public var description: String {
        let quote = excerpt.isEmpty ? "" : ": \(excerpt)"
        switch kind {
        case .skippedPartialFrame(let bytes):
            return "byte \(byteOffset): skipped \(bytes) byte(s) of a frame that began before the port was read"
        case .skippedGarbage(let bytes):
            return "byte \(byteOffset): skipped \(bytes) byte(s) before '$'\(quote)"
        case .oversizedFrame(let limit):
            return "byte \(byteOffset): frame longer than \(limit) bytes dropped (wrong --framing or baud rate?)\(quote)"
        case .checksumMismatch(let computed, let sent):
            return "byte \(byteOffset): CRC mismatch, line says \(hex(sent)) but its content gives \(hex(computed)); line dropped (noise on the wire?)\(quote)"
        case .malformedLine(let reason):
            return "byte \(byteOffset): not a valid line, \(reason)\(quote)"
        case .unsupportedVersion(let name):
            return "byte \(byteOffset): '$\(name)' lines are not HRM1 or HRM2 (or, sent to a bridge, HRW2); this reader speaks those\(quote)"
        case .noHexBytes:
            return "byte \(byteOffset): text ignored, no notification bytes at the end of the line\(quote)"
        case .invalidEscape(let byte):
            return "byte \(byteOffset): SLIP escape 0xDB followed by 0x\(hexByte(byte)), not 0xDC or 0xDD; frame dropped\(quote)"
        case .invalidCOBS(let reason):
            return "byte \(byteOffset): invalid COBS frame, \(reason); frame dropped (wrong --framing?)\(quote)"
        case .truncatedFrame(let bytes):
            return "byte \(byteOffset): the stream ended inside a frame (\(bytes) byte(s))\(quote)"
        case .sequenceGap(let expected, let received):
            return "byte \(byteOffset): sequence gap, expected \(expected) but got \(received): \(received &- expected) frame(s) lost between bridge and host"
        case .sequenceRestart(let previous, let received):
            return "byte \(byteOffset): sequence went from \(previous) back to \(received): the bridge restarted"
        }
    }

    private func hex(_ value: UInt16) -> String { hexByte(UInt8(value >> 8)) + hexByte(UInt8(value & 0xFF)) }

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let text = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 }
        return text ? String(decoding: bytes, as: UTF8.self) : bytes.map(hexByte).joined(separator: " ")
    }
}
