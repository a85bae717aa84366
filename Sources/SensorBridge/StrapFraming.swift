import GATT
/// How a serial bridge frames strap notifications on the wire.
///
/// ``StrapFrameDecoder`` reads every framing; ``encode(_:sequence:milliseconds:)``
/// writes them, for simulators and tests.
public enum StrapFraming: String, Sendable, CaseIterable {
    /// `$HRM1,<seq>,<t_ms>,<kind>,<HEX>*<CRC16>` lines: self-describing and checksummed.
    case hrm1
    /// `$HRM2,<seq>,<t_ms>,<device>,<kind>,<HEX>*<CRC16>` lines: HRM1 with a device tag, for a bridge that carries
    /// several sensors (each with its own link). Either line framing reads both.
    case hrm2
    /// Hex text lines, bytes separated by spaces: `16 4B 02 03`.
    case hex
    /// SLIP (RFC 1055): frames end with 0xC0; 0xC0 and 0xDB are escaped.
    case slip
    /// COBS: zero-free frames, each followed by 0x00.
    case cobs

    /// One frame on the wire.
    public enum Frame: Sendable, Hashable {
        /// A notification of characteristic `kind` (0x2A37, 0x2A38).
        case notification(kind: UInt16, payload: [UInt8])
        /// The Bluetooth link to the strap (HRM1) or to the tagged device (HRM2) went up or down.
        case link(up: Bool)
    }

    /// Encodes `frame` as the `sequence`-th frame at `milliseconds` on the bridge's
    /// clock, from `device` (HRM2's tag; `0` when not given); frames a framing cannot carry (link changes outside
    /// HRM1 and HRM2) encode to nothing.
    public func encode(_ frame: Frame, sequence: UInt32, milliseconds: UInt64, device: String? = nil) -> [UInt8] {
        switch (self, frame) {
        case (.hrm2, .notification(let kind, let payload)):
            return Self.line("HRM2,\(sequence),\(milliseconds),\(device ?? "0"),\(Self.hex(kind)),\(payload.map(hexByte).joined())")
        case (.hrm2, .link(let up)):
            return Self.line("HRM2,\(sequence),\(milliseconds),\(device ?? "0"),LINK,\(up ? "01" : "00")")
        case (.hrm1, .notification(let kind, let payload)):
            return Self.hrm1Line("\(sequence),\(milliseconds),\(Self.hex(kind)),\(payload.map(hexByte).joined())")
        case (.hrm1, .link(let up)):
            return Self.hrm1Line("\(sequence),\(milliseconds),LINK,\(up ? "01" : "00")")
        case (.hex, .notification(_, let payload)):
            return Array((payload.map(hexByte).joined(separator: " ") + "\r\n").utf8)
        case (.slip, .notification(_, let payload)):
            var bytes: [UInt8] = [0xC0]
            for byte in payload {
                switch byte {
                case 0xC0: bytes += [0xDB, 0xDC]
                case 0xDB: bytes += [0xDB, 0xDD]
                default: bytes.append(byte)
                }
            }
            return bytes + [0xC0]
        case (.cobs, .notification(_, let payload)):
            return Self.cobs(payload) + [0x00]
        case (_, .link):
            return []
        }
    }

    /// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection).
    public static func crc16(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes { crc = (crc << 8) ^ crcTable[Int(UInt8(crc >> 8) ^ byte)] }
        return crc
    }

    private static let crcTable: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        return crc
    }

    private static func hrm1Line(_ fields: String) -> [UInt8] {
        line("HRM1," + fields)
    }

    /// `$BODY*CRC16\r\n`, the checksum over the body.
    static func line(_ body: String) -> [UInt8] {
        Array("$\(body)*\(hex(crc16(body.utf8)))\r\n".utf8)
    }

    /// Whether `tag` can name a device in an HRM2 line: 1 to 17 letters, digits, `_`, `-`, `.` or `:` (room for a
    /// Bluetooth address).
    public static func isValidDeviceTag(_ tag: some Collection<UInt8>) -> Bool {
        (1...17).contains(tag.count) && tag.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
        }
    }

    static func hex(_ value: UInt16) -> String { hexByte(UInt8(value >> 8)) + hexByte(UInt8(value & 0xFF)) }

    /// Consistent Overhead Byte Stuffing, without the trailing delimiter.
    package static func cobs(_ payload: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0]
        var codeIndex = 0
        var code: UInt8 = 1
        for byte in payload {
            if byte == 0 {
                output[codeIndex] = code
                codeIndex = output.count
                output.append(0)
                code = 1
            } else {
                output.append(byte)
                code += 1
                if code == 0xFF {
                    output[codeIndex] = code
                    codeIndex = output.count
                    output.append(0)
                    code = 1
                }
            }
        }
        output[codeIndex] = code
        return output
    }
}
