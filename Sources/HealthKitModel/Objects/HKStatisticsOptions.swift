/// What a statistics query computes, with Apple's bit values.
///
/// Discrete options (average, minimum, maximum) apply to discrete types and
/// ``cumulativeSum`` to cumulative types; the two kinds cannot be combined.
/// ``mostRecent``, ``duration`` and ``separateBySource`` go with either.
public struct HKStatisticsOptions: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt
    /// Wraps bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Keep a value for each source as well as the merged one.
    public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
    /// The average of a discrete type.
    public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
    /// The minimum of a discrete type.
    public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
    /// The maximum of a discrete type.
    public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
    /// The sum of a cumulative type.
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
    /// The most recent value.
    public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The total time covered by the samples.
    public static let duration = HKStatisticsOptions(rawValue: 1 << 6)

    /// Apple's older name for ``mostRecent``.
    @available(*, deprecated, renamed: "mostRecent")
    public static var discreteMostRecent: HKStatisticsOptions { .mostRecent }

    package static let discreteOnly: HKStatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax]

    /// Checks the options against a type, as HealthKit does when a query runs.
    ///
    /// - Throws: ``HKError`` (``HKError/Code/errorInvalidArgument``) with Apple's message, e.g.
    ///   "Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type HKQuantityTypeIdentifierHeartRate".
    package func validate(for type: HKQuantityType) throws(HKError) {
        if type.aggregationStyle.isDiscrete, contains(.cumulativeSum) {
            throw HKError(.errorInvalidArgument, "Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type \(type.identifier)")
        }
        if !type.aggregationStyle.isDiscrete {
            let names: [(HKStatisticsOptions, String)] = [
                (.discreteAverage, "HKStatisticsOptionDiscreteAverage"),
                (.discreteMin, "HKStatisticsOptionDiscreteMin"),
                (.discreteMax, "HKStatisticsOptionDiscreteMax"),
            ]
            if let (_, name) = names.first(where: { contains($0.0) }) {
                throw HKError(.errorInvalidArgument, "Statistics option \(name) is not compatible with cumulative data type \(type.identifier)")
            }
        }
    }
}
