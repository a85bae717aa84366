/// A builder's statistic rows of one type, in the order they arrived, kept in
/// a few bits each so that a day-long workout's rows stay small.
///
/// The newest ``blockSize`` rows are plain; older ones are sealed into blocks
/// compressed without loss, as time-series databases do (Pelkonen et al., "Gorilla",
/// VLDB 2015): each field is XORed with the previous row's and only the bits
/// that differ are written. A 1 Hz heart rate costs about two bytes a row
/// instead of thirty-two; every row reads back bit for bit.
struct StatisticRowLog: Sequence, Sendable {
    /// Rows sealed into one compressed block.
    static let blockSize = 4096

    private var blocks: [Block] = []
    private var recent: [StatisticRow] = []
    /// How many rows the log holds.
    private(set) var count = 0

    /// Adds `row` at the end.
    mutating func append(_ row: StatisticRow) {
        // Room for a block at once: doubling from one row would copy the rows
        // over many times on the way to a block. The room is kept when the
        // block is sealed, so a day-long workout allocates it once per type.
        // Its pages are touched now, with the first row: otherwise the system
        // maps them one by one as rows arrive, and a page fault (several
        // microseconds in a virtual machine) lands on the live path every
        // 128 rows of the workout's first block.
        if recent.capacity == 0 {
            recent = Array(repeating: row, count: Self.blockSize)
            recent.removeAll(keepingCapacity: true)
        }
        recent.append(row)
        count += 1
        if recent.count == Self.blockSize {
            blocks.append(Block(recent))
            recent.removeAll(keepingCapacity: true)
        }
    }

    /// The rows, decoded, in arrival order.
    var rows: [StatisticRow] {
        var rows: [StatisticRow] = []
        rows.reserveCapacity(count)
        for row in self { rows.append(row) }
        return rows
    }

    /// Bytes the sealed blocks take, for measurement.
    var compressedBytes: Int { blocks.reduce(0) { $0 + $1.words.count * 8 } }

    func makeIterator() -> Iterator { Iterator(log: self) }

    /// Reads the sealed blocks, then the plain rows.
    struct Iterator: IteratorProtocol {
        private let log: StatisticRowLog
        private var blockIndex = 0
        private var reader: Block.Reader?
        private var recentIndex = 0

        init(log: StatisticRowLog) { self.log = log }

        mutating func next() -> StatisticRow? {
            while blockIndex < log.blocks.count {
                if reader == nil { reader = Block.Reader(log.blocks[blockIndex]) }
                if let row = reader!.next() { return row }
                reader = nil
                blockIndex += 1
            }
            guard recentIndex < log.recent.count else { return nil }
            defer { recentIndex += 1 }
            return log.recent[recentIndex]
        }
    }

    /// Rows compressed into 64-bit words.
    struct Block: Sendable {
        let words: [UInt64]
        let count: Int

        /// Compresses `rows`: per row, the start as the difference from the
        /// previous start, the duration, and the value, each XORed with the
        /// previous row's; a flag for a source or count other than the
        /// previous row's source and 1.
        init(_ rows: [StatisticRow]) {
            var writer = BitWriter()
            var previous = StatisticRow(start: 0, end: 0, value: 0, source: 0, count: 1)
            var start = XORChannel(), duration = XORChannel(), value = XORChannel()
            for row in rows {
                start.write(row.start, after: previous.start, to: &writer)
                duration.write(row.end, after: row.start, to: &writer)
                value.write(row.value.bitPattern, to: &writer)
                if row.source == previous.source && row.count == 1 {
                    writer.write(0, bits: 1)
                } else {
                    writer.write(1, bits: 1)
                    writer.write(UInt64(UInt32(bitPattern: row.source)), bits: 32)
                    writer.write(UInt64(UInt32(bitPattern: row.count)), bits: 32)
                }
                previous = row
            }
            words = writer.words
            count = rows.count
        }

        /// Decodes a block's rows in order.
        struct Reader {
            private var bits: BitReader
            private var remaining: Int
            private var previous = StatisticRow(start: 0, end: 0, value: 0, source: 0, count: 1)
            private var start = XORChannel(), duration = XORChannel(), value = XORChannel()

            init(_ block: Block) {
                bits = BitReader(words: block.words)
                remaining = block.count
            }

            mutating func next() -> StatisticRow? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                var row = previous
                row.start = start.read(after: previous.start, from: &bits)
                row.end = duration.read(after: row.start, from: &bits)
                row.value = Double(bitPattern: value.read(from: &bits))
                if bits.read(1) == 0 {
                    row.count = 1
                } else {
                    row.source = Int32(bitPattern: UInt32(bits.read(32)))
                    row.count = Int32(bitPattern: UInt32(bits.read(32)))
                }
                previous = row
                return row
            }
        }
    }

    /// One field's XOR coding: `0` for the previous bits again; `10` and the
    /// differing bits when they fit the previous window of leading and
    /// trailing zeros; `11`, 6 bits of leading zeros, 6 bits of length − 1,
    /// and the bits otherwise.
    struct XORChannel: Sendable {
        private var previous: UInt64 = 0
        private var leading = 64
        private var trailing = 0

        mutating func write(_ bits: UInt64, to writer: inout BitWriter) {
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
        mutating func write(_ number: Double, after base: Double, to writer: inout BitWriter) {
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
        mutating func read(after base: Double, from reader: inout BitReader) -> Double {
            reader.read(1) == 0 ? base + Double(bitPattern: read(from: &reader)) : Double(bitPattern: reader.read(64))
        }

        mutating func read(from reader: inout BitReader) -> UInt64 {
            guard reader.read(1) == 1 else { return previous }
            if reader.read(1) == 1 {
                leading = Int(reader.read(6))
                let length = Int(reader.read(6)) + 1
                trailing = 64 - leading - length
            }
            let xor = reader.read(64 - leading - trailing) << UInt64(trailing)
            previous ^= xor
            return previous
        }
    }

    /// Appends bit fields, most significant first, to 64-bit words.
    struct BitWriter {
        private(set) var words: [UInt64] = []
        private var used = 64

        /// Writes the low `bits` bits of `value` (1 to 64).
        mutating func write(_ value: UInt64, bits: Int) {
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

    /// Reads what ``BitWriter`` wrote.
    struct BitReader {
        private let words: [UInt64]
        private var position = 0

        init(words: [UInt64]) { self.words = words }

        /// Reads `bits` bits (0 to 64) as the low bits of the result.
        mutating func read(_ bits: Int) -> UInt64 {
            var result: UInt64 = 0
            var remaining = bits
            while remaining > 0 {
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
}
