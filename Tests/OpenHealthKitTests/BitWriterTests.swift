import Foundation
import PropertyBased
import Testing
@testable import OpenHealthKitCore

/// Bit fields as the store's compressed series hold them: written most significant first, read back exactly,
/// in the layout a bit-by-bit writer makes (the stored format, which other readers decode).
@Suite struct BitWriterTests {
    /// Fields from a seed: widths 1 to 64, values of every size.
    func fields(seed: UInt64, count: Int) -> [(value: UInt64, bits: Int)] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            let bits = Int(next() % 64) + 1
            return (next(), bits)
        }
    }

    /// The layout one bit at a time: the reference the writer must match.
    func referenceWords(_ fields: [(value: UInt64, bits: Int)]) -> [UInt64] {
        var words: [UInt64] = []
        var position = 0
        for (value, bits) in fields {
            for bit in stride(from: bits - 1, through: 0, by: -1) {
                if position % 64 == 0 { words.append(0) }
                if (value >> UInt64(bit)) & 1 == 1 { words[words.count - 1] |= 1 << UInt64(63 - position % 64) }
                position += 1
            }
        }
        return words
    }

    @Test func fieldsReadBackAndLayOutAsTheReferenceDoes() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...300)) { seed, count in
            let fields = fields(seed: seed, count: count)
            var writer = BitWriter()
            for field in fields { writer.write(field.value, bits: field.bits) }
            #expect(writer.words == referenceWords(fields), "seed \(seed)")
            var reader = BitReader(words: writer.words)
            for (index, field) in fields.enumerated() {
                let mask = field.bits == 64 ? UInt64.max : (1 << UInt64(field.bits)) - 1
                let read = reader.read(field.bits)
                if read != field.value & mask {
                    Issue.record("seed \(seed): field \(index) of \(field.bits) bits read \(read), wrote \(field.value & mask)")
                    return
                }
            }
            #expect(!reader.overran)
        }
    }

    @Test func readingPastTheEndGivesZerosAndSaysSo() {
        var writer = BitWriter()
        writer.write(0b101, bits: 3)
        var reader = BitReader(words: writer.words)
        #expect(reader.read(3) == 0b101)
        #expect(reader.read(61) == 0)
        #expect(!reader.overran)
        #expect(reader.read(8) == 0)
        #expect(reader.overran)
        var spanning = BitReader(words: [UInt64.max])
        #expect(spanning.read(60) == (1 << 60) - 1)
        #expect(spanning.read(8) == 0b1111_0000, "the word's last 4 bits, then zeros")
        #expect(spanning.overran)
        var empty = BitReader(words: [])
        #expect(empty.read(0) == 0 && !empty.overran)
        #expect(empty.read(1) == 0 && empty.overran)
    }
}
