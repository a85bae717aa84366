/// A sensor's side of revolutions: turns a rate over time into the cumulative count and last event time a CSC
/// sensor or power meter notifies, for simulated sensors and for tests that play a real ride's cadence and speed
/// back as notifications.
///
/// Revolutions are counted whole: the count is the whole revolutions completed so far, and the event time is
/// when the last of them completed (interpolated within the interval), in ticks of `ticksPerSecond`, rolling
/// over at 2¹⁶; the count rolls over at ``countModulus``.
public struct RevolutionEvents: Sendable {
    /// Ticks per second of the event time: 1024 for CSC and crank data, 2048 for Cycling Power wheel data.
    public let ticksPerSecond: Double
    /// Where the count rolls over: 2¹⁶ for crank counts, 2³² for wheel counts.
    public let countModulus: UInt64

    /// Revolutions so far, with their fraction.
    private var revolutions: Double
    /// Seconds so far.
    private var seconds = 0.0
    /// When the last whole revolution completed, in seconds.
    private var lastEvent = 0.0

    /// A sensor whose count starts at `revolutions`.
    public init(ticksPerSecond: Double, countModulus: UInt64, revolutions: Double = 0) {
        self.ticksPerSecond = ticksPerSecond
        self.countModulus = countModulus
        self.revolutions = revolutions
    }

    /// `seconds` more at `perMinute` revolutions a minute: the count and last event time to notify.
    public mutating func advance(by interval: Double, perMinute rate: Double) -> (count: UInt64, eventTime: UInt16) {
        let before = revolutions.rounded(.down)
        let added = max(0, rate) / 60 * max(0, interval)
        revolutions += added
        let after = revolutions.rounded(.down)
        if after > before, added > 0 {
            // The last whole revolution completed this far into the interval.
            let fraction = 1 - (revolutions - after) / added
            lastEvent = seconds + interval * min(1, max(0, fraction))
        }
        seconds += max(0, interval)
        let count = UInt64(after.truncatingRemainder(dividingBy: Double(countModulus)))
        let ticks = UInt64((lastEvent * ticksPerSecond).rounded(.down)) % (1 << 16)
        return (count, UInt16(ticks))
    }
}
