import Foundation

/// Where a text writer's bytes go: memory, or a file written in 64 KB pieces
/// so a long activity never sits in memory as text.
final class TextOutput {
    private(set) var buffer: [UInt8] = []
    private let handle: FileHandle?
    private var failure: (any Error)?

    /// Output collected in memory; read it with ``buffer``.
    init() { handle = nil }

    /// Output to a new (or emptied) file at `url`.
    init(url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
        buffer.reserveCapacity(1 << 17)
    }

    deinit { try? handle?.close() }

    @inline(__always) func write(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        spill()
    }

    /// Text with `<`, `>`, `&`, `"` and `'` escaped.
    func writeEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case 0x3C: buffer.append(contentsOf: Array("&lt;".utf8))
            case 0x3E: buffer.append(contentsOf: Array("&gt;".utf8))
            case 0x26: buffer.append(contentsOf: Array("&amp;".utf8))
            case 0x22: buffer.append(contentsOf: Array("&quot;".utf8))
            case 0x27: buffer.append(contentsOf: Array("&apos;".utf8))
            default: buffer.append(byte)
            }
        }
        spill()
    }

    /// An integer in decimal.
    func write(integer value: Int64) {
        if value < 0 { buffer.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count > 0 {
                count -= 1
                buffer.append(digits[count])
            }
        }
    }

    /// A number with at most `decimals` decimals, trailing zeros dropped (no exponent).
    func write(_ value: Double, decimals: Int) {
        guard value.isFinite else { return write(integer: 0) }
        let scale = [1.0, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000][decimals]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else { return buffer.append(contentsOf: Array(String(value).utf8)) }
        var fixed = Int64(scaled)
        if value < 0 && fixed != 0 { buffer.append(0x2D) }
        let divisor = Int64(scale)
        write(integer: fixed / divisor)
        fixed %= divisor
        guard fixed != 0 else { return spill() }
        buffer.append(0x2E)
        var width = decimals
        while fixed % 10 == 0 { fixed /= 10; width -= 1 }
        var digits = [UInt8](repeating: 0x30, count: width)
        for position in stride(from: width - 1, through: 0, by: -1) {
            digits[position] = UInt8(fixed % 10) + 0x30
            fixed /= 10
        }
        buffer.append(contentsOf: digits)
        spill()
    }

    /// A date as ISO 8601 in UTC (`2024-05-01T06:30:00Z`, with milliseconds when it has them).
    func write(date: Date) {
        ISO8601.append(date, to: &buffer)
        spill()
    }

    @inline(__always) private func spill() {
        if handle != nil && buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered to the file.
    func flush() {
        guard let handle, !buffer.isEmpty, failure == nil else { return }
        do { try handle.write(contentsOf: buffer) } catch { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file, throwing the first write error.
    func close() throws {
        flush()
        if let failure { throw failure }
        try handle?.synchronize()
        try handle?.close()
    }
}

/// Fast ISO 8601 dates in UTC, as activity files write them.
enum ISO8601 {
    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count from 1970-01-01.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func append(_ date: Date, to buffer: inout [UInt8]) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = milliseconds / 1000
        var fraction = milliseconds % 1000
        if fraction < 0 { fraction += 1000; seconds -= 1 }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let (year, month, day) = civil(days: Int(days))
        func two(_ value: Int) { buffer.append(UInt8(value / 10) + 0x30); buffer.append(UInt8(value % 10) + 0x30) }
        two(year / 100); two(year % 100)
        buffer.append(0x2D); two(month); buffer.append(0x2D); two(day)
        buffer.append(0x54); two(Int(secondOfDay / 3600)); buffer.append(0x3A); two(Int(secondOfDay / 60 % 60)); buffer.append(0x3A); two(Int(secondOfDay % 60))
        if fraction != 0 {
            buffer.append(0x2E)
            buffer.append(UInt8(fraction / 100) + 0x30); buffer.append(UInt8(fraction / 10 % 10) + 0x30); buffer.append(UInt8(fraction % 10) + 0x30)
        }
        buffer.append(0x5A)
    }

    /// The date as text.
    static func string(_ date: Date) -> String {
        var buffer: [UInt8] = []
        append(date, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…][Z|±HH:MM|±HHMM]` (no zone is UTC), or `nil`.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            func number(_ start: Int, _ length: Int) -> Int? {
                guard start + length <= bytes.count else { return nil }
                var value = 0
                for index in start..<(start + length) {
                    let digit = Int(bytes[index]) - 0x30
                    guard digit >= 0 && digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard bytes.count >= 19, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x20 || bytes[10] == 0x74,
                  bytes[13] == 0x3A, bytes[16] == 0x3A,
                  let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else { return nil }
            var index = 19
            var fraction = 0.0
            if index < bytes.count, bytes[index] == 0x2E || bytes[index] == 0x2C {
                index += 1
                var scale = 0.1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    fraction += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
            var offset = 0
            if index < bytes.count {
                switch bytes[index] {
                case 0x5A, 0x7A: index += 1
                case 0x2B, 0x2D:
                    let sign = bytes[index] == 0x2D ? -1 : 1
                    guard let hours = number(index + 1, 2) else { return nil }
                    var minutes = 0
                    if let value = number(index + 4, 2), bytes[index + 3] == 0x3A { minutes = value; index += 6 }
                    else if let value = number(index + 3, 2) { minutes = value; index += 5 }
                    else { index += 3 }
                    offset = sign * (hours * 3600 + minutes * 60)
                default: return nil
                }
            }
            guard index == bytes.count else { return nil }
            let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
            return Date(timeIntervalSince1970: Double(seconds) + fraction)
        }
    }
}
