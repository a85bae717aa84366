import Foundation

/// A workout's statistics, kept current as rows arrive: every counted row by
/// type, running totals for the types that can keep them, and the statistics
/// published from them, pauses masked.
///
/// A value type with no lock, no clock and no I/O: its builder owns it and
/// passes in the ``WorkoutSpan`` and the date "now" reads. Counting rows in
/// any order and with any pauses between them gives the statistics a full
/// recompute from the rows gives (``recomputed(_:over:now:)``).
struct WorkoutStatistics: Sendable {
    /// Every counted row by type, compressed once a few thousand have arrived.
    private(set) var rows: [HKQuantityType: StatisticRowLog] = [:]
    /// The statistics of each type as of the last change.
    private(set) var current: [HKQuantityType: HKStatistics] = [:]
    /// Running totals per type, valid while every row of the type is an
    /// instant of a cumulative or arithmetic type; `nil` means recompute.
    private var totals: [HKQuantityType: RunningTotals] = [:]
    /// The latest row end, for snapshot ends.
    private(set) var latestSampleEnd = -Double.infinity

    /// Counts rows, grouped by type, and returns the types whose statistics changed.
    ///
    /// Each type's log and running totals are taken out once per group, not
    /// once per row: a batch of a thousand rows of four types costs four
    /// dictionary round trips.
    mutating func count(_ groups: TypedRows.Groups, over span: WorkoutSpan, now: Date) -> Set<HKQuantityType> {
        var types: Set<HKQuantityType> = []
        var stale: Set<HKQuantityType> = []
        // Events do not change while counting: the active time is worked out once.
        var activeTime = ActiveTime(span)
        for group in groups.all where !group.rows.isEmpty {
            let type = group.type
            types.insert(type)
            var log = rows.removeValue(forKey: type) ?? StatisticRowLog()
            var typeTotals = totals[type]
            let supported = RunningTotals.supports(type), cumulative = type.aggregationStyle == .cumulative
            var keepsTotals = supported && (typeTotals != nil || log.count == 0)
            for row in group.rows {
                log.append(row)
                latestSampleEnd = max(latestSampleEnd, row.end)
                guard keepsTotals else { continue }
                if row.isInstant || span.isWhollyActiveOrInactive(row) {
                    // The entry exists from the first row on, even a paused one, so the
                    // type keeps its running totals instead of recomputing every batch.
                    if typeTotals == nil { typeTotals = RunningTotals() }
                    if activeTime.contains(row.start), row.isInstant || activeTime.contains(row.end) { typeTotals!.add(row) }
                } else if cumulative, let start = span.start {
                    // A cumulative interval across a pause or the start counts its
                    // active part, pro-rated, exactly as a full recompute masks it.
                    let active = ActiveIntervals.between(start: start.timeIntervalSince1970, end: (span.end ?? .distantFuture).timeIntervalSince1970,
                                                         events: span.events)
                    if typeTotals == nil { typeTotals = RunningTotals() }
                    for piece in ActiveIntervals.mask([row], to: active, cumulative: true) { typeTotals!.add(piece) }
                } else {
                    typeTotals = nil
                    keepsTotals = false
                }
            }
            rows[type] = log
            totals[type] = typeTotals
            if !keepsTotals { stale.insert(type) }
        }
        current.merge(recomputed(stale, over: span, now: now)) { _, new in new }
        refresh(types.subtracting(stale), over: span, now: now)
        return types
    }

    /// Recomputes every type from its rows and rebuilds the running totals of
    /// the types that can keep them: after the span changed (collection began,
    /// events arrived).
    mutating func recomputeAll(over span: WorkoutSpan, now: Date) {
        totals = [:]
        if let start = span.start {
            let active = ActiveIntervals.between(start: start.timeIntervalSince1970, end: (span.end ?? .distantFuture).timeIntervalSince1970,
                                                 events: span.events)
            for (type, rows) in rows where RunningTotals.supports(type) {
                var typeTotals = RunningTotals()
                for row in ActiveIntervals.mask(rows, to: active, cumulative: type.aggregationStyle == .cumulative) { typeTotals.add(row) }
                totals[type] = typeTotals
            }
        }
        current = recomputed(Set(rows.keys), over: span, now: now)
    }

    /// Events were added to `span`. A pause or resume can change only what
    /// follows it, so events that pause or resume nothing, or that all come
    /// after every counted row's end (as a live workout's do), leave the
    /// running totals as they are: statistics are published from them, and
    /// only types without them are recomputed. An earlier pause or resume
    /// recomputes everything.
    mutating func eventsAdded(_ events: [HKWorkoutEvent], over span: WorkoutSpan, now: Date) {
        let changesActiveTime = events.filter { $0.type == .pause || $0.type == .resume }
        let earliest = changesActiveTime.lazy.map { $0.dateInterval.start.timeIntervalSince1970 }.min() ?? .infinity
        guard earliest > latestSampleEnd else {
            recomputeAll(over: span, now: now)
            return
        }
        publishFromTotals(over: span, now: now)
    }

