/// Ramer–Douglas–Peucker simplification of a drawn line: drops the points that
/// lie within a tolerance of the line through the points kept around them.
///
/// A track drawn on a page needs no more points than its pixels show: with a
/// tolerance under half a pixel the simplified line cannot be told from the
/// full one, and its extremes stay within that tolerance.
enum PolylineSimplifier {
    /// The indices of the points to keep, in increasing order, the first and last among them.
    static func indices(x: [Double], y: [Double], tolerance: Double) -> [Int] {
        let count = x.count
        guard count > 2 else { return Array(0..<count) }
        var keep = [Bool](repeating: false, count: count)
        keep[0] = true
        keep[count - 1] = true
        let squaredTolerance = tolerance * tolerance
        var stack = [(0, count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let dx = x[last] - x[first], dy = y[last] - y[first]
            let length = dx * dx + dy * dy
            var farthest = first, largest = -1.0
            for index in (first + 1)..<last {
                let distance: Double
                if length == 0 {
                    let ex = x[index] - x[first], ey = y[index] - y[first]
                    distance = ex * ex + ey * ey
                } else {
                    // Squared distance to the segment (not the infinite line), so a track that turns back keeps its tip.
                    let fraction = max(0, min(1, ((x[index] - x[first]) * dx + (y[index] - y[first]) * dy) / length))
                    let ex = x[first] + fraction * dx - x[index], ey = y[first] + fraction * dy - y[index]
                    distance = ex * ex + ey * ey
                }
                if distance > largest {
                    largest = distance
                    farthest = index
                }
            }
            if largest > squaredTolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return keep.indices.filter { keep[$0] }
    }
}
