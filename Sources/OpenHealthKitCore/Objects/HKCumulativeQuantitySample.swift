import Foundation

/// A quantity sample of a cumulative type, as returned by queries.
public final class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum of the values the sample summarises: its quantity.
    public var sumQuantity: HKQuantity { quantity }
}
