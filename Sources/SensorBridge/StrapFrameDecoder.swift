import GATT
/// Splits a serial byte stream into strap frames, for any ``StrapFraming``.
///
/// Feed it bytes as they arrive, in chunks of any size; it returns the frames
/// it completes and the problems it meets, each with the byte offset in the
/// stream where the frame began. It never throws and never stops: after
/// garbage, an oversized frame or a bad checksum it drops bytes up to the next
/// delimiter and carries on.
///
/// Make a new decoder for each connection, so bytes are never spliced across
/// a reconnect. A decoder that starts unsynchronised (the default, for a port
/// just opened) drops the first partial frame, because the bridge may have been
/// mid-frame: everything up to the first line end, SLIP END or COBS zero.
/// HRM1 lines start on `$` and carry a checksum, so they are taken at once.
///
/// ```swift
/// var decoder = StrapFrameDecoder(framing: .hrm1, synchronised: true)
/// for event in decoder.decode(Array("$HRM1,42,123456,2A37,164B0203*B181\r\n".utf8)) {
///     if case .frame(let frame) = event { print(frame.content) }
/// }
/// ```
public struct StrapFrameDecoder: Sendable {
    /// A complete frame.
    public struct Frame: Sendable, Hashable {
        /// What the frame carries.
        public var content: StrapFraming.Frame
        /// The bridge's sequence number (HRM1 only).
        public var sequence: UInt32?
        /// The bridge's monotonic time in milliseconds (HRM1 only).
        public var bridgeMilliseconds: UInt64?
        /// The device the bridge heard it from (HRM2's tag); `nil` for a bridge of one sensor.
        public var device: String?
        /// Where the frame began in the stream, counting from 0 when the decoder was made.
        public var byteOffset: Int

        /// Describes a frame.
        public init(content: StrapFraming.Frame, sequence: UInt32? = nil, bridgeMilliseconds: UInt64? = nil, device: String? = nil, byteOffset: Int = 0) {
            self.content = content
            self.sequence = sequence
            self.bridgeMilliseconds = bridgeMilliseconds
            self.device = device
            self.byteOffset = byteOffset
        }
    }

    /// What decoding a chunk produced.
    public enum Event: Sendable, Hashable {
        /// A complete, valid frame.
        case frame(Frame)
        /// Bytes dropped, a frame rejected, or frames lost upstream.
        case problem(StrapFrameProblem)
    }

    /// The framing decoded.
    public let framing: StrapFraming
    /// The longest frame accepted, in bytes on the wire (lines) or decoded (SLIP, COBS).
    public let maximumFrameLength: Int

    private var frame: [UInt8] = []
    private var frameStart = 0
    private var position = 0
    private var synchronised: Bool
    private var skipped = 0
    private var discarding = false
    private var escaped = false
    private var lastSequence: UInt32?

    /// The default longest frame: 512 bytes for text lines, 256 for SLIP and COBS.
    public static func defaultMaximumFrameLength(for framing: StrapFraming) -> Int {
        switch framing {
        case .hrm1, .hrm2, .hex: 512
        case .slip, .cobs: 256
        }
    }

    /// A decoder for `framing`.
    ///
    /// - Parameters:
    ///   - synchronised: `true` when the stream starts on a frame boundary (a
    ///     file, a test); `false` (the default) for a port just opened.
    ///   - maximumFrameLength: the longest frame; longer ones are dropped and reported.
    public init(framing: StrapFraming, synchronised: Bool = false, maximumFrameLength: Int? = nil) {
        self.framing = framing
        self.synchronised = synchronised
        self.maximumFrameLength = max(8, maximumFrameLength ?? Self.defaultMaximumFrameLength(for: framing))
        frame.reserveCapacity(64)
    }

    /// How many bytes the decoder has consumed.
    public var byteCount: Int { position }

