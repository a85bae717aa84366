/// Climb and descent with hysteresis: altitude must move more than the
/// threshold away from the last reference level before it counts.
///
/// Raw sums of noisy altitudes overcount badly (0.5 m of noise at 1 Hz turned a
/// true 1,037 m into 10,295 m in the peers' measurements; a 3 m threshold gave
/// 1,030 m). The threshold defaults to 3 m, as GoldenCheetah's does.
///
/// Readings that ``AltitudeSpikeFilter`` refuses (an altitude no rider could
/// reach from the last one in the time between) are left out before the
/// hysteresis, so a receiver's spike adds neither climb nor descent.
public struct ElevationGain: Hashable, Sendable {
    /// How far altitude must move from the reference before it counts, in metres.
    public let threshold: Double
    /// Metres climbed so far.
    public private(set) var ascended: Double = 0
    /// Metres descended so far.
    public private(set) var descended: Double = 0
    private var reference: Double?
    private var spikes = AltitudeSpikeFilter()

    /// An accumulator with `threshold` metres of hysteresis.
    public init(threshold: Double = 3) {
        precondition(threshold >= 0, "The hysteresis threshold cannot be negative")
        self.threshold = threshold
    }

    /// Adds an altitude reading taken at `time` seconds (any fixed origin,
    /// in order); non-finite readings and spikes are ignored.
    public mutating func add(altitude: Double, at time: Double) {
        guard spikes.keeps(altitude: altitude, at: time) else { return }
        guard let level = reference else {
            reference = altitude
            return
        }
        if altitude > level + threshold {
            ascended += altitude - level
            reference = altitude
        } else if altitude < level - threshold {
            descended += level - altitude
            reference = altitude
        }
    }
}
