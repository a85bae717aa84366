/// A ride's readings as one value a second, the form every training metric is computed on.
///
/// Devices record at 1 Hz, or "smart" at irregular intervals of up to about ten seconds, and
/// sensors drop out. The series is built by one rule, the same for every metric and every
/// surface:
/// - The clock is the **moving time**: pauses (the timer stopped) are left out, so the seconds
///   of a café stop are not zeros in normalized power or the power curve.
/// - Second `k` takes the reading at `k` by **linear interpolation** between the readings either
///   side of it when they are at most ``interpolationLimit`` seconds apart (GoldenCheetah fills
///   smart-recording gaps the same way, up to 25 s).
/// - Across a longer gap the value is **zero**, except within one second after a reading, which
///   holds: a sensor silent for half a minute is treated as a rider not pedalling.
/// - Readings with no value (`nil`) or a value that is not finite are not readings.
/// - **No reading is not a reading of zero**: the series starts at the second its sensor was
///   first heard (``start``), so a power meter found two seconds into a ride does not lower its
///   average, normalized power or W′ balance by two seconds of 0 W. (GoldenCheetah counts a
///   record without power as 0 W; a head unit's average does not.)
public struct SecondSeries: Sendable, Equatable {
    /// How far apart, in seconds, two readings may be for the seconds between them to be interpolated.
    public static let interpolationLimit = 25.0

    /// One value a second; index `k` is second ``start`` + `k` of moving time.
    public var values: [Double]

    /// The second of moving time of the first value: the second in which the first reading was taken.
    public var start: Int

    /// A series of these values, one a second, the first at second `start` of moving time.
    public init(values: [Double], start: Int = 0) {
        self.values = values
        self.start = start
    }

    /// The series of readings `values` taken at `times` (seconds of moving time, never decreasing,
    /// as many as `values`), over whole seconds from the one holding the first reading to the last
    /// reading's. The second holding the first reading takes its value.
    public init(times: [Double], values: [Double?]) {
        precondition(times.count == values.count, "one time for each value")
        var accumulator = Accumulator()
        for (time, value) in zip(times, values) { accumulator.add(value, at: time) }
        self = accumulator.finished
    }

    /// Builds a ``SecondSeries`` from readings as they arrive, by the same rule as ``init(times:values:)``: each
    /// second is settled as soon as the first reading after it arrives, so a live recording and the saved ride it
    /// becomes compute one series, and the mean of the seconds settled so far is kept as they are.
    ///
    /// ```swift
    /// var power = SecondSeries.Accumulator()
    /// power.add(200, at: 0.4)      // seconds of moving time
    /// power.add(210, at: 1.4)
    /// power.mean                   // the settled seconds and the last reading's, as if the ride ended now
    /// ```
    public struct Accumulator: Sendable, Equatable {
        /// The seconds settled so far.
        public private(set) var series = SecondSeries(values: [])
        /// The last reading kept.
        private var previous: (time: Double, value: Double)?
        /// The sum of the settled seconds.
        private var sum = 0.0

        /// An empty accumulator.
        public init() {}

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.series == rhs.series && lhs.previous?.time == rhs.previous?.time && lhs.previous?.value == rhs.previous?.value
        }

        /// Takes a reading of `value` at `time` seconds of moving time; one with no value, a value or time
        /// that is not finite, a negative time or a time before the last reading's is not a reading.
        public mutating func add(_ value: Double?, at time: Double) {
            guard let value, value.isFinite, time.isFinite, time >= 0 else { return }
            guard let before = previous else {
                series.start = Int(time.rounded(.down))
                // Within the second of the first reading, before it: the reading's own value.
                if Double(series.start) < time { settle(value) }
                previous = (time, value)
                return
            }
            guard time >= before.time else { return }
            // Every second before this reading is settled now: the one before it is `before`, this is the one after.
            while Double(series.end) < time {
                let second = Double(series.end)
                let gap = time - before.time
                if second == before.time {
                    settle(before.value)
                } else if gap <= SecondSeries.interpolationLimit {
                    settle(before.value + (value - before.value) * (second - before.time) / gap)
                } else {
                    settle(second - before.time < 1 ? before.value : 0)
                }
            }
            previous = (time, value)
        }

        /// The series as if the readings ended with the last one: its second too when it fell on a whole second.
        public var finished: SecondSeries {
            guard let last = previous else { return SecondSeries(values: []) }
            var result = series
            if Double(result.end) <= last.time { result.values.append(last.value) }
            return result
        }

        /// The mean of ``finished``, without copying it; nil before the first reading.
        public var mean: Double? {
            guard let last = previous else { return nil }
            let tail = Double(series.end) <= last.time ? 1 : 0
            let count = series.values.count + tail
            return count == 0 ? nil : (sum + (tail == 1 ? last.value : 0)) / Double(count)
        }

        private mutating func settle(_ value: Double) {
            series.values.append(value)
            sum += value
        }
    }

    /// How many seconds the series covers.
    public var count: Int { values.count }

    /// The second of moving time after the last value.
    public var end: Int { start + values.count }

    /// The values of `self` and `other` over the seconds both cover, second for second (for a
    /// metric that pairs two sensors, such as power against heart rate).
    public func overlap(_ other: SecondSeries) -> (own: ArraySlice<Double>, other: ArraySlice<Double>) {
        let from = max(start, other.start), to = min(end, other.end)
        guard from < to else { return ([], []) }
        return (values[(from - start)..<(to - start)], other.values[(from - other.start)..<(to - other.start)])
    }

    /// The mean of every second from the first reading on, zeros within the series included; nil when empty.
    public var mean: Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
