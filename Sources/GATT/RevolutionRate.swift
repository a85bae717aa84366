/// Turns cumulative revolutions and event times (wheel or crank, from CSC or Cycling Power)
/// into a rate, as a pure machine fed one notification at a time:
///
/// - the first notification is a baseline only (no spike from the whole cumulative count);
/// - counts and times roll over (uint16 crank counts and all event times at 2¹⁶, wheel
///   counts at 2³²), deltas taken modulo;
/// - an unchanged event time with an unchanged count repeats the last rate until two event
///   periods (at least `stopAfter` seconds of sensor time across notifications) pass with no
///   new event, then the rate is 0: a sensor that keeps notifying while coasting does not
///   freeze the last cadence;
/// - a delta of 6,553 revolutions or more in one notification is a glitch, not a ride: it
///   resets the baseline.
public struct RevolutionRate: Sendable {
    /// Ticks per second of the event time: 1024 for CSC and crank data, 2048 for Cycling Power wheel data.
    public let ticksPerSecond: Double
    /// Where the count rolls over: 2¹⁶ for crank counts, 2³² for wheel counts.
    public let countModulus: UInt64
    /// Seconds without a new event after which the rate is 0, at the least.
    public let stopAfter: Double

    private var last: (count: UInt64, time: UInt64)?
    private var lastRate: Double?
    private var lastPeriod: Double = 0
    private var sinceEvent: Double = 0

    /// A machine for one sensor's wheel or crank.
    public init(ticksPerSecond: Double, countModulus: UInt64, stopAfter: Double = 2) {
        self.ticksPerSecond = ticksPerSecond
        self.countModulus = countModulus
        self.stopAfter = stopAfter
    }

    /// Crank data from CSC or Cycling Power: 1/1024 s, uint16 counts.
    public static func crank() -> RevolutionRate { RevolutionRate(ticksPerSecond: 1024, countModulus: 1 << 16) }
    /// Wheel data from CSC: 1/1024 s, uint32 counts.
    public static func cscWheel() -> RevolutionRate { RevolutionRate(ticksPerSecond: 1024, countModulus: 1 << 32) }
    /// Wheel data from Cycling Power: 1/2048 s, uint32 counts.
    public static func powerWheel() -> RevolutionRate { RevolutionRate(ticksPerSecond: 2048, countModulus: 1 << 32) }

    /// Takes one notification's cumulative count and event time, `secondsSinceLast` after the
    /// previous notification arrived, and answers revolutions per minute: nil for the baseline
    /// or after a glitch, 0 once the sensor has stopped.
    public mutating func update(count: UInt64, eventTime: UInt16, secondsSinceLast: Double) -> Double? {
        let time = UInt64(eventTime)
        guard let previous = last else {
            last = (count, time)
            return nil
        }
        let revolutions = (count &+ countModulus &- previous.count) % countModulus
        let ticks = (time &+ (1 << 16) &- previous.time) % (1 << 16)
        last = (count, time)
        guard revolutions < 6_553 else {
            lastRate = nil
            return nil
        }
        guard revolutions > 0, ticks > 0 else {
            // No new event: the last rate until the sensor has been still for two periods.
            sinceEvent += max(0, secondsSinceLast)
            if sinceEvent >= max(stopAfter, 2 * lastPeriod) { lastRate = 0 }
            return lastRate ?? 0
        }
        let seconds = Double(ticks) / ticksPerSecond
        lastPeriod = seconds / Double(revolutions)
        sinceEvent = 0
        let rate = Double(revolutions) / seconds * 60
        lastRate = rate
        return rate
    }
}
