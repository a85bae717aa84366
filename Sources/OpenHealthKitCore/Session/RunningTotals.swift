import Foundation

/// Statistics kept up to date one instantaneous sample at a time.
struct RunningTotals: Sendable {
    var sum = 0.0
    var weightedSum = 0.0
    var weight = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var mostRecent: StatisticRow?

    /// Counts `row`.
    mutating func add(_ row: StatisticRow) {
        sum += row.value
        weightedSum += row.value * Double(row.count)
        weight += Double(row.count)
        minimum = min(minimum, row.value)
        maximum = max(maximum, row.value)
        // Keep the first of equally recent rows, as the row calculator does.
        if let latest = mostRecent, !((latest.end, latest.start) < (row.end, row.start)) { return }
        mostRecent = row
    }

    /// The statistics so far: the sum for a cumulative type, else average,
    /// minimum and maximum; the most recent value either way.
    func values(cumulative: Bool) -> StatisticValues? {
        guard let latest = mostRecent else { return nil }
        var values = StatisticValues()
        if cumulative {
            values.sum = sum
        } else {
            values.average = weightedSum / weight
            values.minimum = minimum
            values.maximum = maximum
        }
        values.mostRecent = latest.value
        values.mostRecentInterval = DateInterval(start: Date(timeIntervalSince1970: latest.start), end: Date(timeIntervalSince1970: latest.end))
        return values
    }

    /// Whether a type's statistics can be kept this way.
    static func supports(_ type: HKQuantityType) -> Bool {
        type.aggregationStyle == .cumulative || type.aggregationStyle == .discreteArithmetic
    }
}
