public import Foundation

/// A quantity sample of a discrete type, as returned by queries.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The smallest value summarised.
    public var minimumQuantity: HKQuantity { quantity }
    /// The average of the values summarised.
    public var averageQuantity: HKQuantity { quantity }
    /// The largest value summarised.
    public var maximumQuantity: HKQuantity { quantity }
    /// The latest value summarised.
    public var mostRecentQuantity: HKQuantity { quantity }
    /// The interval of the latest value.
    public var mostRecentQuantityDateInterval: DateInterval { DateInterval(start: startDate, end: endDate) }
}
