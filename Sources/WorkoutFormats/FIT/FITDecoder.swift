public import Foundation

/// Reads FIT files message by message, without trusting a byte of them.
///
/// The decoder checks the header, the header's CRC (when not 0, which the
/// format allows) and the file's CRC, follows definition messages, compressed
/// timestamps and developer fields, and reads chained files one after the
/// other. It hands each data message to your closure as it goes, so nothing
/// read before a problem is lost; the problem is then thrown as a
/// ``FITDecodingError`` with its byte offset.
///
/// ```swift
/// let data = try Data(contentsOf: url, options: .alwaysMapped)
/// var records = 0
/// do {
///     try FITDecoder().decode(data) { message in
///         if message.globalNumber == FITMessageNumber.record { records += 1 }
///     }
/// } catch let error as FITDecodingError {
///     print("\(records) records before \(error)")
/// }
/// ```
public struct FITDecoder: Sendable {
    /// Whether a file CRC that does not match is an error (the default).
    public var checksCRC: Bool

    /// A decoder.
    public init(checksCRC: Bool = true) { self.checksCRC = checksCRC }

    /// What a decode found.
    public struct Summary: Sendable, Hashable {
        /// FIT files read (more than one when files are chained).
        public var fileCount = 0
        /// Data messages handed over.
        public var messageCount = 0
        /// The first file's protocol version, such as 2.0.
        public var protocolVersion: Double = 0
        /// The first file's profile version, such as 21.32.
        public var profileVersion: Double = 0
    }

    /// Decodes `data`, calling `body` with each data message in order.
    ///
    /// - Throws: ``FITDecodingError`` for a problem in the file (after every
    ///   message before it was handed over), or what `body` throws.
    @discardableResult
    public func decode(_ data: Data, _ body: (FITMessage) throws -> Void) throws -> Summary {
        try data.withUnsafeBytes { try decode(bytes: $0, body) }
    }

    /// Decodes raw bytes; see ``decode(_:_:)``.
    @discardableResult
    public func decode(bytes: UnsafeRawBufferPointer, _ body: (FITMessage) throws -> Void) throws -> Summary {
        var summary = Summary()
        var position = 0
        repeat {
            position = try decodeFile(bytes, from: position, summary: &summary, body)
            summary.fileCount += 1
            // Chained files follow directly; padding or garbage after the last one is ignored.
        } while position + 12 <= bytes.count && bytes[position] >= 12 && Self.hasSignature(bytes, at: position)
        return summary
    }

