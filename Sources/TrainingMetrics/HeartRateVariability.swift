import Foundation

/// Time-domain heart-rate variability from a strap's RR intervals: RMSSD, SDNN and pNN50.
///
/// **Artefacts.** Straps miss beats and count extra ones; one bad interval moves RMSSD by tens
/// of milliseconds, so intervals are cleaned before the figures are taken, by hrv-analysis's
/// documented pipeline (Champseix, `get_nn_intervals` with Malik's rule), in its order:
/// 1. An interval outside 300–2000 ms (200–30 bpm) is an outlier.
/// 2. Outliers are replaced by linear interpolation between the nearest intervals either side;
///    those before the first interval in range take its value, those after the last its value.
/// 3. Ectopic beats are judged on those intervals (Malik): each is compared with the next; when
///    they differ by more than 20 % of the earlier one, the next is ectopic, and the one after it
///    (the compensatory beat) is kept without being judged. The first interval is not judged.
/// 4. Ectopic beats are replaced by interpolation as in 2.
///
/// Judging ectopic beats only once the outliers are interpolated matters on a recording with many
/// artefacts: a missed beat (an interval twice as long, out of range) would otherwise make the good
/// interval after it look ectopic too.
///
/// **Figures** over the cleaned intervals: RMSSD, the root mean square of successive
/// differences; SDNN, their standard deviation with n − 1; pNN50, the percentage of successive
/// differences above 50 ms. GoldenCheetah instead drops artefacts and takes differences only
/// between three consecutive valid intervals, so its RMSSD runs a little lower where a strap
/// drops beats.
public struct HeartRateVariability: Sendable, Equatable, Codable {
    /// Root mean square of successive differences, in milliseconds.
    public var rmssd: Double
    /// Standard deviation of the intervals, in milliseconds.
    public var sdnn: Double
    /// Percentage of successive differences above 50 ms.
    public var pnn50: Double
    /// The mean interval, in milliseconds.
    public var meanInterval: Double
    /// How many intervals were read.
    public var intervals: Int
    /// How many of them were artefacts, replaced or dropped.
    public var artefacts: Int

    /// The variability of `milliseconds`, RR intervals in order; nil when fewer than three
    /// intervals are left after cleaning.
    public init?(milliseconds: [Double]) {
        let cleaned = Self.cleaned(milliseconds)
        let values = cleaned.values
        guard values.count >= 3 else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        var squares = 0.0, differences = 0.0, above50 = 0
        for index in values.indices {
            squares += (values[index] - mean) * (values[index] - mean)
            if index > 0 {
                let difference = values[index] - values[index - 1]
                differences += difference * difference
                if abs(difference) > 50 { above50 += 1 }
            }
        }
        rmssd = (differences / Double(values.count - 1)).squareRoot()
        sdnn = (squares / Double(values.count - 1)).squareRoot()
        pnn50 = Double(above50) / Double(values.count - 1) * 100
        meanInterval = mean
        intervals = milliseconds.count
        artefacts = cleaned.artefacts
    }

    /// The intervals with artefacts replaced (the rule above), and how many there were: outliers and
    /// ectopic beats.
    public static func cleaned(_ milliseconds: [Double]) -> (values: [Double], artefacts: Int) {
        let inRange = milliseconds.map { $0.isFinite && $0 >= 300 && $0 <= 2000 ? $0 : nil }
        guard let interpolated = Self.interpolated(inRange) else { return ([], milliseconds.count) }
        let outliers = inRange.count { $0 == nil }
        var normal: [Double?] = [interpolated[0]]
        normal.reserveCapacity(interpolated.count)
        var ectopic = 0
        var afterEctopic = false
        for index in 0..<(interpolated.count - 1) {
            let next = interpolated[index + 1]
            if afterEctopic {
                normal.append(next)
                afterEctopic = false
            } else if abs(interpolated[index] - next) <= 0.2 * interpolated[index] {
                normal.append(next)
            } else {
                normal.append(nil)
                ectopic += 1
                afterEctopic = true
            }
        }
        return (Self.interpolated(normal) ?? [], outliers + ectopic)
    }

    /// `values` with each missing one filled: linearly between the nearest values either side, with the
    /// first value before it and the last after it; nil when every value is missing.
    static func interpolated(_ values: [Double?]) -> [Double]? {
        guard let first = values.firstIndex(where: { $0 != nil }) else { return nil }
        var result = [Double](repeating: values[first]!, count: values.count)
        var before = first
        var index = first
        while index < values.count {
            if let value = values[index] {
                result[index] = value
                before = index
                index += 1
                continue
            }
            guard let after = values[index...].firstIndex(where: { $0 != nil }) else {
                for rest in index..<values.count { result[rest] = values[before]! }
                break
            }
            let from = values[before]!, to = values[after]!
            for gap in index..<after { result[gap] = from + (to - from) * Double(gap - before) / Double(after - before) }
            index = after
        }
        return result
    }
}
