/// A workout's cadence as every surface shows it, live and saved: the mean of the readings that are not
/// zero (coasting left out, as Garmin and Strava show it), with the mean including zeros, the lowest and the
/// highest beside it. Readings are added as they arrive, so the dashboard's figure at the end of a ride and
/// the saved ride's are one computation.
///
/// ```swift
/// var cadence = CadenceAverage()
/// for rpm in [88.0, 0, 92] { cadence.add(rpm) }
/// cadence.turning     // 90
/// cadence.withZeros   // 60
/// ```
public struct CadenceAverage: Hashable, Sendable {
    private var sum = 0.0
    private var count = 0
    private var turningSum = 0.0
    private var turningCount = 0
    /// The lowest reading, zeros included; nil before the first.
    public private(set) var minimum: Double?
    /// The highest reading; nil before the first.
    public private(set) var maximum: Double?

    /// No readings yet.
    public init() {}

    /// Takes one reading, in revolutions (or strides) per minute; a negative or non-finite one is not a reading.
    public mutating func add(_ cadence: Double) {
        guard cadence.isFinite, cadence >= 0 else { return }
        sum += cadence
        count += 1
        if cadence > 0 {
            turningSum += cadence
            turningCount += 1
        }
        minimum = min(minimum ?? cadence, cadence)
        maximum = max(maximum ?? cadence, cadence)
    }

    /// The mean of the readings above zero; nil when there were none.
    public var turning: Double? { turningCount == 0 ? nil : turningSum / Double(turningCount) }

    /// The mean of every reading, zeros included; nil when there were none.
    public var withZeros: Double? { count == 0 ? nil : sum / Double(count) }
}
