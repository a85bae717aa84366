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
        var result: UInt64 = 0
        var remaining = bits
        while remaining > 0 {
            guard position / 64 < words.count else {
                overran = true
                return result << UInt64(remaining)
            }
            let word = words[position / 64], offset = position % 64
            let take = Swift.min(remaining, 64 - offset)
            let chunk = (word >> UInt64(64 - offset - take)) & (take == 64 ? ~0 : (1 << UInt64(take)) - 1)
            result = take == 64 ? chunk : (result << UInt64(take)) | chunk
            position += take
            remaining -= take
        }
        return result
    }
}
