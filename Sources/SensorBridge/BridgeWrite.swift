import GATT

/// A host's request that a bridge write a characteristic of one of its devices: the line
/// `$HRW2,<seq>,<device>,<kind>,<HEX>*<CRC16>`, as the host sends it down the serial port (to set a smart trainer's
/// resistance or target power through its control point, 0x2AD9, say). The bridge writes the value with a response
/// and sends what the device indicates back as an ordinary HRM2 line.
///
/// ```swift
/// let request = BridgeWrite(sequence: 7, device: "T", characteristic: 0x2AD9, value: [0x00])
/// port.write(request.encoded())   // $HRW2,7,T,2AD9,00*…\r\n
/// ```
public struct BridgeWrite: Sendable, Hashable {
    /// One more for each request, so the bridge can say which it answers or lost.
    public var sequence: UInt32
    /// The device's tag, as its HRM2 lines carry it.
    public var device: String
    /// The characteristic to write, such as 0x2AD9 (Fitness Machine Control Point).
    public var characteristic: UInt16
    /// The bytes to write: at most 244, what one ATT write can carry.
    public var value: [UInt8]

    /// A request.
    public init(sequence: UInt32, device: String, characteristic: UInt16, value: [UInt8]) {
        self.sequence = sequence
        self.device = device
        self.characteristic = characteristic
        self.value = value
    }

    /// The line, with its checksum and CR LF.
    public func encoded() -> [UInt8] {
        StrapFraming.line("HRW2,\(sequence),\(device),\(StrapFraming.hex(characteristic)),\(value.map(hexByte).joined())")
    }

    /// Reads a request from `line` (with or without CR LF), as a bridge's firmware or a test's stand-in does.
    ///
    /// - Throws: ``StrapFrameProblem`` saying what is wrong: no `$HRW2`, a checksum that does not match, a field
    ///   that is not what it should be.
    public init(parsing line: some Collection<UInt8>) throws(StrapFrameProblem) {
        var bytes = Array(line)
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        func problem(_ kind: StrapFrameProblem.Kind) -> StrapFrameProblem { StrapFrameProblem(kind, at: 0, excerpt: bytes[...]) }
        guard bytes.first == UInt8(ascii: "$"), let star = bytes.lastIndex(of: UInt8(ascii: "*")) else {
            throw problem(.malformedLine("a write request is $HRW2,seq,device,kind,hex*CRC"))
        }
        let body = bytes[1..<star], checksum = bytes[(star + 1)...]
        guard checksum.count == 4, let sent = HexText.uint16(checksum) else {
            throw problem(.malformedLine("the checksum after '*' must be 4 hex digits"))
        }
        let computed = StrapFraming.crc16(body)
        guard computed == sent else { throw problem(.checksumMismatch(computed: computed, sent: sent)) }
        let fields = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard fields.count == 5 else { throw problem(.malformedLine("a write request has 5 fields (HRW2,seq,device,kind,hex); this one has \(fields.count)")) }
        guard fields[0].elementsEqual("HRW2".utf8) else { throw problem(.unsupportedVersion(String(decoding: fields[0], as: UTF8.self))) }
        guard fields[1].count <= 10, let sequence = HexText.decimal(fields[1]).flatMap(UInt32.init(exactly:)) else {
            throw problem(.malformedLine("the sequence number must be a whole number up to 4294967295"))
        }
        guard StrapFraming.isValidDeviceTag(fields[2]) else {
            throw problem(.malformedLine("the device tag must be 1 to 17 letters, digits, '_', '-', '.' or ':'"))
        }
        guard fields[3].count == 4, let characteristic = HexText.uint16(fields[3]) else {
            throw problem(.malformedLine("the kind must be a characteristic such as 2AD9"))
        }
        let hex = fields[4]
        guard hex.count % 2 == 0, hex.count / 2 <= 244 else { throw problem(.malformedLine("the value must be an even number of hex digits, at most 488")) }
        guard let value = HexText.bytes(hexPairs: hex) else { throw problem(.malformedLine("the value must be hex digits")) }
        self.init(sequence: sequence, device: String(decoding: fields[2], as: UTF8.self), characteristic: characteristic, value: value)
    }
}