    /// Collection ended at `span.end`. When no row reaches past the end the
    /// running totals stand: only types without them are recomputed (a day's
    /// rows are not copied).
    mutating func collectionEnded(over span: WorkoutSpan) {
        guard let end = span.end else { return }
        if latestSampleEnd <= end.timeIntervalSince1970 {
            publishFromTotals(over: span, now: end)
        } else {
            recomputeAll(over: span, now: end)
        }
    }

    /// Takes back the rows of `samples` after a crash, and recomputes.
    mutating func restore(_ samples: [HKSample], over span: WorkoutSpan, now: Date) {
        for case let sample as HKQuantitySample in samples {
            for row in StatisticRow.rows(of: sample) { rows[sample.quantityType, default: StatisticRowLog()].append(row) }
            latestSampleEnd = max(latestSampleEnd, sample.endDate.timeIntervalSince1970)
        }
        recomputeAll(over: span, now: now)
    }

    /// Publishes every type's statistics from its running totals, recomputing
    /// only the types that keep none: the running totals still hold.
    private mutating func publishFromTotals(over span: WorkoutSpan, now: Date) {
        let stale = Set(rows.keys.filter { totals[$0] == nil })
        current.merge(recomputed(stale, over: span, now: now)) { _, new in new }
        refresh(Set(rows.keys).subtracting(stale), over: span, now: now)
    }

    /// Publishes statistics for `types` from their running totals.
    private mutating func refresh(_ types: Set<HKQuantityType>, over span: WorkoutSpan, now: Date) {
        guard let start = span.start, let end = span.snapshotEnd(now: now, latestSampleEnd: latestSampleEnd) else { return }
        for type in types {
            guard let values = totals[type]?.values(cumulative: type.aggregationStyle == .cumulative) else { continue }
            current[type] = HKStatistics(type: type, start: start, end: end, merged: values, bySource: nil, sources: nil)
        }
    }

    /// Statistics for `types` computed afresh from every row, with samples
    /// inside pauses left out and intervals clipped to the active time.
    func recomputed(_ types: Set<HKQuantityType>, over span: WorkoutSpan, now: Date) -> [HKQuantityType: HKStatistics] {
        guard let start = span.start, !types.isEmpty, let end = span.snapshotEnd(now: now, latestSampleEnd: latestSampleEnd) else { return [:] }
        let active = ActiveIntervals.between(start: start.timeIntervalSince1970, end: end.timeIntervalSince1970, events: span.events)
        var result: [HKQuantityType: HKStatistics] = [:]
        for type in types {
            let masked = ActiveIntervals.mask(rows[type] ?? StatisticRowLog(), to: active, cumulative: type.aggregationStyle == .cumulative)
            let options: HKStatisticsOptions = type.aggregationStyle == .cumulative
                ? [.cumulativeSum, .mostRecent] : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]
            let calculator = StatisticsCalculator(style: type.aggregationStyle, options: options, sourceRank: [0: 0])
            let lo = start.timeIntervalSince1970, hi = end.timeIntervalSince1970.nextUp
            guard let values = calculator.values(for: masked, lo: lo, hi: hi) else { continue }
            result[type] = HKStatistics(type: type, start: start, end: end, merged: values, bySource: nil, sources: nil)
        }
        return result
    }

    /// The sum of `quantityType`'s values over `lo...hi` (seconds since 1970),
    /// pro-rating rows that straddle its ends, paused time included.
    func sum(of quantityType: HKQuantityType, lo: Double, hi: Double) -> Double {
        (rows[quantityType] ?? StatisticRowLog()).reduce(0) { total, row in row.belongs(lo: lo, hi: hi) ? total + row.proRated(lo: lo, hi: hi) : total }
    }

    /// The dates of `quantityType`'s rows, by start.
    func sampleDates(of quantityType: HKQuantityType) -> [Date] {
        (rows[quantityType] ?? StatisticRowLog()).map { Date(timeIntervalSince1970: $0.start) }
    }

    /// Seconds spent in each heart-rate zone: index 0 is below zone 1, 1 to 5 the zones.
    ///
    /// Each reading holds until the next one, for at most ten seconds, and only
    /// active time (inside collection, outside pauses) counts.
    func timeInHeartRateZones(_ zones: HeartRateZones, over span: WorkoutSpan) -> [TimeInterval] {
        var result = [TimeInterval](repeating: 0, count: 6)
        guard let start = span.start?.timeIntervalSince1970 else { return result }
        let end = span.end?.timeIntervalSince1970 ?? max(latestSampleEnd, start)
        let active = ActiveIntervals.between(start: start, end: end, events: span.events)
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let rows = (rows[HKQuantityType(.heartRate)] ?? StatisticRowLog()).sorted { $0.start < $1.start }
        for (index, row) in rows.enumerated() {
            let holdUntil = min(index + 1 < rows.count ? rows[index + 1].start : row.start + 10, row.start + 10, end)
            guard holdUntil > row.start else { continue }
            let bpm = HKQuantity(unit: HKQuantityType(.heartRate).canonicalUnit, doubleValue: row.value).doubleValue(for: perMinute)
            let counted = active.reduce(0.0) { $0 + max(0, min($1.1, holdUntil) - max($1.0, row.start)) }
            result[zones.zone(of: bpm)] += counted
        }
        return result
    }
}
