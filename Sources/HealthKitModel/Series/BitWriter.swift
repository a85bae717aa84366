/// Appends bit fields, most significant first, to 64-bit words.
package struct BitWriter {
    package private(set) var words: [UInt64] = []
    private var used = 64

    /// An empty writer.
    package init() {}

    /// Writes the low `bits` bits of `value` (1 to 64).
    package mutating func write(_ value: UInt64, bits: Int) {
        guard bits > 0 else { return }
        let value = bits == 64 ? value : value & ((1 << UInt64(bits)) - 1)
        var remaining = bits
        while remaining > 0 {
            if used == 64 {
                words.append(0)
                used = 0
            }
            let take = Swift.min(remaining, 64 - used)
            let chunk = (value >> UInt64(remaining - take)) & (take == 64 ? ~0 : (1 << UInt64(take)) - 1)
            words[words.count - 1] |= chunk << UInt64(64 - used - take)
            used += take
            remaining -= take
        }
    }
}
