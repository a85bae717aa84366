public import Foundation

/// A quantity sample of a discrete type, as returned by queries.
///
/// A series (``HKQuantitySample/count`` above one) summarises its values: its
/// ``HKQuantitySample/quantity`` is the most recent of them, as HealthKit's is.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    private func canonical(_ value: Double) -> HKQuantity {
        HKQuantity(unit: series?.unit ?? quantityType.canonicalUnit, doubleValue: value)
    }

    /// The smallest value summarised.
    public var minimumQuantity: HKQuantity { series.map { canonical($0.summary.minimum) } ?? quantity }
    /// The average of the values summarised.
    public var averageQuantity: HKQuantity { series.map { canonical($0.summary.average) } ?? quantity }
    /// The largest value summarised.
    public var maximumQuantity: HKQuantity { series.map { canonical($0.summary.maximum) } ?? quantity }
    /// The latest value summarised: the one with the latest start.
    public var mostRecentQuantity: HKQuantity { series.map { canonical($0.summary.mostRecent) } ?? quantity }
    /// The interval of the latest value.
    public var mostRecentQuantityDateInterval: DateInterval {
        guard let summary = series?.summary else { return DateInterval(start: startDate, end: endDate) }
        return DateInterval(start: Date(timeIntervalSince1970: summary.mostRecentStart), end: Date(timeIntervalSince1970: summary.mostRecentEnd))
    }
}
