/// Chooses which points of a long series to draw, keeping its shape and its peaks.
///
/// Largest-Triangle-Three-Buckets (Steinarsson, 2013) keeps the first and last
/// points and splits the rest into `threshold − 2` buckets of equal count. From
/// each bucket it keeps the point that forms the largest triangle with the point
/// kept before it and the average of the next bucket, so spikes and turns
/// survive where dropping every n-th point would lose them.
///
/// One change to the published algorithm: the buckets holding the series'
/// highest and lowest values keep those points, so a drawn chart always reaches
/// the true extremes (a heart-rate peak of one second is never drawn lower than
/// it was).
///
/// ```swift
/// let kept = LargestTriangleThreeBuckets.indices(x: times, y: heartRates, threshold: 1_000)
/// let drawn = kept.map { (times[$0], heartRates[$0]) }
/// ```
public enum LargestTriangleThreeBuckets {
    /// The indices of the points to draw, in increasing order.
    ///
    /// - Parameters:
    ///   - x: The points' horizontal values, in increasing order.
    ///   - y: The points' vertical values, as many as `x`.
    ///   - threshold: How many points at most to keep; 3 or more.
    /// - Returns: Every index when the series has `threshold` points or fewer;
    ///   otherwise exactly `threshold` indices, the first and last among them.
    public static func indices(x: [Double], y: [Double], threshold: Int) -> [Int] {
        precondition(x.count == y.count, "LTTB needs as many x values as y values")
        let count = x.count
        guard threshold >= 3, count > threshold else { return Array(0..<count) }
        var kept = [Int]()
        kept.reserveCapacity(threshold)
        kept.append(0)
        let bucketSize = Double(count - 2) / Double(threshold - 2)
        var highest = 0, lowest = 0
        for index in 1..<count {
            if y[index] > y[highest] { highest = index }
            if y[index] < y[lowest] { lowest = index }
        }
        var previous = 0
        for bucket in 0..<(threshold - 2) {
            let start = Int(Double(bucket) * bucketSize) + 1
            let end = min(Int(Double(bucket + 1) * bucketSize) + 1, count - 1)
            // The average of the next bucket (the last point for the last bucket).
            let nextStart = end
            let nextEnd = min(Int(Double(bucket + 2) * bucketSize) + 1, count)
            var averageX = 0.0, averageY = 0.0
            for index in nextStart..<max(nextEnd, nextStart + 1) {
                averageX += x[index]
                averageY += y[index]
            }
            let nextCount = Double(max(nextEnd - nextStart, 1))
            averageX /= nextCount
            averageY /= nextCount
            var chosen = start
            if (start..<end).contains(highest) {
                chosen = highest
            } else if (start..<end).contains(lowest) {
                chosen = lowest
            } else {
                var largest = -1.0
                for index in start..<end {
                    let area = abs((x[previous] - averageX) * (y[index] - y[previous]) - (x[previous] - x[index]) * (averageY - y[previous]))
                    if area > largest {
                        largest = area
                        chosen = index
                    }
                }
            }
            kept.append(chosen)
            previous = chosen
        }
        kept.append(count - 1)
        return kept
    }
}