    /// Decodes `bytes`, returning the frames and problems they complete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Event] {
        var events: [Event] = []
        decode(bytes, into: &events)
        return events
    }

    /// Decodes `bytes`, appending the frames and problems they complete to `events`.
    public mutating func decode(_ bytes: some Sequence<UInt8>, into events: inout [Event]) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer { push(byte, into: &events) }
        }
        if done == nil {
            for byte in bytes { push(byte, into: &events) }
        }
    }

    /// Reports a frame the stream ended in the middle of; call it at the end of a file or connection.
    public mutating func finish() -> [Event] {
        defer {
            frame.removeAll(keepingCapacity: true)
            discarding = false
            escaped = false
        }
        guard !frame.isEmpty, !discarding, synchronised else { return [] }
        return [.problem(StrapFrameProblem(.truncatedFrame(bytes: frame.count), at: frameStart, excerpt: frame[...]))]
    }

    @inline(__always)
    private mutating func push(_ byte: UInt8, into events: inout [Event]) {
        defer { position += 1 }
        switch framing {
        case .hrm1, .hrm2, .hex:
            if byte == 0x0A {
                endLine(into: &events)
                return
            }
            if discarding { return }
            if frame.isEmpty { frameStart = position }
            guard frame.count < maximumFrameLength else { return overflow(into: &events) }
            frame.append(byte)
        case .slip, .cobs:
            if byte == (framing == .slip ? 0xC0 : 0x00) {
                endPacket(into: &events)
                return
            }
            guard synchronised else {
                skipped += 1
                return
            }
            if discarding { return }
            if framing == .cobs {
                if frame.isEmpty { frameStart = position }
                // A COBS frame is at most one byte longer per 254 than what it carries.
                guard frame.count < maximumFrameLength + maximumFrameLength / 254 + 1 else { return overflow(into: &events) }
                frame.append(byte)
                return
            }
            if frame.isEmpty && !escaped { frameStart = position }
            if escaped {
                escaped = false
                switch byte {
                case 0xDC: frame.append(0xC0)
                case 0xDD: frame.append(0xDB)
                default:
                    events.append(.problem(StrapFrameProblem(.invalidEscape(byte), at: position - 1, excerpt: frame[...])))
                    frame.removeAll(keepingCapacity: true)
                    discarding = true
                    return
                }
            } else if byte == 0xDB {
                escaped = true
            } else {
                frame.append(byte)
            }
            if frame.count > maximumFrameLength { overflow(into: &events) }
        }
    }

    private mutating func overflow(into events: inout [Event]) {
        events.append(.problem(StrapFrameProblem(.oversizedFrame(limit: maximumFrameLength), at: frameStart, excerpt: frame[...])))
        frame.removeAll(keepingCapacity: true)
        discarding = true
        escaped = false
    }

    private mutating func endLine(into events: inout [Event]) {
        defer {
            frame.removeAll(keepingCapacity: true)
            discarding = false
        }
        if discarding { return }
        var line = frame[...]
        if line.last == 0x0D { line.removeLast() }
        if !synchronised {
            synchronised = true
            // An HRM1 line starts at '$' and its checksum proves it whole.
            if framing == .hrm1 || framing == .hrm2, let dollar = line.lastIndex(of: UInt8(ascii: "$")) {
                if dollar > line.startIndex {
                    events.append(.problem(StrapFrameProblem(.skippedPartialFrame(bytes: dollar - line.startIndex), at: frameStart, excerpt: line[..<dollar])))
                }
                hrm1(line[dollar...], at: frameStart + (dollar - line.startIndex), into: &events)
            } else if !line.isEmpty {
                events.append(.problem(StrapFrameProblem(.skippedPartialFrame(bytes: frame.count + 1), at: frameStart, excerpt: line)))
            }
            return
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        switch framing {
        case .hrm1, .hrm2:
            guard let dollar = line.lastIndex(of: UInt8(ascii: "$")) else {
                events.append(.problem(StrapFrameProblem(.malformedLine("no '$HRM1' or '$HRM2' in the line"), at: frameStart, excerpt: line)))
                return
            }
            if dollar > line.startIndex {
                events.append(.problem(StrapFrameProblem(.skippedGarbage(bytes: dollar - line.startIndex), at: frameStart, excerpt: line[..<dollar])))
            }
            hrm1(line[dollar...], at: frameStart + (dollar - line.startIndex), into: &events)
        default:
            if let payload = HexText.bytes(inLine: line) {
                events.append(.frame(Frame(content: .notification(kind: 0x2A37, payload: payload), byteOffset: frameStart)))
            } else {
                events.append(.problem(StrapFrameProblem(.noHexBytes, at: frameStart, excerpt: line)))
            }
        }
    }

    private mutating func endPacket(into events: inout [Event]) {
        defer {
            frame.removeAll(keepingCapacity: true)
            discarding = false
            escaped = false
        }
        if !synchronised {
            synchronised = true
            if skipped > 0 {
                events.append(.problem(StrapFrameProblem(.skippedPartialFrame(bytes: skipped + 1), at: position - skipped, excerpt: [])))
            }
            return
        }
        if discarding || frame.isEmpty { return }
        if framing == .slip {
            if escaped {
                events.append(.problem(StrapFrameProblem(.invalidEscape(0xC0), at: position - 1, excerpt: frame[...])))
                return
            }
            events.append(.frame(Frame(content: .notification(kind: 0x2A37, payload: frame), byteOffset: frameStart)))
            return
        }
        switch Self.decodeCOBS(frame) {
        case .success(let payload) where payload.count <= maximumFrameLength:
            events.append(.frame(Frame(content: .notification(kind: 0x2A37, payload: payload), byteOffset: frameStart)))
        case .success:
            events.append(.problem(StrapFrameProblem(.oversizedFrame(limit: maximumFrameLength), at: frameStart, excerpt: frame[...])))
        case .failure(let reason):
            events.append(.problem(StrapFrameProblem(.invalidCOBS(reason.message), at: frameStart, excerpt: frame[...])))
        }
    }

    private struct Reason: Error { var message: String }

    /// Decodes one COBS frame (without its trailing zero).
    private static func decodeCOBS(_ encoded: [UInt8]) -> Result<[UInt8], Reason> {
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count)
        var index = 0
        while index < encoded.count {
            let code = Int(encoded[index])
            guard index + code <= encoded.count else {
                return .failure(Reason(message: "code byte 0x\(hexByte(UInt8(code))) at \(index) runs \(index + code - encoded.count) byte(s) past the frame's end"))
            }
            output.append(contentsOf: encoded[(index + 1)..<(index + code)])
            index += code
            if code < 0xFF && index < encoded.count { output.append(0) }
        }
        return .success(output)
    }

    /// Parses `$HRM1,<seq>,<t_ms>,<kind>,<HEX>*<CRC16>` and `$HRM2,<seq>,<t_ms>,<device>,<kind>,<HEX>*<CRC16>`
    /// (CR and LF already removed).
    private mutating func hrm1(_ line: ArraySlice<UInt8>, at offset: Int, into events: inout [Event]) {
        func reject(_ kind: StrapFrameProblem.Kind) {
            events.append(.problem(StrapFrameProblem(kind, at: offset, excerpt: line)))
        }
        guard let star = line.lastIndex(of: UInt8(ascii: "*")) else { return reject(.malformedLine("no '*' before the checksum")) }
        let body = line[(line.startIndex + 1)..<star]
        let checksum = line[(star + 1)...]
        guard checksum.count == 4, let sent = HexText.uint16(checksum) else {
            return reject(.malformedLine("the checksum after '*' must be 4 hex digits"))
        }
        let computed = StrapFraming.crc16(body)
        guard computed == sent else { return reject(.checksumMismatch(computed: computed, sent: sent)) }
        // Five comma-separated fields (six in HRM2), found without allocating.
        var commas = 0
        var bounds: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
        for position in body.indices where body[position] == UInt8(ascii: ",") {
            commas += 1
            switch commas {
            case 1: bounds.0 = position
            case 2: bounds.1 = position
            case 3: bounds.2 = position
            case 4: bounds.3 = position
            case 5: bounds.4 = position
            default: break
            }
        }
        let tag = body[body.startIndex..<(commas >= 1 ? bounds.0 : body.endIndex)]
        let tagged = tag.elementsEqual("HRM2".utf8)
        guard tagged || tag.elementsEqual("HRM1".utf8) else {
            return reject(.unsupportedVersion(String(decoding: tag, as: UTF8.self)))
        }
        if tagged {
            guard commas == 5 else { return reject(.malformedLine("HRM2 has 6 fields (HRM2,seq,t_ms,device,kind,hex); this line has \(commas + 1)")) }
        } else {
            guard commas == 4 else { return reject(.malformedLine("HRM1 has 5 fields (HRM1,seq,t_ms,kind,hex); this line has \(commas + 1)")) }
        }
        let sequenceField = body[(bounds.0 + 1)..<bounds.1], timeField = body[(bounds.1 + 1)..<bounds.2]
        // HRM2's device sits between the time and the kind; the kind and payload follow it as in HRM1.
        let (kindStart, hexComma) = tagged ? (bounds.3 + 1, bounds.4) : (bounds.2 + 1, bounds.3)
        let kindField = body[kindStart..<hexComma], hex = body[(hexComma + 1)...]
        var device: String?
        if tagged {
            let deviceField = body[(bounds.2 + 1)..<bounds.3]
            guard StrapFraming.isValidDeviceTag(deviceField) else {
                return reject(.malformedLine("the device tag must be 1 to 17 letters, digits, '_', '-', '.' or ':'"))
            }
            device = String(decoding: deviceField, as: UTF8.self)
        }
        guard let sequence = HexText.decimal(sequenceField), sequence <= UInt64(UInt32.max) else {
            return reject(.malformedLine("the sequence number must be a whole number up to 4294967295"))
        }
        guard let milliseconds = HexText.decimal(timeField) else { return reject(.malformedLine("t_ms must be a whole number of milliseconds")) }
        guard hex.count % 2 == 0, hex.count / 2 <= maximumFrameLength else {
            return reject(.malformedLine("the payload must be an even number of hex digits, at most \(maximumFrameLength * 2)"))
        }
        guard let payload = HexText.bytes(hexPairs: hex) else { return reject(.malformedLine("the payload must be hex digits")) }
        let content: StrapFraming.Frame
        if kindField.elementsEqual("LINK".utf8) {
            guard payload.count == 1, payload[0] <= 1 else { return reject(.malformedLine("a LINK payload is 01 (up) or 00 (down)")) }
            content = .link(up: payload[0] == 1)
        } else if kindField.count == 4, let kind = HexText.uint16(kindField) {
            content = .notification(kind: kind, payload: payload)
        } else {
            return reject(.malformedLine("the kind must be a characteristic such as 2A37, or LINK"))
        }
        let received = UInt32(sequence)
        if let last = lastSequence {
            let expected = last &+ 1
            if received != expected {
                let ahead = received &- expected
                events.append(.problem(StrapFrameProblem(ahead < 0x8000_0000 ? .sequenceGap(expected: expected, received: received)
                                                                              : .sequenceRestart(previous: last, received: received),
                                                         at: offset, excerpt: [])))
            }
        }
        lastSequence = received
        events.append(.frame(Frame(content: content, sequence: received, bridgeMilliseconds: milliseconds, device: device, byteOffset: offset)))
    }
}