    private static func hasSignature(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Bool {
        position + 12 <= bytes.count && bytes[position + 8] == 0x2E && bytes[position + 9] == 0x46
            && bytes[position + 10] == 0x49 && bytes[position + 11] == 0x54
    }

    /// Decodes one file of a chain starting at `start`; returns where the next would start.
    private func decodeFile(_ bytes: UnsafeRawBufferPointer, from start: Int, summary: inout Summary,
                            _ body: (FITMessage) throws -> Void) throws -> Int {
        func fail(_ code: FITDecodingError.Code, _ offset: Int, _ message: String) -> FITDecodingError {
            FITDecodingError(code, at: offset, message, messagesRead: summary.messageCount)
        }
        guard bytes.count - start >= 12 else {
            throw fail(.notFIT, start, "the file is \(bytes.count - start) bytes long, shorter than a FIT header (12 or 14 bytes)")
        }
        let headerSize = Int(bytes[start])
        guard headerSize >= 12, Self.hasSignature(bytes, at: start) else {
            throw fail(.notFIT, start, "no FIT header here (a FIT file starts with its header size, 12 or 14, and has \".FIT\" at byte 8); is this a FIT file?")
        }
        guard bytes.count - start >= headerSize else {
            throw fail(.truncated, start, "the header declares \(headerSize) bytes but the file ends after \(bytes.count - start)")
        }
        let dataSize = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self)))
        if summary.fileCount == 0 {
            summary.protocolVersion = Double(bytes[start + 1] >> 4) + Double(bytes[start + 1] & 0x0F) / 10
            summary.profileVersion = Double(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 2, as: UInt16.self))) / 100
        }
        if headerSize >= 14 {
            let stored = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 12, as: UInt16.self))
            var crc = FITCRC()
            crc.update(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 12)]))
            if stored != 0 && stored != crc.value {
                throw fail(.headerCRC, start + 12, String(format: "the header's CRC is 0x%04X but its bytes give 0x%04X; the file is damaged", stored, crc.value))
            }
        }
        let dataStart = start + headerSize
        let declaredEnd = dataStart + dataSize
        let available = bytes.count
        let end = min(declaredEnd, available)
        var problem: FITDecodingError?
        if declaredEnd + 2 > available {
            problem = fail(.truncated, available, "the header declares \(dataSize) data bytes and a 2-byte CRC, ending at byte \(declaredEnd + 2), but the file ends at byte \(available): it was cut short (an interrupted copy or upload?)")
        } else if checksCRC {
            var crc = FITCRC()
            crc.update(UnsafeRawBufferPointer(rebasing: bytes[start..<declaredEnd]))
            let stored = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: declaredEnd, as: UInt16.self))
            if stored != crc.value {
                problem = fail(.fileCRC, declaredEnd, String(format: "the file's CRC is 0x%04X but its bytes give 0x%04X: some bytes were changed after it was written", stored, crc.value))
            }
        }

        var definitions = [FITDefinition?](repeating: nil, count: 16)
        var lastTimestamp: UInt32 = 0
        var position = dataStart
        while position < end {
            let recordStart = position
            let header = bytes[position]
            position += 1
            if header & 0x80 == 0 && header & 0x40 != 0 {
                // Definition message.
                guard position + 5 <= end else { throw problem ?? fail(.truncated, recordStart, "a definition message is cut off by the end of the data") }
                let architecture = bytes[position + 1]
                guard architecture <= 1 else {
                    throw fail(.badDefinition, recordStart + 2, "a definition declares architecture \(architecture); only 0 (little-endian) and 1 (big-endian) exist, so the data is corrupt from here")
                }
                let bigEndian = architecture == 1
                let rawGlobal = bytes.loadUnaligned(fromByteOffset: position + 2, as: UInt16.self)
                let global = bigEndian ? UInt16(bigEndian: rawGlobal) : UInt16(littleEndian: rawGlobal)
                let fieldCount = Int(bytes[position + 4])
                position += 5
                guard position + fieldCount * 3 <= end else { throw problem ?? fail(.truncated, recordStart, "a definition message is cut off by the end of the data") }
                var fields: [FITDefinition.Field] = []
                fields.reserveCapacity(fieldCount)
                var offset = 0
                for _ in 0..<fieldCount {
                    let size = Int(bytes[position + 1])
                    var baseType = FITBaseType(definitionByte: bytes[position + 2]) ?? .byte
                    if size % baseType.size != 0 { baseType = .byte }
                    fields.append(.init(number: bytes[position], offset: offset, size: size, baseType: baseType))
                    offset += size
                    position += 3
                }
                var developerSize = 0
                if header & 0x20 != 0 {
                    guard position < end else { throw problem ?? fail(.truncated, recordStart, "a definition message is cut off by the end of the data") }
                    let developerCount = Int(bytes[position])
                    position += 1
                    guard position + developerCount * 3 <= end else { throw problem ?? fail(.truncated, recordStart, "a definition message is cut off by the end of the data") }
                    for _ in 0..<developerCount {
                        developerSize += Int(bytes[position + 1])
                        position += 3
                    }
                }
                definitions[Int(header & 0x0F)] = FITDefinition(globalNumber: global, bigEndian: bigEndian, fields: fields, developerSize: developerSize)
                continue
            }
            // Data message, with a normal or a compressed-timestamp header.
            let compressed = header & 0x80 != 0
            let local = compressed ? Int((header >> 5) & 0x03) : Int(header & 0x0F)
            guard let definition = definitions[local] else {
                throw fail(.undefinedLocalMessage, recordStart, "a data message uses local message type \(local), which no definition before it declared; the data is corrupt from here")
            }
            guard position + definition.contentSize <= end else {
                throw problem ?? fail(.truncated, recordStart, "a message of \(definition.contentSize) bytes is cut off by the end of the data")
            }
            let content = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + definition.contentSize)])
            var timestamp: UInt32?
            if let index = definition.timestampIndex {
                let raw = content.loadUnaligned(fromByteOffset: definition.fields[index].offset, as: UInt32.self)
                let value = definition.bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
                if value != 0xFFFF_FFFF {
                    timestamp = value
                    lastTimestamp = value
                }
            } else if compressed {
                let offset = UInt32(header & 0x1F)
                var value = (lastTimestamp & ~0x1F) + offset
                if offset < lastTimestamp & 0x1F { value &+= 0x20 }
                lastTimestamp = value
                timestamp = value
            }
            position += definition.contentSize
            summary.messageCount += 1
            try body(FITMessage(globalNumber: definition.globalNumber, offset: recordStart, timestamp: timestamp,
                                definition: definition, bytes: content))
        }
        if let problem { throw problem }
        return declaredEnd + 2
    }
}
