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
public struct SecondSeries: Sendable, Equatable {
    /// How far apart, in seconds, two readings may be for the seconds between them to be interpolated.
    public static let interpolationLimit = 25.0

    /// One value a second; index `k` is second `k` of moving time.
    public var values: [Double]

    /// A series of these values, one a second.
    public init(values: [Double]) {
        self.values = values
    }

    /// The series of readings `values` taken at `times` (seconds of moving time, never decreasing,
    /// as many as `values`), over whole seconds from 0 to the last reading's time.
    public init(times: [Double], values: [Double?]) {
        precondition(times.count == values.count, "one time for each value")
        var readings: [(time: Double, value: Double)] = []
        readings.reserveCapacity(times.count)
        for (time, value) in zip(times, values) {
            guard let value, value.isFinite, time.isFinite, time >= 0 else { continue }
            if let last = readings.last, time < last.time { continue }
            readings.append((time, value))
        }
        guard let last = readings.last else {
            self.values = []
            return
        }
        let count = Int(last.time.rounded(.down)) + 1
        var series = [Double](repeating: 0, count: count)
        var next = 0
        for second in 0..<count {
            let time = Double(second)
            while next < readings.count, readings[next].time <= time { next += 1 }
            // readings[next - 1] is at or before `time`; readings[next] after it.
            guard next > 0 else {
                // Before the first reading: interpolated towards it only from a reading, so nothing here.
                continue
            }
            let before = readings[next - 1]
            if before.time == time || next == readings.count {
                series[second] = time - before.time < 1 ? before.value : 0
                continue
            }
            let after = readings[next]
            let gap = after.time - before.time
            if gap <= Self.interpolationLimit {
                series[second] = before.value + (after.value - before.value) * (time - before.time) / gap
            } else {
                series[second] = time - before.time < 1 ? before.value : 0
            }
        }
        self.values = series
    }

    /// How many seconds the series covers.
    public var count: Int { values.count }

    /// The mean of every second, zeros included; nil when empty.
    public var mean: Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
