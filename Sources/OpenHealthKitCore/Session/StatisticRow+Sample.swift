import Foundation

extension StatisticRow {
    /// A builder's row for a sample: its times, its value in the type's canonical unit, one source.
    init(_ sample: HKQuantitySample) {
        self.init(start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                  value: sample.quantity.doubleValue(for: sample.quantityType.canonicalUnit), source: 0, count: Int32(sample.count))
    }
}
