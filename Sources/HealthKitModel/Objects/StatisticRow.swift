import Foundation

/// One quantity sample reduced to what statistics need: times in seconds since
/// 1970, the value in the type's canonical unit, and its source.
package struct StatisticRow: Sendable {
    package var start: Double
    package var end: Double
    package var value: Double
    package var source: Int32
    package var count: Int32 = 1

    /// A row of `value` over `start`…`end` (seconds since 1970) from source `source`, standing for `count` values.
    package init(start: Double, end: Double, value: Double, source: Int32, count: Int32 = 1) {
        self.start = start
        self.end = end
        self.value = value
        self.source = source
        self.count = count
    }

    package var isInstant: Bool { start == end }

    /// Whether the row belongs in `[lo, hi)`: an instant inside it, or an
    /// interval with a positive overlap.
    package func belongs(lo: Double, hi: Double) -> Bool {
        isInstant ? (start >= lo && start < hi) : (start < hi && end > lo)
    }

    /// The part of the row inside `[lo, hi)`, in seconds.
    package func overlap(lo: Double, hi: Double) -> Double {
        max(0, min(end, hi) - max(start, lo))
    }

    /// The share of the value that falls inside `[lo, hi)`: all of it for an
    /// instant, otherwise in proportion to the overlap.
    package func proRated(lo: Double, hi: Double) -> Double {
        isInstant ? value : value * overlap(lo: lo, hi: hi) / (end - start)
    }
}
