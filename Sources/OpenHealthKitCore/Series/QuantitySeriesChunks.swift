import Foundation
internal import GRDB

/// A quantity series' values in the store: chunks of up to ``valuesPerChunk``
/// values, each compressed without loss (``CompressedRows``: times and values
/// XORed with the previous ones), one `quantity_series_chunk` row per chunk.
///
/// A day of 1 Hz heart rate is 169 rows of about 1.5 KB instead of 86,400 rows
/// of 155 bytes; every value reads back bit for bit.
enum QuantitySeriesChunks {
    /// Values per stored chunk: the series' own.
    static let valuesPerChunk = QuantitySeries.valuesPerChunk

    /// Writes `chunks` (in order) as the values of `series`.
    static func insert(_ chunks: [CompressedRows], series: UUID, in db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO quantity_series_chunk (series, first, last, count, data) VALUES (?, ?, ?, ?, ?)")
        for chunk in chunks where chunk.count > 0 {
            let (first, last) = chunk.bounds ?? bounds(of: chunk)
            try statement.execute(arguments: [series, first, last, chunk.count, Data(chunk.bytes)])
        }
    }

    /// The first start and the latest end of `chunk`'s rows, decoded.
    private static func bounds(of chunk: CompressedRows) -> (first: Double, last: Double) {
        var reader = CompressedRows.Reader(chunk)
        var first = 0.0, last = -Double.infinity
        if let row = reader.next() { first = row.start; last = row.end }
        while let row = reader.next() { last = max(last, row.end) }
        return (first, last)
    }

    /// The values of `series`, in order of start, with `source` set on each.
    ///
    /// - Throws: ``HKError/Code/errorDatabaseInaccessible`` when a chunk's
    ///   bytes end before its values do (a damaged store); the message names
    ///   the series and the chunk's first date.
    static func rows(of series: UUID, source: Int32 = 0, in db: Database) throws -> [StatisticRow] {
        var rows: [StatisticRow] = []
        try forEachRow(of: series, in: db) { row in
            var row = row
            row.source = source
            rows.append(row)
        }
        return rows
    }

    /// Calls `body` with each value of `series`, in order of start.
    static func forEachRow(of series: UUID, in db: Database, _ body: (StatisticRow) throws -> Void) throws {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: "SELECT first, count, data FROM quantity_series_chunk WHERE series = ? ORDER BY first, rowid"),
                                         arguments: [series])
        while let chunk = try cursor.next() {
            let count: Int = chunk["count"]
            let data: Data = chunk["data"]
            guard count > 0, count <= valuesPerChunk * 64 else { throw damaged(series, first: chunk["first"], "it claims \(count) values") }
            var reader = CompressedRows.Reader(CompressedRows(bytes: data, count: count))
            while let row = reader.next() { try body(row) }
            if reader.overran { throw damaged(series, first: chunk["first"], "its \(data.count) bytes end before its \(count) values do") }
        }
    }

    /// Removes the chunks of `series`.
    static func delete(series: UUID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM quantity_series_chunk WHERE series = ?", arguments: [series])
    }

    private static func damaged(_ series: UUID, first: Double, _ why: String) -> HKError {
        HKError(.errorDatabaseInaccessible, "The store's quantity series \(series) is damaged at its chunk from \(Date(timeIntervalSince1970: first).formatted(.iso8601)): \(why); restore the store from a copy, or delete the sample")
    }
}
