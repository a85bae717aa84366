/// Turns cumulative revolutions and event times (wheel or crank, from CSC or Cycling Power)
/// into a rate, as a pure machine fed one notification at a time. Its rules:
///
/// - **Baseline.** The first notification is a baseline only: no spike from the whole cumulative count.
/// - **Roll-over.** Counts and times wrap (uint16 crank counts and every event time at 2¹⁶, wheel counts
///   at 2³²); deltas are taken modulo.
/// - **Coasting.** A sensor that keeps notifying its last event (no new revolution) repeats the last
///   rate until the event time has stayed unchanged for at least 2 notifications *and* for longer than
///   twice the last revolution period plus ``margin`` (and at least ``stopAfter`` seconds), then reads 0:
///   never a frozen cadence. (Two notifications alone would drop a 60-rpm crank to 0 between strokes on
///   a sensor notifying at 4 Hz.) A sensor that goes silent gives no rate at all: the reading is missing,
///   which the reader of the readings shows as such.
/// - **Starting again.** The first revolution after the rate fell to 0 is a new start, not a cadence: its delta
///   spans the whole stop (one revolution over ten seconds of coasting is no 6 rpm), so it reads 0 and the next
///   revolution gives the rate.
/// - **Silence.** A notification more than ``longestGap`` seconds after the one before is a new baseline: the
///   16-bit event time wraps every 64 s (32 s for Cycling Power wheel data), so the delta across a longer
///   silence cannot be told.
/// - **Glitches.** A delta of 6,553 revolutions or more in one notification, a count that moved while the
///   event time did not, or a rate above ``maximumRate`` is dropped and counted in ``rejected``; a
///   glitch of thousands of revolutions also makes the notification the new baseline.
public struct RevolutionRate: Sendable {
    /// Ticks per second of the event time: 1024 for CSC and crank data, 2048 for Cycling Power wheel data.
    public let ticksPerSecond: Double
    /// Where the count rolls over: 2¹⁶ for crank counts, 2³² for wheel counts.
    public let countModulus: UInt64
    /// Seconds without a new event after which the rate is 0, at the least.
    public let stopAfter: Double
    /// The fastest plausible rate, in revolutions per minute: 255 for a crank (FIT's largest cadence).
    public let maximumRate: Double
    /// Seconds added to twice the last revolution period before a coasting sensor reads 0.
    public let margin: Double

    /// The longest silence across which a delta is still taken, in seconds: less than the event time's wrap.
    public var longestGap: Double { 65_536 / ticksPerSecond * 0.9 }

    /// Deltas dropped as impossible since the machine started.
    public private(set) var rejected = 0
    /// Revolutions the last notification added (0 for a baseline, a repeat or a dropped delta).
    public private(set) var lastRevolutions: UInt64 = 0

    private var last: (count: UInt64, time: UInt64)?
    private var lastRate: Double?
    private var lastPeriod: Double = 0
    private var sinceEvent: Double = 0
    private var staleNotifications = 0

    /// A machine for one sensor's wheel or crank.
    public init(ticksPerSecond: Double, countModulus: UInt64, stopAfter: Double = 2, maximumRate: Double = .infinity, margin: Double = 0.5) {
        self.ticksPerSecond = ticksPerSecond
        self.countModulus = countModulus
        self.stopAfter = stopAfter
        self.maximumRate = maximumRate
        self.margin = margin
    }

    /// Crank data from CSC or Cycling Power: 1/1024 s, uint16 counts, at most 255 rpm.
    public static func crank() -> RevolutionRate { RevolutionRate(ticksPerSecond: 1024, countModulus: 1 << 16, maximumRate: 255) }
    /// Wheel data from CSC: 1/1024 s, uint32 counts.
    public static func cscWheel(maximumRate: Double = .infinity) -> RevolutionRate {
        RevolutionRate(ticksPerSecond: 1024, countModulus: 1 << 32, maximumRate: maximumRate)
    }
    /// Wheel data from Cycling Power: 1/2048 s, uint32 counts.
    public static func powerWheel(maximumRate: Double = .infinity) -> RevolutionRate {
        RevolutionRate(ticksPerSecond: 2048, countModulus: 1 << 32, maximumRate: maximumRate)
    }

    /// A notification with no new revolution, `seconds` after the last one: the last rate, until the crank or wheel
    /// has stood still for at least 2 notifications and max(``stopAfter``, 2 periods + ``margin``); then 0.
    private mutating func noRevolution(for seconds: Double) -> Double {
        staleNotifications += 1
        sinceEvent += seconds
        if staleNotifications >= 2, sinceEvent >= max(stopAfter, 2 * lastPeriod + margin) { lastRate = 0 }
        return lastRate ?? 0
    }

    /// Takes one notification's cumulative count and event time, `secondsSinceLast` after the
    /// previous notification arrived, and answers revolutions per minute: nil for the baseline
    /// or a dropped delta, 0 once the sensor has stopped.
    public mutating func update(count: UInt64, eventTime: UInt16, secondsSinceLast: Double) -> Double? {
        let time = UInt64(eventTime)
        let count = count % countModulus
        lastRevolutions = 0
        guard let previous = last, secondsSinceLast <= longestGap else {
            last = (count, time)
            if lastRate != nil { lastRate = 0 }
            return nil
        }
        let revolutions = (count &+ countModulus &- previous.count) % countModulus
        let ticks = (time &+ (1 << 16) &- previous.time) % (1 << 16)
        last = (count, time)
        guard revolutions < 6_553 else {
            // Thousands of revolutions at once: a glitch, and this notification the new baseline.
            rejected += 1
            lastRate = nil
            return nil
        }
        guard ticks > 0 else {
            if revolutions > 0 {
                // Revolutions without a new event time: the sensor contradicts itself.
                rejected += 1
                return nil
            }
            // No new event: the last rate until the sensor has been still long enough.
            return noRevolution(for: max(0, secondsSinceLast))
        }
        let seconds = Double(ticks) / ticksPerSecond
        // A new event time without a revolution: time passes, no rate yet.
        guard revolutions > 0 else { return noRevolution(for: seconds) }
        if lastRate == 0 {
            // Starting after a stop: this revolution is the reference for the next.
            lastRate = nil
            sinceEvent = 0
            staleNotifications = 0
            return 0
        }
        let rate = Double(revolutions) / seconds * 60
        guard rate <= maximumRate else {
            rejected += 1
            return nil
        }
        lastPeriod = seconds / Double(revolutions)
        sinceEvent = 0
        staleNotifications = 0
        lastRevolutions = revolutions
        lastRate = rate
        return rate
    }
}
