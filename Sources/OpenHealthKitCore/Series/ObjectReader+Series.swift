import Foundation
internal import GRDB

extension ObjectReader {
    /// Every quantity of the quantity samples `query` selects: a plain sample's
    /// own, and each value of a series (in the type's canonical unit).
    ///
    /// A series' values are filtered one by one, as samples of their own with
    /// their dates and amounts, so the quantities are the same whether the
    /// readings were saved one by one or as a series; statistics filter the same way.
    ///
    /// - Parameter groupedBySample: Order by the samples' starts, each
    ///   sample's quantities together; otherwise by each quantity's start.
    func seriesEntries(_ query: ObjectQuery, type: HKQuantityType, groupedBySample: Bool) async throws -> [QuantitySeriesEntry] {
        try await database.writer.read { db in
            var plain = query
            plain.kinds = [.quantity]
            plain.sqlOrder = "object.start, object.id"
            var entries: [QuantitySeriesEntry] = []
            for case let sample as HKQuantitySample in try objects(plain, in: db) {
                entries.append(QuantitySeriesEntry(quantity: sample.quantity, start: sample.startDate.timeIntervalSince1970,
                                                   end: sample.endDate.timeIntervalSince1970, sample: sample))
            }
            var series = query
            series.kinds = [.quantitySeries]
            series.filter = query.filter?.relaxedForSeries
            series.sqlOrder = "object.start, object.id"
            let canonical = type.canonicalUnit
            for case let sample as HKQuantitySample in try objects(series, in: db) {
                let unit = sample.series?.unit ?? canonical
                try QuantitySeriesChunks.forEachRow(of: sample.uuid, in: db) { row in
                    if let filter = query.filter {
                        var converted = row
                        converted.value = try unit.convert(row.value, to: canonical)
                        guard filter.matches(sample, value: converted) else { return }
                    }
                    entries.append(QuantitySeriesEntry(quantity: HKQuantity(unit: unit, doubleValue: row.value), start: row.start, end: row.end, sample: sample))
                }
            }
            // Stable: a sample's quantities keep their order.
            if groupedBySample {
                let order = entries.enumerated().sorted { a, b in
                    let (x, y) = (a.element.sample, b.element.sample)
                    if x.startDate != y.startDate { return x.startDate < y.startDate }
                    return a.offset < b.offset
                }
                return order.map(\.element)
            }
            return entries.enumerated().sorted { a, b in
                a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
            }.map(\.element)
        }
    }
}
