/// Reads what ``BitWriter`` wrote.
///
/// Bytes from a file are not trusted: reading past the last word gives zero
/// bits and sets ``overran`` instead of trapping.
package struct BitReader {
    private let words: [UInt64]
    private var position = 0
    /// Whether a read went past the last word.
    package private(set) var overran = false

    package init(words: [UInt64]) { self.words = words }

    /// Records that what was read cannot be what a writer wrote.
    package mutating func markDamaged() { overran = true }

    /// Reads `bits` bits (0 to 64) as the low bits of the result.
    package mutating func read(_ bits: Int) -> UInt64 {
        guard bits > 0 else { return 0 }
        let index = position &>> 6, offset = position & 63
        guard index < words.count else {
            overran = true
            return 0
        }
        let available = 64 - offset
        if bits <= available {
            position += bits
            let aligned = words[index] &<< UInt64(offset)
            return bits == 64 ? aligned : aligned &>> UInt64(64 - bits)
        }
        // The field's high bits end this word; its low `rest` bits start the next.
        let rest = bits - available
        let high = words[index] & ((1 &<< UInt64(available)) &- 1)
        position += available
        guard index + 1 < words.count else {
            overran = true
            return high &<< UInt64(rest)
        }
        position += rest
        return (high &<< UInt64(rest)) | (words[index + 1] &>> UInt64(64 - rest))
    }
}
