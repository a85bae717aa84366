import Foundation

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
