public import Foundation
import Synchronization

/// Builds one sample out of many quantities of a type, then saves it: a
/// quantity series, stored compressed and read back value by value with
/// ``HKQuantitySeriesSampleQuery``.
///
/// ```swift
/// let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: HKQuantityType(.heartRate),
///                                             startDate: start, device: strap)
/// for (offset, bpm) in readings.enumerated() {
///     try builder.insert(HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: bpm), at: start.addingTimeInterval(Double(offset)))
/// }
/// let samples = try await builder.finishSeries(metadata: nil)
/// ```
///
/// Quantities go in order of start. One with the same start as the previous
/// one replaces it, as HealthKit's does; one that starts earlier, or inside
/// the previous one's interval, or before ``startDate``, is refused with
/// ``HKError/Code/errorInvalidArgument``. The builder keeps its values
/// compressed as it goes (a few bytes each), so a million of them take a few
/// megabytes until the series is saved.
public final class HKQuantitySeriesSampleBuilder: Sendable {
    /// The series' type.
    public let quantityType: HKQuantityType
    /// The earliest a quantity may start, and the sample's start.
    public let startDate: Date
    /// The device the quantities come from.
    public let device: HKDevice?
    private let healthStore: HKHealthStore

    private struct State: ~Copyable {
        /// Values sealed into chunks, and their summary.
        var chunks: [CompressedRows] = []
        var sealed: QuantitySeriesSummary?
        /// The unit values are kept in: the first quantity's.
        var unit: HKUnit?
        /// Values not yet sealed; the last may still be replaced.
        var open: [StatisticRow] = []
        var finished = false
        var discarded = false
    }
    private let state = Mutex(State())

    /// A builder for a series of `quantityType` from `startDate`, saved to `healthStore`.
    public init(healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?) {
        self.healthStore = healthStore
        self.quantityType = quantityType
        self.startDate = startDate
        self.device = device
    }

    /// Adds `quantity` at `date`, as an instant.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` as
    ///   ``insert(_:for:)`` does.
    public func insert(_ quantity: HKQuantity, at date: Date) throws {
        try insert(quantity, for: DateInterval(start: date, duration: 0))
    }

