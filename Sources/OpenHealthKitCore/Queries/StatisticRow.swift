import Foundation

/// One quantity sample reduced to what statistics need: times in seconds since
/// 1970, the value in the type's canonical unit, and its source.
struct StatisticRow: Sendable {
    var start: Double
    var end: Double
    var value: Double
    var source: Int32
    var count: Int32 = 1

    var isInstant: Bool { start == end }

    /// Whether the row belongs in `[lo, hi)`: an instant inside it, or an
    /// interval with a positive overlap.
    func belongs(lo: Double, hi: Double) -> Bool {
        isInstant ? (start >= lo && start < hi) : (start < hi && end > lo)
    }

    /// The part of the row inside `[lo, hi)`, in seconds.
    func overlap(lo: Double, hi: Double) -> Double {
        max(0, min(end, hi) - max(start, lo))
    }

    /// The share of the value that falls inside `[lo, hi)`: all of it for an
    /// instant, otherwise in proportion to the overlap.
    func proRated(lo: Double, hi: Double) -> Double {
        isInstant ? value : value * overlap(lo: lo, hi: hi) / (end - start)
    }
}
