import Foundation

/// The numbers behind an ``HKStatistics``, in the type's canonical unit.
struct StatisticValues: Sendable, Equatable, Codable {
    var sum: Double?
    var average: Double?
    var minimum: Double?
    var maximum: Double?
    var mostRecent: Double?
    var mostRecentInterval: DateInterval?
    var duration: Double?

    var isEmpty: Bool {
        sum == nil && average == nil && minimum == nil && maximum == nil && mostRecent == nil && duration == nil
    }
}
