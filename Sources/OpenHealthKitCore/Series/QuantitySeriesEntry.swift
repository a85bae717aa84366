import Foundation

/// One quantity of a sample as a series query gives it: the value with its
/// interval and the sample it belongs to.
struct QuantitySeriesEntry: Sendable {
    let quantity: HKQuantity
    let start: Double
    let end: Double
    let sample: HKQuantitySample

    var dateInterval: DateInterval {
        DateInterval(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end))
    }
}
