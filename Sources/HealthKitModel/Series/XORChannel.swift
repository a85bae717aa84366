/// One field's XOR coding: `0` for the previous bits again; `10` and the
/// differing bits when they fit the previous window of leading and
/// trailing zeros; `11`, 6 bits of leading zeros, 6 bits of length − 1,
/// and the bits otherwise.
package struct XORChannel: Sendable {
    private var previous: UInt64 = 0
    private var leading = 64
    private var trailing = 0

    /// A channel whose first value is XORed with zero.
    package init() {}

    package mutating func write(_ bits: UInt64, to writer: inout BitWriter) {
        let xor = bits ^ previous
        previous = bits
        guard xor != 0 else { return writer.write(0, bits: 1) }
        let lead = Swift.min(xor.leadingZeroBitCount, 63), trail = xor.trailingZeroBitCount
        if leading < 64, lead >= leading, trail >= trailing {
            writer.write(0b10, bits: 2)
            writer.write(xor >> UInt64(trailing), bits: 64 - leading - trailing)
        } else {
            let length = 64 - lead - trail
            writer.write(0b11, bits: 2)
            writer.write(UInt64(lead), bits: 6)
            writer.write(UInt64(length - 1), bits: 6)
            writer.write(xor >> UInt64(trail), bits: length)
            leading = lead
            trailing = trail
        }
    }

    /// Writes `number` as its difference from `base`: subtracting close
    /// doubles is exact (Sterbenz), and so is adding the difference back;
    /// where it is not, a flag and the raw bits go in instead.
    package mutating func write(_ number: Double, after base: Double, to writer: inout BitWriter) {
        let difference = number - base
        if (base + difference).bitPattern == number.bitPattern {
            writer.write(0, bits: 1)
            write(difference.bitPattern, to: &writer)
        } else {
            writer.write(1, bits: 1)
            writer.write(number.bitPattern, bits: 64)
        }
    }

    /// Reads what ``write(_:after:to:)`` wrote.
    package mutating func read(after base: Double, from reader: inout BitReader) -> Double {
        reader.read(1) == 0 ? base + Double(bitPattern: read(from: &reader)) : Double(bitPattern: reader.read(64))
    }

    package mutating func read(from reader: inout BitReader) -> UInt64 {
        guard reader.read(1) == 1 else { return previous }
        if reader.read(1) == 1 {
            leading = Int(reader.read(6))
            let length = Int(reader.read(6)) + 1
            guard leading + length <= 64 else {
                // Only damaged bytes say so: no writer makes such a window.
                reader.markDamaged()
                leading = 64
                trailing = 0
                return previous
            }
            trailing = 64 - leading - length
        }
        let xor = reader.read(64 - leading - trailing) << UInt64(trailing)
        previous ^= xor
        return previous
    }
}
