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
        write(bits, after: 0, prefixBits: 0, to: &writer)
    }

    /// Writes `number` as its difference from `base`: subtracting close
    /// doubles is exact (Sterbenz), and so is adding the difference back;
    /// where it is not, a flag and the raw bits go in instead.
    package mutating func write(_ number: Double, after base: Double, to writer: inout BitWriter) {
        let difference = number - base
        if (base + difference).bitPattern == number.bitPattern {
            write(difference.bitPattern, after: 0, prefixBits: 1, to: &writer)
        } else {
            writer.write(1, bits: 1)
            writer.write(number.bitPattern, bits: 64)
        }
    }

    /// Writes `bits`' coding after the `prefixBits` low bits of `prefix`, as one field where the whole fits in
    /// 64 bits (the usual case: a live recording encodes every reading this way), else as two; the bits written
    /// are the same either way.
    @inline(__always)
    private mutating func write(_ bits: UInt64, after prefix: UInt64, prefixBits: Int, to writer: inout BitWriter) {
        let xor = bits ^ previous
        previous = bits
        guard xor != 0 else { return writer.write(prefix << 1, bits: prefixBits + 1) }
        let lead = Swift.min(xor.leadingZeroBitCount, 63), trail = xor.trailingZeroBitCount
        let control: UInt64, controlBits: Int, payload: UInt64, payloadBits: Int
        if leading < 64, lead >= leading, trail >= trailing {
            (control, controlBits) = (0b10, 2)
            (payload, payloadBits) = (xor >> UInt64(trailing), 64 - leading - trailing)
        } else {
            let length = 64 - lead - trail
            (control, controlBits) = (0b11 << 12 | UInt64(lead) << 6 | UInt64(length - 1), 14)
            (payload, payloadBits) = (xor >> UInt64(trail), length)
            leading = lead
            trailing = trail
        }
        let head = prefix << UInt64(controlBits) | control, headBits = prefixBits + controlBits
        if headBits + payloadBits <= 64 {
            writer.write(head << UInt64(payloadBits) | payload, bits: headBits + payloadBits)
        } else {
            writer.write(head, bits: headBits)
            writer.write(payload, bits: payloadBits)
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
