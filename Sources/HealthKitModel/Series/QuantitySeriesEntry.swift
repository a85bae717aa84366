package import Foundation

/// One quantity of a sample as a series query gives it: the value with its
/// interval and the sample it belongs to.
package struct QuantitySeriesEntry: Sendable {
    package let quantity: HKQuantity
    package let start: Double
    package let end: Double
    package let sample: HKQuantitySample

    /// An entry of `sample`'s series: `quantity` over `start`…`end` (seconds since 1970).
    package init(quantity: HKQuantity, start: Double, end: Double, sample: HKQuantitySample) {
        self.quantity = quantity
        self.start = start
        self.end = end
        self.sample = sample
    }

    package var dateInterval: DateInterval {
        DateInterval(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end))
    }
}
