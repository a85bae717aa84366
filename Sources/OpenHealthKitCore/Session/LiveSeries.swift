import Foundation

/// How a live workout's readings of one type, handed to the writer together,
/// become samples: a quantity series for each run of plain readings (no
/// metadata, one device, one unit, in order of start, none overlapping the
/// one before), and a sample of their own for the rest.
///
/// The writer hands readings over at least once a second (``PendingWrites``),
/// so a crash still loses at most a second; a replay faster than real time
/// hands over hundreds at a time, and its store holds a few rows where it
/// held one per reading.
enum LiveSeries {
    /// The samples to save for `samples` and `derived` quantities, all of `type`.
    static func samples(type: HKSampleType, samples: [HKSample], derived: [DerivedQuantity]) -> [HKSample] {
        guard let quantityType = type as? HKQuantityType else { return samples }
        var result: [HKSample] = []
        var runs: [HKDevice?: [HKQuantitySample]] = [:]
        var order: [HKDevice?] = []
        for sample in samples {
            guard let quantity = sample as? HKQuantitySample, quantity.series == nil, quantity.metadata == nil else {
                result.append(sample)
                continue
            }
            if runs[quantity.device] == nil { order.append(quantity.device) }
            runs[quantity.device, default: []].append(quantity)
        }
        for device in order {
            let run = runs[device]!
            let unit = run[0].quantity.unit
            if run.count > 1, run.allSatisfy({ $0.quantity.unit == unit }),
               let series = series(quantityType, rows: run.map { StatisticRow(start: $0.startDate.timeIntervalSince1970, end: $0.endDate.timeIntervalSince1970,
                                                                                  value: $0.quantity.value, source: 0, count: 1) },
                                   unit: unit, device: device) {
                result.append(series)
            } else {
                result += run
            }
        }
        if derived.count > 1, let series = series(quantityType, rows: derived.map(\.row), unit: quantityType.canonicalUnit, device: nil) {
            result.append(series)
        } else {
            result += derived.map(\.sample)
        }
        return result
    }

    /// A series of `rows`, or `nil` when they are not in order of start or
    /// one overlaps the one before (as a series builder would refuse).
    private static func series(_ type: HKQuantityType, rows: [StatisticRow], unit: HKUnit, device: HKDevice?) -> HKQuantitySample? {
        for index in rows.indices.dropFirst() {
            let previous = rows[index - 1], row = rows[index]
            guard row.start > previous.start, row.start >= previous.end else { return nil }
        }
        return HKQuantitySample.series(type: type, rows: rows, unit: unit, device: device)
    }
}
