package import Foundation

/// The numbers behind an ``HKStatistics``, in the type's canonical unit.
package struct StatisticValues: Sendable, Equatable, Codable {
    package var sum: Double?
    package var average: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var mostRecent: Double?
    package var mostRecentInterval: DateInterval?
    package var duration: Double?

    /// Values with the given figures; those left out are absent.
    package init(sum: Double? = nil, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil,
                 mostRecent: Double? = nil, mostRecentInterval: DateInterval? = nil, duration: Double? = nil) {
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentInterval = mostRecentInterval
        self.duration = duration
    }

    package var isEmpty: Bool {
        sum == nil && average == nil && minimum == nil && maximum == nil && mostRecent == nil && duration == nil
    }
}
