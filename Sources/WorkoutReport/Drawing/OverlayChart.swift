public import WorkoutFormats
import Markup

/// Two workouts' readings drawn over each other on one chart, against time or distance from each one's start:
/// A as a solid line, B dashed, on shared axes, so a comparison shows where one ran faster or its heart worked
/// harder. Each line is drawn from at most `threshold` points chosen by largest-triangle-three-buckets and breaks
/// across pauses and gaps; axis labels carry the `tick` class, which the page's script keeps legible on a phone.
public struct OverlayChart: Sendable {
    /// What the chart shows.
    public enum Quantity: String, Sendable, CaseIterable {
        /// Heart rate, in beats per minute.
        case heartRate
        /// Speed, in km/h (or mph).
        case speed
    }

    /// The SVG element; empty when neither workout has the quantity.
    public let svg: String

    static let width = 800.0, height = 220.0, left = 44.0, right = 26.0, top = 8.0, bottom = 22.0

    /// `quantity` of `a` and `b` against `axis` (`time` or `distance`), titled `title`.
    public init(_ quantity: Quantity, a: WorkoutTimeline, b: WorkoutTimeline, againstDistance: Bool, units: ReportUnits = .metric,
                threshold: Int = 500, id: String) {
        func points(_ timeline: WorkoutTimeline) -> (x: [Double], y: [Double], t: [Double]) {
            let values = quantity == .heartRate ? timeline.heartRate : WorkoutFigures.sustainedSpeeds(timeline.speed).map { $0.map(units.speed) }
            var xs: [Double] = [], ys: [Double] = [], ts: [Double] = []
            for index in values.indices {
                guard let value = values[index], !timeline.isPaused(at: timeline.elapsed[index]) else { continue }
                xs.append(againstDistance ? units.distance(timeline.distance[index]) : timeline.moving[index])
                ys.append(value)
                ts.append(timeline.elapsed[index])
            }
            let kept = LargestTriangleThreeBuckets.indices(x: xs, y: ys, threshold: threshold)
            return (kept.map { xs[$0] }, kept.map { ys[$0] }, kept.map { ts[$0] })
        }
        let lines = [points(a), points(b)]
        let all = lines.flatMap(\.y)
        guard let low = all.min(), let high = all.max() else {
            svg = ""
            return
        }
        let xUpper = max(lines.compactMap { $0.x.last }.max() ?? 1, againstDistance ? 0.001 : 1)
        let ticks = AxisTicks(lower: max(0, low - (high - low) * 0.05), upper: high + (high - low) * 0.05, count: 4)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func px(_ value: Double) -> Double { Self.left + value / xUpper * plotWidth }
        func py(_ value: Double) -> Double { Self.top + (1 - (value - ticks.lower) / (ticks.upper - ticks.lower)) * plotHeight }
        let unit = quantity == .heartRate ? "bpm" : units.speedSymbol
        let name = quantity == .heartRate ? "Heart rate" : "Speed"
        let against = againstDistance ? "distance (\(units.distanceSymbol))" : "moving time"
        var out = "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-labelledby=\"\(id)-title\" id=\"\(id)\">"
        out += "<title id=\"\(id)-title\">\(name) (\(unit)) of A (solid) and B (dashed) against \(against)</title>"
        for tick in ticks.values {
            let y = ReportText.number(py(tick))
            out += "<line class=\"grid\" x1=\"\(Int(Self.left))\" x2=\"\(Int(Self.width - Self.right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            out += "<text class=\"tick\" x=\"\(Int(Self.left - 4))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(ReportText.number(tick, decimals: 0))</text>"
        }
        let xTicks = againstDistance ? AxisTicks(lower: 0, upper: xUpper, count: 6).values.filter { $0 <= xUpper } : AxisTicks.time(upTo: xUpper)
        for tick in xTicks {
            let label = againstDistance ? ReportText.number(tick, decimals: 1) : ReportText.duration(tick)
            out += "<text class=\"tick\" x=\"\(ReportText.number(px(tick)))\" y=\"\(Int(Self.height - 6))\" text-anchor=\"middle\">\(label)</text>"
        }
        for (index, line) in lines.enumerated() {
            var path = ""
            for point in line.x.indices {
                // A gap of over a minute between drawn points (a pause, a lost sensor) breaks the line.
                let breaks = point == 0 || line.t[point] - line.t[point - 1] > 60
                path += (breaks ? "M" : "L") + ReportText.number(px(line.x[point])) + "," + ReportText.number(py(line.y[point]))
            }
            out += "<path class=\"overlay overlay-\(index == 0 ? "a" : "b")\" data-points=\"\(line.x.count)\" d=\"\(path)\"/>"
        }
        svg = out + "</svg>"
    }
}