    /// Adds `quantity` over `dateInterval`. A quantity with the same start as
    /// the previous one replaces it.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` when the unit does not
    ///   measure the series' type, the value is not finite, the interval
    ///   starts before ``startDate``, before the previous quantity or inside
    ///   its interval, ends further from ``startDate`` than a sample of the
    ///   type may last, or the series is finished or discarded.
    public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        let canonical = quantityType.canonicalUnit
        guard quantityType.is(compatibleWith: quantity.unit) else {
            throw HKError(.errorInvalidArgument, "A \(quantityType.identifier) series takes units like \(canonical.unitString), not \(quantity.unit.unitString)")
        }
        guard quantity.doubleValue(for: canonical).isFinite, quantity.value.isFinite else {
            throw HKError(.errorInvalidArgument, "A \(quantityType.identifier) series takes finite values, not \(quantity.value)")
        }
        let start = dateInterval.start.timeIntervalSince1970, end = dateInterval.end.timeIntervalSince1970
        if let maximum = quantityType.maximumDuration, dateInterval.end.timeIntervalSince(startDate) > maximum {
            throw HKError(.errorInvalidArgument, "A \(quantityType.identifier) sample lasts at most \(Int(maximum)) s, and a quantity until \(dateInterval.end.formatted(.iso8601)) would make this series longer; finish it and start another")
        }
        guard dateInterval.start >= startDate else {
            throw HKError(.errorInvalidArgument, "A quantity at \(dateInterval.start.formatted(.iso8601)) starts before the series' start date \(startDate.formatted(.iso8601))")
        }
        try state.withLock { s throws(HKError) in
            guard !s.finished, !s.discarded else {
                throw HKError(.errorInvalidArgument, "The \(quantityType.identifier) series was already \(s.finished ? "finished" : "discarded"); start a new builder")
            }
            let unit = s.unit ?? quantity.unit
            s.unit = unit
            let row = StatisticRow(start: start, end: end, value: quantity.doubleValue(for: unit), source: 0, count: 1)
            if let last = s.open.last {
                if start == last.start {
                    s.open[s.open.count - 1] = row
                    return
                }
                guard start > last.start else {
                    throw HKError(.errorInvalidArgument, "Quantities go into a series in order of start: \(dateInterval.start.formatted(.iso8601)) comes before the previous one at \(Date(timeIntervalSince1970: last.start).formatted(.iso8601))")
                }
                guard start >= last.end else {
                    throw HKError(.errorInvalidArgument, "A quantity from \(dateInterval.start.formatted(.iso8601)) overlaps the previous one, which lasts until \(Date(timeIntervalSince1970: last.end).formatted(.iso8601))")
                }
            }
            s.open.append(row)
            if s.open.count > QuantitySeriesChunks.valuesPerChunk {
                let full = Array(s.open.prefix(QuantitySeriesChunks.valuesPerChunk))
                s.chunks.append(CompressedRows(full))
                for row in full {
                    if s.sealed == nil { s.sealed = QuantitySeriesSummary(row) } else { s.sealed!.add(row) }
                }
                s.open.removeFirst(QuantitySeriesChunks.valuesPerChunk)
            }
        }
    }

    /// Saves the series with `metadata`, ending at its last quantity's end.
    public func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        try await finishSeries(metadata: metadata, endDate: nil)
    }

    /// Saves the series with `metadata`, ending at `endDate` (at least the
    /// last quantity's end), and returns its sample: a series when it holds
    /// more than one quantity, a plain sample for one.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` when nothing was inserted;
    ///   ``HKError/Code/errorInvalidArgument`` when `endDate` comes before the
    ///   last quantity's end or the series is finished or discarded; the
    ///   store's errors (authorization, a full disk), after which the series
    ///   may be finished again.
    public func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        let sample = try state.withLock { s throws(HKError) -> HKQuantitySample in
            guard !s.finished, !s.discarded else {
                throw HKError(.errorInvalidArgument, "The \(quantityType.identifier) series was already \(s.finished ? "finished" : "discarded"); start a new builder")
            }
            var summary = s.sealed
            for row in s.open {
                if summary == nil { summary = QuantitySeriesSummary(row) } else { summary!.add(row) }
            }
            guard let summary else { throw HKError(.errorNoData, "The \(quantityType.identifier) series has no quantities; insert at least one before finishing") }
            let lastEnd = max(s.open.lazy.map(\.end).max() ?? 0, summary.mostRecentEnd)
            if let endDate, endDate.timeIntervalSince1970 < lastEnd {
                throw HKError(.errorInvalidArgument, "The series cannot end at \(endDate.formatted(.iso8601)): its last quantity lasts until \(Date(timeIntervalSince1970: lastEnd).formatted(.iso8601))")
            }
            let chunks = s.chunks + (s.open.isEmpty ? [] : [CompressedRows(s.open)])
            s.finished = true
            return HKQuantitySample.series(type: quantityType, unit: s.unit ?? quantityType.canonicalUnit, summary: summary, chunks: chunks, start: startDate.timeIntervalSince1970,
                                           end: endDate?.timeIntervalSince1970 ?? lastEnd, device: device, metadata: metadata)
        }
        do {
            try await healthStore.save(sample)
        } catch {
            state.withLock { $0.finished = false }
            throw error
        }
        return [sample]
    }

    /// Completion-handler form of ``finishSeries(metadata:)``.
    @preconcurrency
    public func finishSeries(metadata: [String: Any]?, completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void) {
        finishSeries(metadata: metadata, endDate: nil, completion: completion)
    }

    /// Completion-handler form of ``finishSeries(metadata:endDate:)``.
    @preconcurrency
    public func finishSeries(metadata: [String: Any]?, endDate: Date?,
                             completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void) {
        // Metadata crosses to the task as values that are Sendable.
        let values = metadata.map(MetadataValue.encode)
        if let values, values == nil {
            return completion(nil, HKError(.errorInvalidArgument, "Metadata values must be strings, numbers, booleans, dates or quantities"))
        }
        completing(completion) { try await self.finishSeries(metadata: values.flatMap { $0.flatMap(MetadataValue.decode) }, endDate: endDate) }
    }

    /// Drops every quantity; the builder takes no more.
    public func discard() {
        state.withLock { s in
            s.discarded = true
            s.chunks = []
            s.open = []
            s.sealed = nil
            s.unit = nil
        }
    }
}
