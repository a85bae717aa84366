import Foundation

/// What a quantity series sample says of its values without reading them:
/// the sum, the extremes, the average and the most recent value with its
/// interval, in the type's canonical unit.
///
/// Stored with the sample's row, so that a sample query gives a series'
/// ``HKDiscreteQuantitySample/averageQuantity`` or
/// ``HKCumulativeQuantitySample/sumQuantity`` without decoding its chunks.
package struct QuantitySeriesSummary: Codable, Sendable, Equatable {
    package var sum: Double
    package var minimum: Double
    package var maximum: Double
    package var average: Double
    package var mostRecent: Double
    package var mostRecentStart: Double
    package var mostRecentEnd: Double

    /// How many values it summarises.
    package var count: Int

    /// The summary of one value.
    package init(_ row: StatisticRow) {
        sum = row.value
        minimum = row.value
        maximum = row.value
        average = row.value
        mostRecent = row.value
        mostRecentStart = row.start
        mostRecentEnd = row.end
        count = 1
    }

    /// The summary of `rows`, which are in order of start; `nil` for no rows.
    /// The most recent value is the last of those with the latest start.
    package init?(_ rows: some Collection<StatisticRow>) {
        guard let first = rows.first else { return nil }
        self.init(first)
        for row in rows.dropFirst() { add(row) }
    }

    /// Adds one value, which starts no earlier than those before it.
    package mutating func add(_ row: StatisticRow) {
        sum += row.value
        if row.value < minimum { minimum = row.value }
        if row.value > maximum { maximum = row.value }
        if row.start >= mostRecentStart {
            mostRecent = row.value
            mostRecentStart = row.start
            mostRecentEnd = row.end
        }
        count += 1
        average = sum / Double(count)
    }

    /// The value a sample of `style` shows as its quantity: the sum of a
    /// cumulative series, the most recent value of a discrete one.
    package func value(for style: HKQuantityAggregationStyle) -> Double {
        style == .cumulative ? sum : mostRecent
    }
}
