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

extension ObjectReader {
    /// `samples` with each stored series' values read into it (the same
    /// sample, identifier and all), for a builder that counts them value by value.
    func loadingSeries(_ samples: [HKSample]) async throws -> [HKSample] {
        guard samples.contains(where: { ($0 as? HKQuantitySample)?.series?.chunks == nil && ($0 as? HKQuantitySample)?.series != nil }) else { return samples }
        return try await database.writer.read { db in
            try samples.map { sample -> HKSample in
                guard let quantity = sample as? HKQuantitySample, let series = quantity.series, series.chunks == nil else { return sample }
                let rows = try QuantitySeriesChunks.rows(of: quantity.uuid, in: db)
                let loaded = QuantitySeries(unit: series.unit, summary: series.summary, chunks: QuantitySeries.chunks(of: rows))
                let type = quantity.quantityType
                if type.aggregationStyle == .cumulative {
                    return HKCumulativeQuantitySample(unchecked: type, quantity: quantity.quantity, start: quantity.startDate, end: quantity.endDate,
                                                      count: quantity.count, uuid: quantity.uuid, device: quantity.device, metadata: quantity.metadata,
                                                      sourceRevision: quantity.sourceRevision, series: loaded)
                }
                return HKDiscreteQuantitySample(unchecked: type, quantity: quantity.quantity, start: quantity.startDate, end: quantity.endDate,
                                                count: quantity.count, uuid: quantity.uuid, device: quantity.device, metadata: quantity.metadata,
                                                sourceRevision: quantity.sourceRevision, series: loaded)
            }
        }
    }
}
