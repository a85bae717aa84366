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
        var readings: [(time: Double, value: Double)] = []
        readings.reserveCapacity(times.count)
        for (time, value) in zip(times, values) {
            guard let value, value.isFinite, time.isFinite, time >= 0 else { continue }
            if let last = readings.last, time < last.time { continue }
            readings.append((time, value))
        }
        guard let first = readings.first, let last = readings.last else {
            self.values = []
            self.start = 0
            return
        }
        let start = Int(first.time.rounded(.down))
        let count = Int(last.time.rounded(.down)) + 1 - start
        var series = [Double](repeating: 0, count: count)
        var next = 0
        for index in 0..<count {
            let time = Double(start + index)
            while next < readings.count, readings[next].time <= time { next += 1 }
            // readings[next - 1] is at or before `time`; readings[next] after it.
            guard next > 0 else {
                // Within the second of the first reading, before it: the reading's own value.
                series[index] = first.value
                continue
            }
            let before = readings[next - 1]
            if before.time == time || next == readings.count {
                series[index] = time - before.time < 1 ? before.value : 0
                continue
            }
            let after = readings[next]
            let gap = after.time - before.time
            if gap <= Self.interpolationLimit {
                series[index] = before.value + (after.value - before.value) * (time - before.time) / gap
            } else {
                series[index] = time - before.time < 1 ? before.value : 0
            }
        }
        self.values = series
        self.start = start
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
