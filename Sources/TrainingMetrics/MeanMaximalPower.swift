/// The mean-maximal power curve: for each duration, the highest average power held for that long.
///
/// **Durations.** The curve is exact at every whole second from 1 s to 20 minutes (the range
/// critical power is fitted on), then at steps of 1 % of the duration (rounded down to a whole second) up to the ride's length,
/// at the durations records name beyond 20 minutes (``recordDurations``: 30, 60, 90 and 120 minutes) and at
/// the ride's length itself. Between two steps beyond 20 minutes the true value lies
/// between the two steps' values; ``watts(at:)`` answers with the longer step's, which never
/// overstates.
///
/// **Cost.** Each duration takes one pass over the prefix sums of work (O(n)), and there are
/// O(log n) durations beyond the fixed 1,200: O(n log n) in all, about 1,650 passes for a 10-hour
/// ride. An exact value at every second to 10 hours would take 36,000 passes.
///
/// **Shape.** Raw mean-maximal power can rise with duration (10, 0, 10 W averages 6.7 W over three
/// seconds but 5 W over two). The curve is the envelope that never rises: each point takes
/// the best of itself and every longer point, as GoldenCheetah and sweat (`monotonic=True`)
/// draw it. This is the one definition of "best power over a duration" on every surface: the
/// power curve, `workout fitness`, the report's best efforts and the records all give the best
/// average power **held for at least** that long (``bestHeld(_:in:curve:)`` finds its stretch).
public struct MeanMaximalPower: Sendable, Equatable, Codable {
    /// Durations up to this, in seconds, are each on the curve.
    public static let everySecondUpTo = 1200

    /// Durations beyond ``everySecondUpTo`` that are always on the curve, exact: those records and best
    /// efforts name.
    public static let recordDurations = [1_800, 3_600, 5_400, 7_200]

    /// The durations on the curve, in seconds, increasing.
    public var durations: [Int]
    /// The highest average power held for each duration, in watts; never increasing.
    public var watts: [Double]

    /// A curve of these points.
    public init(durations: [Int], watts: [Double]) {
        self.durations = durations
        self.watts = watts
    }

    /// The curve of `watts`, one value a second.
    public init(watts power: [Double]) {
        let work = Self.work(power)
        let durations = Self.durations(upTo: power.count)
        var best = durations.map { Self.bestWork(over: $0, work: work) / Double($0) }
        // The envelope that never rises with duration.
        var running = -Double.infinity
        for index in best.indices.reversed() {
            running = max(running, best[index])
            best[index] = running
        }
        self.durations = durations
        self.watts = best
    }

    /// The durations the curve of a ride of `length` seconds holds.
    public static func durations(upTo length: Int) -> [Int] {
        guard length > 0 else { return [] }
        var durations = Array(1...min(length, everySecondUpTo))
        var duration = everySecondUpTo
        while true {
            duration += duration / 100
            if duration >= length { break }
            durations.append(duration)
        }
        if durations.last != length { durations.append(length) }
        let steps = Set(durations)
        let named = recordDurations.filter { $0 > everySecondUpTo && $0 < length && !steps.contains($0) }
        return named.isEmpty ? durations : (durations + named).sorted()
    }

    /// The curve's value for `seconds`: the exact point, or the next longer one on the curve;
    /// nil beyond the ride's length.
    public func watts(at seconds: Int) -> Double? {
        var low = 0, high = durations.count
        while low < high {
            let middle = (low + high) / 2
            if durations[middle] < seconds { low = middle + 1 } else { high = middle }
        }
        return low < durations.count ? watts[low] : nil
    }

    /// The best of this curve and `other`, duration by duration, over the durations either holds.
    public func merged(with other: MeanMaximalPower) -> MeanMaximalPower {
        var points: [Int: Double] = [:]
        for (duration, value) in zip(durations, watts) { points[duration] = value }
        for (duration, value) in zip(other.durations, other.watts) { points[duration] = max(points[duration] ?? 0, value) }
        let durations = points.keys.sorted()
        var values = durations.map { points[$0]! }
        var running = -Double.infinity
        for index in values.indices.reversed() {
            running = max(running, values[index])
            values[index] = running
        }
        return MeanMaximalPower(durations: durations, watts: values)
    }

    /// The best average power held for at least `seconds` in `watts` — the curve's point (`curve`, the
    /// curve of `watts`) — with the stretch that holds it: the shortest duration on the curve from `seconds`
    /// on whose own best reaches the point, where it starts, and how long it is. Nil when the series is
    /// shorter.
    public static func bestHeld(_ seconds: Int, in watts: [Double], curve: MeanMaximalPower) -> (average: Double, start: Int, seconds: Int)? {
        guard seconds > 0, watts.count >= seconds, let point = curve.watts(at: seconds) else { return nil }
        let work = Self.work(watts)
        for duration in curve.durations where duration >= seconds {
            guard let found = best(duration, work: work, count: watts.count) else { break }
            // The point is the best of these durations' own bests: the first to reach it holds it (to rounding).
            if found.average >= point - 1e-9 * max(1, abs(point)) { return (point, found.start, duration) }
        }
        return best(seconds, work: work, count: watts.count).map { ($0.average, $0.start, seconds) }
    }

    /// The highest average power over `seconds` of `watts` and the second it starts at; nil when
    /// the series is shorter.
    public static func best(_ seconds: Int, in watts: [Double]) -> (average: Double, start: Int)? {
        best(seconds, work: Self.work(watts), count: watts.count)
    }

    private static func best(_ seconds: Int, work: [Double], count: Int) -> (average: Double, start: Int)? {
        guard seconds > 0, count >= seconds else { return nil }
        var best = -Double.infinity, start = 0
        for first in 0...(count - seconds) {
            let done = work[first + seconds] - work[first]
            if done > best {
                best = done
                start = first
            }
        }
        return (best / Double(seconds), start)
    }

    /// Joules done before each second, with the total last (one more value than seconds).
    static func work(_ watts: [Double]) -> [Double] {
        var work = [Double](repeating: 0, count: watts.count + 1)
        var total = 0.0
        for (index, value) in watts.enumerated() {
            total += value
            work[index + 1] = total
        }
        return work
    }

    /// The most work done in any `seconds` in a row: four windows at a time in SIMD lanes, two
    /// accumulators deep, then the rest one by one.
    static func bestWork(over seconds: Int, work: [Double]) -> Double {
        work.withUnsafeBufferPointer { work -> Double in
            let count = work.count - seconds
            guard count > 0, let base = work.baseAddress else { return -.infinity }
            let raw = UnsafeRawPointer(base)
            let stride = MemoryLayout<Double>.stride
            var first = SIMD4<Double>(repeating: -.infinity), second = first
            var index = 0
            while index + 8 <= count {
                let a = raw.loadUnaligned(fromByteOffset: (index + seconds) * stride, as: SIMD4<Double>.self)
                    - raw.loadUnaligned(fromByteOffset: index * stride, as: SIMD4<Double>.self)
                let b = raw.loadUnaligned(fromByteOffset: (index + 4 + seconds) * stride, as: SIMD4<Double>.self)
                    - raw.loadUnaligned(fromByteOffset: (index + 4) * stride, as: SIMD4<Double>.self)
                first = pointwiseMax(first, a)
                second = pointwiseMax(second, b)
                index += 8
            }
            var best = pointwiseMax(first, second).max()
            while index < count {
                best = Swift.max(best, work[index + seconds] - work[index])
                index += 1
            }
            return best
        }
    }
}
