/// A climb on a course, found from its altitudes: where it starts and ends, how high it rises, and its category.
///
/// The profile is resampled every ``step`` metres by distance and smoothed with a ``smoothing``-metre moving
/// mean (the ends' altitudes standing in beyond them), so GPS altitude noise neither makes nor breaks a climb. A climb runs from a low point to the next high
/// point between which the road never drops more than ``allowedDrop`` metres; it counts when its score, length
/// in metres × average grade in %, is at least 8,000 (as Garmin's ClimbPro and the peers score them):
/// category 4 from 8,000, 3 from 16,000, 2 from 32,000, 1 from 64,000, and beyond category from 80,000.
public struct Climb: Sendable, Equatable {
    /// Metres between resampled altitudes.
    public static let step = 50.0
    /// The moving mean's width, in metres.
    public static let smoothing = 250.0
    /// The most a climb may drop on its way up, in metres.
    public static let allowedDrop = 10.0

    /// Where it starts, in metres along the course.
    public var start: Double
    /// Where it ends (its top), in metres along the course.
    public var end: Double
    /// Metres climbed, start to top, on the smoothed profile.
    public var gain: Double

    /// Its length in metres.
    public var length: Double { end - start }
    /// Its average grade, in %.
    public var grade: Double { length > 0 ? gain / length * 100 : 0 }
    /// Length in metres × grade in %.
    public var score: Double { length * grade }
    /// Its category: "HC" (beyond category), "1" to "4".
    public var category: String {
        switch score {
        case 80_000...: "HC"
        case 64_000...: "1"
        case 32_000...: "2"
        case 16_000...: "3"
        default: "4"
        }
    }

    /// The climbs of `course`, in order; none when it has fewer than two altitudes.
    public static func climbs(of course: Course) -> [Climb] {
        let known = course.points.compactMap { point in point.altitude.map { (point.distance, $0) } }
        guard known.count >= 2, let last = known.last?.0, last > 0 else { return [] }
        // Resampled every step by linear interpolation between the known altitudes.
        var samples: [Double] = []
        var index = 0
        var distance = 0.0
        while distance <= last {
            while index + 1 < known.count, known[index + 1].0 < distance { index += 1 }
            let (d0, a0) = known[index], (d1, a1) = known[min(index + 1, known.count - 1)]
            samples.append(d1 > d0 ? a0 + (a1 - a0) * max(0, min(1, (distance - d0) / (d1 - d0))) : a0)
            distance += step
        }
        // The moving mean over the smoothing width, centred; past the course's ends the end's altitude stands in, so a
        // climb that starts or ends there keeps its height.
        let half = Int((smoothing / step / 2).rounded())
        let lastSample = samples.count - 1
        func sample(_ index: Int) -> Double { samples[max(0, min(lastSample, index))] }
        var smoothed = [Double](repeating: 0, count: samples.count)
        var sum = (-half...half).reduce(0.0) { $0 + sample($1) }
        for center in samples.indices {
            if center > 0 { sum += sample(center + half) - sample(center - half - 1) }
            smoothed[center] = sum / Double(2 * half + 1)
        }
        // From each low point up to the next high point, allowing drops under allowedDrop.
        var climbs: [Climb] = []
        var bottom = 0, top = 0
        for point in 1..<smoothed.count {
            if smoothed[point] > smoothed[top] { top = point }
            if smoothed[point] < smoothed[top] - allowedDrop || point == smoothed.count - 1 {
                let climb = Climb(start: Double(bottom) * step, end: Double(top) * step, gain: smoothed[top] - smoothed[bottom])
                if top > bottom, climb.score >= 8_000 { climbs.append(climb) }
                bottom = point
                top = point
            } else if smoothed[point] < smoothed[bottom] || (top == bottom && smoothed[point] <= smoothed[bottom]) {
                // Lower, or still level before any rise: the climb has not begun.
                bottom = point
                top = point
            }
        }
        return climbs
    }
}
