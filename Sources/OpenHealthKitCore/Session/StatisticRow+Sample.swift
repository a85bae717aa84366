import Foundation

extension StatisticRow {
    /// A builder's row for a sample: its times, its value in the type's canonical unit, one source.
    init(_ sample: HKQuantitySample) {
        self.init(start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                  value: sample.quantity.doubleValue(for: sample.quantityType.canonicalUnit), source: 0, count: Int32(sample.count))
    }

    /// A builder's rows for a sample: one per value of a series whose values
    /// it holds (one not yet saved, or loaded with
    /// ``ObjectReader/loadingSeries(_:)``), else the sample's own.
    static func rows(of sample: HKQuantitySample) -> [StatisticRow] {
        guard let series = sample.series, let chunks = series.chunks else { return [StatisticRow(sample)] }
        let canonical = sample.quantityType.canonicalUnit
        var rows: [StatisticRow] = []
        rows.reserveCapacity(sample.count)
        for chunk in chunks {
            var reader = CompressedRows.Reader(chunk)
            while var row = reader.next() {
                row.value = (try? series.unit.convert(row.value, to: canonical)) ?? row.value
                row.source = 0
                rows.append(row)
            }
        }
        return rows
    }
}
