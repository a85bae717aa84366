/// Statistic rows compressed without loss into 64-bit words, as time-series
/// databases do (Pelkonen et al., "Gorilla", VLDB 2015): each field is XORed
/// with the previous row's and only the bits that differ are written.
///
/// A builder's row log keeps its sealed blocks this way in memory, and the
/// store keeps quantity series as chunks of it (``QuantitySeriesChunks``).
package struct CompressedRows: Sendable {
    package let words: [UInt64]
    package let count: Int
    /// The first row's start and the latest end, when the rows were compressed here (an ``Encoder`` knows them);
    /// nil for rows read back from bytes, whose bounds take decoding.
    package let bounds: (first: Double, last: Double)?

    /// Rows from words already compressed, with their bounds when known.
    package init(words: [UInt64], count: Int, bounds: (first: Double, last: Double)? = nil) {
        self.words = words
        self.count = count
        self.bounds = bounds
    }

    /// Rows read back from stored ``bytes``; ``Reader`` reports bytes that
    /// end too soon instead of trapping.
    package init(bytes: some Collection<UInt8>, count: Int) {
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        words.withUnsafeMutableBytes { buffer in buffer.copyBytes(from: bytes) }
        self.words = words.map { UInt64(littleEndian: $0) }
        self.count = count
        bounds = nil
    }

    /// The words as bytes, little-endian, for storing.
    package var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: words.count * 8)
        bytes.withUnsafeMutableBytes { buffer in
            for (index, word) in words.enumerated() { buffer.storeBytes(of: word.littleEndian, toByteOffset: index * 8, as: UInt64.self) }
        }
        return bytes
    }

    /// Compresses `rows` (``Encoder``).
    package init(_ rows: [StatisticRow]) {
        var encoder = Encoder()
        for row in rows { encoder.append(row) }
        self = encoder.rows
    }

    /// Compresses rows one at a time: per row, the start as the difference
    /// from the previous start, the duration, and the value, each XORed with
    /// the previous row's; a flag for a source or count other than the
    /// previous row's source and 1. A live series' last chunk grows this way,
    /// each write encoding only the rows it adds.
    package struct Encoder: Sendable {
        private var writer = BitWriter()
        private var previous = StatisticRow(start: 0, end: 0, value: 0, source: 0, count: 1)
        private var start = XORChannel(), duration = XORChannel(), value = XORChannel()
        /// Rows encoded so far.
        package private(set) var count = 0
        /// The first row's start and the latest end so far.
        private var first = 0.0, last = -Double.infinity

        /// An encoder with no rows yet.
        package init() {}

        package mutating func append(_ row: StatisticRow) {
            if count == 0 { first = row.start }
            last = Swift.max(last, row.end)
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
            count += 1
        }

        /// The rows encoded so far.
        package var rows: CompressedRows { CompressedRows(words: writer.words, count: count, bounds: count > 0 ? (first, last) : nil) }
    }

    /// Decodes a block's rows in order.
    package struct Reader {
        private var bits: BitReader
        private var remaining: Int
        private var previous = StatisticRow(start: 0, end: 0, value: 0, source: 0, count: 1)
        private var start = XORChannel(), duration = XORChannel(), value = XORChannel()

        /// Whether the words ended before the rows did: a damaged chunk.
        package var overran: Bool { bits.overran }

        package init(_ block: CompressedRows) {
            bits = BitReader(words: block.words)
            remaining = block.count
        }

        package mutating func next() -> StatisticRow? {
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
