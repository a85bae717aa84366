import Foundation
import Markup

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

    /// Text with `<`, `>`, `&`, `"` and `'` escaped (``XMLText``).
    func writeEscaped(_ text: String) {
        XMLText.append(text, to: &buffer)
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

