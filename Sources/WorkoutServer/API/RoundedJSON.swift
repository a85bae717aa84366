import Foundation

/// JSON whose numbers keep at most a few decimals: what a body's figures mean (a millisecond, a millimetre)
/// without the float noise of the sums behind them (`1953.9999999999995` reads `1954`).
///
/// A pass over the encoded bytes: every number outside a string with more decimals than `decimals`, or
/// an exponent, is written again rounded; strings, keys and every other byte are left as they are.
enum RoundedJSON {
    /// `json` with its numbers rounded to `decimals` decimals.
    static func rounded(_ json: Data, decimals: Int) -> Data {
        let bytes = [UInt8](json)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                out.append(byte)
                index += 1
                continue
            }
            // A number: up to the next byte that cannot be in one.
            var end = index
            var fraction = 0, inFraction = false, exponent = false
            while end < bytes.count {
                let c = bytes[end]
                if c == UInt8(ascii: ".") {
                    inFraction = true
                } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    exponent = true
                    inFraction = false
                } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                    if inFraction { fraction += 1 }
                } else if c != UInt8(ascii: "-") && c != UInt8(ascii: "+") {
                    break
                }
                end += 1
            }
            let token = bytes[index..<end]
            if fraction > decimals || exponent, let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite {
                out += Array(text(of: value, decimals: decimals).utf8)
            } else {
                out += token
            }
            index = end
        }
        return Data(out)
    }

    /// `value` rounded to `decimals` decimals, written without an exponent or a trailing `.0`.
    static func text(of value: Double, decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
