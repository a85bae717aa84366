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
public final class HKStatistics: NSObject, NSSecureCoding, @unchecked Sendable {
    // Every stored property is an immutable `let` of a value type or an immutable class.

    /// The type the statistics are about.
    public let quantityType: HKQuantityType
    /// The start of the interval.
    public let startDate: Date
    /// The end of the interval.
    public let endDate: Date
    /// The sources that contributed, when ``HKStatisticsOptions/separateBySource`` was set.
    public let sources: [HKSource]?

    package let merged: StatisticValues
    package let bySource: [String: StatisticValues]

    package init(type: HKQuantityType, start: Date, end: Date, merged: StatisticValues, bySource: [String: StatisticValues]?, sources: [HKSource]?) {
        self.quantityType = type
        self.startDate = start
        self.endDate = end
        self.merged = merged
        self.bySource = bySource ?? [:]
        self.sources = sources
        super.init()
    }

    /// What an archive holds: everything but the type, by identifier.
    private struct Archive: Codable {
        var type: String
        var start: Date
        var end: Date
        var merged: StatisticValues
        var bySource: [String: StatisticValues]
        var sources: [HKSource]?
    }

    /// Archives are read with secure coding, as HealthKit's are.
    public static var supportsSecureCoding: Bool { true }

    /// Writes the statistics for `NSKeyedArchiver`: an app sends them to its companion so.
    public func encode(with coder: NSCoder) {
        let archive = Archive(type: quantityType.identifier, start: startDate, end: endDate, merged: merged, bySource: bySource, sources: sources)
        if let data = try? JSONEncoder().encode(archive) { coder.encode(data as NSData, forKey: "statistics") }
    }

    /// Reads statistics `encode(with:)` wrote; nil for an archive of another kind or an unknown type.
    public init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: "statistics") as Data?,
              let archive = try? JSONDecoder().decode(Archive.self, from: data),
              let type = HKObjectType.from(identifier: archive.type) as? HKQuantityType else { return nil }
        quantityType = type
        startDate = archive.start
        endDate = archive.end
        merged = archive.merged
        bySource = archive.bySource
        sources = archive.sources
        super.init()
    }

    /// The type, the interval and every figure it holds, for the debugger and logs.
    public override var debugDescription: String {
        let unit = quantityType.canonicalUnit
        var parts = ["\(quantityType.identifier)", "\(startDate.formatted(.iso8601)) – \(endDate.formatted(.iso8601))"]
        for (name, value) in [("sum", merged.sum), ("average", merged.average), ("minimum", merged.minimum), ("maximum", merged.maximum),
                              ("most recent", merged.mostRecent)] {
            if let value { parts.append("\(name) \(HKQuantity(unit: unit, doubleValue: value))") }
        }
        if let duration = merged.duration { parts.append("duration \(duration) s") }
        return "<HKStatistics " + parts.joined(separator: ", ") + ">"
    }

    /// As ``debugDescription``.
    public override var description: String { debugDescription }

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

