/// How samples of a quantity type combine, with Apple's raw values.
///
/// Cumulative types (steps, energy, distance) are summed; discrete types are
/// averaged, with a minimum and maximum.
public enum HKQuantityAggregationStyle: Int, Sendable, CaseIterable {
    /// Values add up over time: sum, pro-rated over partial overlaps.
    case cumulative = 0
    /// Values are averaged arithmetically: each sample counts once.
    case discreteArithmetic = 1
    /// Values are averaged weighted by the time each value held.
    case discreteTemporallyWeighted = 2
    /// Sound levels: the equivalent continuous level (energy average of decibels).
    case discreteEquivalentContinuousLevel = 3

    /// Apple's older name for ``discreteArithmetic``.
    @available(*, deprecated, renamed: "discreteArithmetic")
    public static var discrete: HKQuantityAggregationStyle { .discreteArithmetic }

    /// Whether the style is one of the discrete ones.
    public var isDiscrete: Bool { self != .cumulative }
}
