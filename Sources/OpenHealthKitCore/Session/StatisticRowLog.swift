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

    private var blocks: [CompressedRows] = []
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
            blocks.append(CompressedRows(recent))
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

    /// The rows from the `index`th on (0 for all), decoded, in arrival order: a reader that keeps its place reads
    /// each row once, decoding at most the one sealed block its place falls in again.
    func rows(from index: Int) -> [StatisticRow] {
        let index = Swift.max(0, index)
        guard index < count else { return [] }
        var rows: [StatisticRow] = []
        rows.reserveCapacity(count - index)
        var position = index / Self.blockSize * Self.blockSize
        for block in blocks.dropFirst(index / Self.blockSize) {
            var reader = CompressedRows.Reader(block)
            while let row = reader.next() {
                if position >= index { rows.append(row) }
                position += 1
            }
        }
        for row in recent {
            if position >= index { rows.append(row) }
            position += 1
        }
        return rows
    }

    /// Bytes the sealed blocks take, for measurement.
    var compressedBytes: Int { blocks.reduce(0) { $0 + $1.words.count * 8 } }

    func makeIterator() -> Iterator { Iterator(log: self) }

    /// Reads the sealed blocks, then the plain rows.
    struct Iterator: IteratorProtocol {
        private let log: StatisticRowLog
        private var blockIndex = 0
        private var reader: CompressedRows.Reader?
        private var recentIndex = 0

        init(log: StatisticRowLog) { self.log = log }

        mutating func next() -> StatisticRow? {
            while blockIndex < log.blocks.count {
                if reader == nil { reader = CompressedRows.Reader(log.blocks[blockIndex]) }
                if let row = reader!.next() { return row }
                reader = nil
                blockIndex += 1
            }
            guard recentIndex < log.recent.count else { return nil }
            defer { recentIndex += 1 }
            return log.recent[recentIndex]
        }
    }
}
