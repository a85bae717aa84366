import Foundation

/// A quantity sample of a cumulative type, as returned by queries.
public final class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum of the values the sample summarises: its quantity, for one
    /// value or a series.
    public var sumQuantity: HKQuantity { quantity }
}
