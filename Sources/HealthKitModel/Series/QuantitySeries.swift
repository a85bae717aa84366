package import Foundation

/// The values behind a quantity sample whose ``HKQuantitySample/count`` is
/// more than one: its summary, and, for a series not yet saved, its values
/// in compressed chunks.
///
/// A series read from the store carries only the summary; its values are read
/// from the store's chunks when a query needs them
/// (``HKQuantitySeriesSampleQuery``, statistics).
package struct QuantitySeries: Sendable {
    /// The unit of the values and the summary: the first inserted quantity's,
    /// so that values read back exactly as they went in.
    package let unit: HKUnit
    package let summary: QuantitySeriesSummary
    /// The values in the type's canonical unit, in order of start, in chunks
    /// of at most ``valuesPerChunk``; `nil` once stored.
    package let chunks: [CompressedRows]?

    /// A series in `unit`, summarised by `summary`, with its values in `chunks` until stored.
    package init(unit: HKUnit, summary: QuantitySeriesSummary, chunks: [CompressedRows]?) {
        self.unit = unit
        self.summary = summary
        self.chunks = chunks
    }

    /// Values per chunk, in memory and as the store keeps them.
    package static let valuesPerChunk = 512

    /// The chunks of `rows`, in order.
    package static func chunks(of rows: [StatisticRow]) -> [CompressedRows] {
        stride(from: 0, to: rows.count, by: valuesPerChunk).map { index in
            CompressedRows(Array(rows[index..<min(index + valuesPerChunk, rows.count)]))
        }
    }
}

extension HKQuantitySample {
    /// A series sample of `rows` (values in `unit`, by default `type`'s canonical one, ordered
    /// by start, at least one), from `start` (or the first start) to `end`
    /// (or the last end).
    ///
    /// A single row makes a plain sample, as HealthKit's series builder does.
    package static func series(type: HKQuantityType, rows: [StatisticRow], unit: HKUnit? = nil, start: Double? = nil, end: Double? = nil, device: HKDevice? = nil,
                       metadata: [String: Any]? = nil, uuid: UUID = ObjectUUID.next()) -> HKQuantitySample {
        let summary = QuantitySeriesSummary(rows)!
        let lastEnd = rows.lazy.map(\.end).max() ?? rows[0].end
        return series(type: type, unit: unit ?? type.canonicalUnit, summary: summary, chunks: rows.count > 1 ? QuantitySeries.chunks(of: rows) : [],
                      start: start ?? rows[0].start, end: max(end ?? lastEnd, lastEnd), device: device, metadata: metadata, uuid: uuid)
    }

    /// A series sample of compressed `chunks` (values in `unit`) summarised
    /// by `summary`; a summary of one value makes a plain sample.
    package static func series(type: HKQuantityType, unit: HKUnit, summary: QuantitySeriesSummary, chunks: [CompressedRows], start: Double, end: Double,
                       device: HKDevice?, metadata: [String: Any]?, uuid: UUID = ObjectUUID.next()) -> HKQuantitySample {
        let quantity = HKQuantity(unit: unit, doubleValue: summary.value(for: type.aggregationStyle))
        let series = summary.count > 1 ? QuantitySeries(unit: unit, summary: summary, chunks: chunks) : nil
        let startDate = Date(timeIntervalSince1970: start), endDate = Date(timeIntervalSince1970: end)
        if type.aggregationStyle == .cumulative {
            return HKCumulativeQuantitySample(unchecked: type, quantity: quantity, start: startDate, end: endDate, count: summary.count,
                                              uuid: uuid, device: device, metadata: metadata, series: series)
        }
        return HKDiscreteQuantitySample(unchecked: type, quantity: quantity, start: startDate, end: endDate, count: summary.count,
                                        uuid: uuid, device: device, metadata: metadata, series: series)
    }
}
