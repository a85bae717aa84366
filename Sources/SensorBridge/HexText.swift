import GATT
/// Finds the notification bytes in a line of text, as bridges and logs print them.
///
/// Accepted forms, each at the end of the line after any prefix or timestamp:
/// spaced (`16 4B 02 03`), compact (`164B0203`), dashed or colon-separated
/// (`16-4B-02-03`, `(0x) 16-4B-…`), `0x`-prefixed (`0x10 0x3e`), after a
/// `value:` label (gatttool, nRF Connect), and decimal or hex arrays as Swift,
/// Java and Kotlin print them (`[16, 78, 210, 2]`).
///
/// The trailing run of hex tokens is taken; a line that ends in a word (`HR: 72 bpm`)
/// holds no bytes. Without a checksum, text that happens to end in hex-looking
/// words ("ok 12 34") cannot be told apart from a notification: prefer HRM1.
package enum HexText {
    /// The bytes at the end of `line`, or `nil` when it ends in something else.
    package static func bytes(inLine line: ArraySlice<UInt8>) -> [UInt8]? {
        var line = trimmed(line)
        guard !line.isEmpty else { return nil }
        if line.last == UInt8(ascii: "]"), let open = line.lastIndex(of: UInt8(ascii: "[")) {
            return array(line[(open + 1)..<(line.endIndex - 1)])
        }
        if let value = lastValueLabel(in: line) { line = line[value...] }
        var result: [UInt8] = []
        var end = line.endIndex
        var index = line.endIndex
        // Walk tokens from the end; stop at the first that is not hex.
        while index > line.startIndex {
            index -= 1
            let byte = line[index]
            let isSeparator = separator(byte)
            if isSeparator || index == line.startIndex {
                let start = isSeparator ? index + 1 : index
                if start < end {
                    guard let token = tokenBytes(line[start..<end]) else { break }
                    result.insert(contentsOf: token, at: 0)
                }
                end = index
            }
        }
        return result.isEmpty ? nil : result
    }

    private static func separator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D || last == 0x0A || last == 0 { line.removeLast() }
        while let first = line.first, first == 0x20 || first == 0x09 { line.removeFirst() }
        return line
    }

    /// The index just after the last `value:` (any case), if any.
    private static func lastValueLabel(in line: ArraySlice<UInt8>) -> Int? {
        let label = Array("value:".utf8)
        guard line.count >= label.count else { return nil }
        var index = line.endIndex - label.count
        while index >= line.startIndex {
            var matches = true
            for offset in 0..<label.count where line[index + offset] | 0x20 != label[offset] {
                matches = false
                break
            }
            if matches { return index + label.count }
            index -= 1
        }
        return nil
    }

    /// One token: `0xH`/`0xHH` is one byte; an even run of hex digits is that many
    /// bytes; a single digit is one byte (printf's `%x` without padding).
    private static func tokenBytes(_ token: ArraySlice<UInt8>) -> [UInt8]? {
        var digits = token
        if digits.count > 2, digits[digits.startIndex] == UInt8(ascii: "0"), digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x") {
            digits = digits.dropFirst(2)
            guard digits.count <= 2 else { return nil }
            return hexValue(digits).map { [UInt8($0)] }
        }
        if digits.count == 1 { return hexValue(digits).map { [UInt8($0)] } }
        return bytes(hexPairs: digits)
    }

    /// Elements of a printed array: decimal 0–255 or `0x`-prefixed hex.
    private static func array(_ inner: ArraySlice<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        for element in inner.split(whereSeparator: { $0 == UInt8(ascii: ",") || $0 == 0x20 }) {
            if element.count > 2, element[element.startIndex] == UInt8(ascii: "0"), element[element.startIndex + 1] | 0x20 == UInt8(ascii: "x") {
                guard element.count <= 4, let value = hexValue(element.dropFirst(2)) else { return nil }
                bytes.append(UInt8(value))
            } else {
                // Signed bytes (Java, Kotlin) print as -128…-1.
                var digits = element
                let negative = digits.first == UInt8(ascii: "-")
                if negative { digits = digits.dropFirst() }
                guard !digits.isEmpty, digits.count <= 3 else { return nil }
                var value = 0
                for digit in digits {
                    guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(digit - UInt8(ascii: "0"))
                }
                if negative {
                    guard value >= 1, value <= 128 else { return nil }
                    bytes.append(UInt8(256 - value))
                } else {
                    guard value <= 255 else { return nil }
                    bytes.append(UInt8(value))
                }
            }
        }
        return bytes.isEmpty ? nil : bytes
    }

    private static func hexValue(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            guard let n = nibble(digit) else { return nil }
            value = value << 4 | Int(n)
        }
        return value
    }

    /// The bytes an even run of hex digits spells, two digits each (`164B0203`), as HRM1, HRM2 and HRW2 lines carry
    /// them; `nil` when a digit is not hex or one is left over.
    package static func bytes(hexPairs digits: ArraySlice<UInt8>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index < digits.endIndex {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The value of 1 to 4 hex digits (a characteristic such as `2A37`, a checksum); `nil` for anything else.
    package static func uint16(_ digits: ArraySlice<UInt8>) -> UInt16? {
        guard (1...4).contains(digits.count) else { return nil }
        var value: UInt16 = 0
        for digit in digits {
            guard let n = nibble(digit) else { return nil }
            value = value << 4 | UInt16(n)
        }
        return value
    }

    /// The value of 1 to 19 decimal digits, no sign (a sequence number, milliseconds); `nil` for anything else.
    package static func decimal(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
        }
        return value
    }

    @inline(__always)
    package static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
