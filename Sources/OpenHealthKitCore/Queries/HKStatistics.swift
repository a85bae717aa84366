public import Foundation

/// Statistics over the samples of one quantity type in one interval.
///
/// An accessor whose option was not requested returns `nil`; per-source values
/// need ``HKStatisticsOptions/separateBySource``.
///
/// ```swift
/// let stats: HKStatistics = …
/// stats.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min"))
/// stats.sumQuantity(for: source)
/// ```
public final class HKStatistics: Sendable {
    /// The type the statistics are about.
    public let quantityType: HKQuantityType
    /// The start of the interval.
    public let startDate: Date
    /// The end of the interval.
    public let endDate: Date
    /// The sources that contributed, when ``HKStatisticsOptions/separateBySource`` was set.
    public let sources: [HKSource]?

    let merged: StatisticValues
    let bySource: [String: StatisticValues]

    init(type: HKQuantityType, start: Date, end: Date, merged: StatisticValues, bySource: [String: StatisticValues]?, sources: [HKSource]?) {
        self.quantityType = type
        self.startDate = start
        self.endDate = end
        self.merged = merged
        self.bySource = bySource ?? [:]
        self.sources = sources
    }

    private func quantity(_ value: Double?) -> HKQuantity? {
        value.map { HKQuantity(unit: quantityType.canonicalUnit, doubleValue: $0) }
    }

    /// The sum, for cumulative types.
    public func sumQuantity() -> HKQuantity? { quantity(merged.sum) }
    /// The average, for discrete types.
    public func averageQuantity() -> HKQuantity? { quantity(merged.average) }
    /// The minimum, for discrete types.
    public func minimumQuantity() -> HKQuantity? { quantity(merged.minimum) }
    /// The maximum, for discrete types.
    public func maximumQuantity() -> HKQuantity? { quantity(merged.maximum) }
    /// The latest value.
    public func mostRecentQuantity() -> HKQuantity? { quantity(merged.mostRecent) }
    /// When the latest value was measured.
    public func mostRecentQuantityDateInterval() -> DateInterval? { merged.mostRecentInterval }
    /// The time covered by the samples, in seconds.
    public func duration() -> HKQuantity? { merged.duration.map { HKQuantity(unit: .second(), doubleValue: $0) } }

    /// The sum from one source.
    public func sumQuantity(for source: HKSource) -> HKQuantity? { quantity(bySource[source.bundleIdentifier]?.sum) }
    /// The average from one source.
    public func averageQuantity(for source: HKSource) -> HKQuantity? { quantity(bySource[source.bundleIdentifier]?.average) }
    /// The minimum from one source.
    public func minimumQuantity(for source: HKSource) -> HKQuantity? { quantity(bySource[source.bundleIdentifier]?.minimum) }
    /// The maximum from one source.
    public func maximumQuantity(for source: HKSource) -> HKQuantity? { quantity(bySource[source.bundleIdentifier]?.maximum) }
    /// The latest value from one source.
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? { quantity(bySource[source.bundleIdentifier]?.mostRecent) }
    /// When the latest value from one source was measured.
    public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? { bySource[source.bundleIdentifier]?.mostRecentInterval }
    /// The time covered by one source's samples.
    public func duration(for source: HKSource) -> HKQuantity? {
        bySource[source.bundleIdentifier]?.duration.map { HKQuantity(unit: .second(), doubleValue: $0) }
    }
}

