/// Appends bit fields, most significant first, to 64-bit words.
///
/// The word being filled stays in a register-sized field until it is full, so a field costs a few shifts,
/// not an array access: a live recording encodes every reading this way.
package struct BitWriter {
    /// The words filled so far.
    private var filled: [UInt64] = []
    /// The word being filled, its first `used` bits (from the most significant) written.
    private var current: UInt64 = 0
    private var used = 0

    /// An empty writer.
    package init() {}

    /// How many words ``words`` holds, without making them.
    package var wordCount: Int { filled.count + (used == 0 ? 0 : 1) }

    /// The words written, the last one padded with zero bits.
    package var words: [UInt64] { used == 0 ? filled : filled + [current] }

    /// Writes the low `bits` bits of `value` (1 to 64). Inlined: a row of a live series is six or seven
    /// of these, and the call would cost as much as the work.
    @inline(__always)
    package mutating func write(_ value: UInt64, bits: Int) {
        guard bits > 0 else { return }
        let value = bits == 64 ? value : value & ((1 &<< UInt64(bits)) &- 1)
        let free = 64 - used
        if bits <= free {
            current |= value &<< UInt64(free - bits)
            used += bits
            if used == 64 {
                filled.append(current)
                current = 0
                used = 0
            }
        } else {
            // The field's high bits end this word; its low `rest` bits start the next.
            let rest = bits - free
            current |= value &>> UInt64(rest)
            filled.append(current)
            current = value &<< UInt64(64 - rest)
            used = rest
        }
    }
}
