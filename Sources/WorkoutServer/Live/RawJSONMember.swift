/// One member of a JSON object, as it was sent, found by scanning the bytes rather than decoding and encoding them
/// again: a live point's snapshot is passed on to followers as the recorder wrote it, less the whitespace between
/// its tokens (an event's `data:` is one line).
///
/// Meant for a document a decoder has checked already: on anything it does not expect it answers nil, and the
/// caller encodes the member itself.
enum RawJSONMember {
    /// The object that member `name` of the top-level object in `bytes` holds (the last, when repeated), without
    /// whitespace outside its strings; nil when `bytes` is not an object, the member is missing or not an object,
    /// or a member's name is written with escapes.
    static func object(_ name: String, in bytes: [UInt8]) -> String? {
        let key = Array(name.utf8)
        var index = skipSpace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(bytes, from: index + 1)
        guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else { return nil }
        var found: Range<Int>?
        while true {
            index = skipSpace(bytes, from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let nameEnd = endOfString(bytes, from: index) else { return nil }
            let memberName = bytes[(index + 1)..<(nameEnd - 1)]
            guard !memberName.contains(UInt8(ascii: "\\")) else { return nil }
            index = skipSpace(bytes, from: nameEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index = skipSpace(bytes, from: index + 1)
            guard let valueEnd = endOfValue(bytes, from: index) else { return nil }
            if memberName.elementsEqual(key) { found = index..<valueEnd }
            index = skipSpace(bytes, from: valueEnd)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            break
        }
        guard let found, bytes[found.lowerBound] == UInt8(ascii: "{") else { return nil }
        return compacted(bytes[found])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// The index after the string starting at `start` (its opening quote), or nil when it does not end.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value starting at `start`, or nil when it does not end.
    private static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return endOfString(bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0, index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = endOfString(bytes, from: index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < bytes.count, !isSpace(bytes[index]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index]) {
                index += 1
            }
            return index > start ? index : nil
        }
    }

    /// `bytes` without whitespace outside strings.
    private static func compacted(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if !isSpace(byte) {
                out.append(byte)
                if byte == UInt8(ascii: "\"") { inString = true }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
