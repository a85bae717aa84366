import Foundation

/// Time-domain heart-rate variability from a strap's RR intervals: RMSSD, SDNN and pNN50.
///
/// **Artefacts.** Straps miss beats and count extra ones; one bad interval moves RMSSD by tens
/// of milliseconds, so intervals are cleaned before the figures are taken, by the rule of
/// hrv-analysis (Champseix) with Malik's criterion:
/// 1. An interval outside 300–2000 ms (200–30 bpm) is an artefact.
/// 2. Each interval is checked against the one before it: it is an artefact when either is out
///    of range or they differ by more than 20 % of the earlier one. The interval after one that
///    failed this check is not checked (the compensatory beat after an ectopic one) and is kept
///    when in range.
/// 3. Artefacts are replaced by linear interpolation between the nearest kept intervals either
///    side; those after the last kept interval take its value, and those before the first are
///    dropped.
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

    /// The intervals with artefacts replaced or dropped (the rule above), and how many there were.
    public static func cleaned(_ milliseconds: [Double]) -> (values: [Double], artefacts: Int) {
        guard !milliseconds.isEmpty else { return ([], 0) }
        let inRange = milliseconds.map { $0.isFinite && $0 >= 300 && $0 <= 2000 }
        var kept = [Bool](repeating: false, count: milliseconds.count)
        kept[0] = inRange[0]
        var uncheckedNext = false
        for index in 1..<milliseconds.count {
            if uncheckedNext {
                kept[index] = inRange[index]
                uncheckedNext = false
            } else if inRange[index - 1], inRange[index], abs(milliseconds[index - 1] - milliseconds[index]) <= 0.2 * milliseconds[index - 1] {
                kept[index] = true
            } else {
                uncheckedNext = true
            }
        }
        guard let first = kept.firstIndex(of: true) else { return ([], milliseconds.count) }
        var values: [Double] = []
        values.reserveCapacity(milliseconds.count - first)
        var before = first
        for index in first..<milliseconds.count {
            if kept[index] {
                values.append(milliseconds[index])
                before = index
            } else if let after = kept[index...].firstIndex(of: true) {
                let share = Double(index - before) / Double(after - before)
                values.append(milliseconds[before] + (milliseconds[after] - milliseconds[before]) * share)
            } else {
                values.append(milliseconds[before])
            }
        }
        return (values, kept.count - kept.filter { $0 }.count)
    }
}
