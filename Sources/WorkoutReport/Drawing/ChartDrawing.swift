import WorkoutFormats
import Markup
/// One chart as inline SVG, and the drawn points for the page's script.
///
/// The line is drawn from at most `threshold` points chosen by
/// ``LargestTriangleThreeBuckets``; it breaks across pauses and across gaps in
/// the data, so a lost sensor shows as a gap, not a straight line. Pauses are
/// shaded on the time axis.
struct ChartDrawing {
    static let width = 800.0
    /// A chart's height; the elevation profile under the map is lower.
    static let standardHeight = 200.0, profileHeight = 130.0
    static let left = 44.0, right = 26.0, top = 8.0, bottom = 22.0

    /// The points drawn, in data units: x (seconds or metres), y (in the series' unit) and t (seconds since the start).
    var x: [Double] = []
    var y: [Double] = []
    var t: [Double] = []
    /// The timeline's record at each drawn point.
    var records: [Int] = []
    /// The SVG element.
    var svg = HTML.empty
    /// The drawing's height in SVG units.
    let height: Double

    /// `series` against `axis`; `id` names its SVG's title (unique on the page), `height` its height.
    init(series: ChartSeries, axis: ChartAxis, timeline: WorkoutTimeline, units: ReportUnits, threshold: Int,
         id given: String? = nil, height: Double = ChartDrawing.standardHeight) {
        self.height = height
        var xs: [Double] = [], ys: [Double] = [], source: [Int] = []
        for index in series.values.indices {
            guard let value = series.values[index] else { continue }
            xs.append(axis == .time ? timeline.elapsed[index] : units.distance(timeline.distance[index]))
            ys.append(value)
            source.append(index)
        }
        let kept = LargestTriangleThreeBuckets.indices(x: xs, y: ys, threshold: threshold)
        x = kept.map { xs[$0] }
        y = kept.map { ys[$0] }
        t = kept.map { timeline.elapsed[source[$0]] }
        records = kept.map { source[$0] }
        let xUpper = axis == .time ? max(timeline.duration, xs.last ?? 0, 1) : max(units.distance(timeline.distance.last ?? 0), 0.001)
        var lowest = y.min() ?? 0, highest = y.max() ?? 1
        if series.robust, ys.count >= 50 {
            // The axis spans the 2nd to 98th percentile of every value; the line is held inside it.
            let sorted = ys.sorted()
            lowest = sorted[Int(Double(sorted.count - 1) * 0.02)]
            highest = max(sorted[Int(Double(sorted.count - 1) * 0.98)], lowest + 0.1)
            y = y.map { min(max($0, lowest), highest) }
        }
        // A quantity that is never negative (most are) has no axis below zero.
        let padded = lowest - (highest - lowest) * 0.05
        let ticks = AxisTicks(lower: lowest >= 0 ? max(0, padded) : padded, upper: highest + (highest - lowest) * 0.05, count: 4)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = height - Self.top - Self.bottom
        func px(_ value: Double) -> Double { Self.left + value / xUpper * plotWidth }
        func py(_ value: Double) -> Double {
            let fraction = (value - ticks.lower) / (ticks.upper - ticks.lower)
            return Self.top + (series.inverted ? fraction : 1 - fraction) * plotHeight
        }
        let id = given ?? "chart-\(series.key)-\(axis.rawValue)"
        let against = axis == .time ? "time" : "distance (\(units.distanceSymbol))"
        var out: HTML = "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title\">"
        out += "<title id=\"\(id)-title\">\(series.title) (\(series.unit)) against \(against)</title>"
        // The plot, which the page's script stretches across the chart's width on a narrow screen (its lines keep their
        // weight); the axis labels stay outside it, at their size, the x ones moved with it.
        out += "<g class=\"plot\">"
        for band in series.bands where band.upper > ticks.lower && band.lower < ticks.upper {
            let top = py(series.inverted ? max(band.lower, ticks.lower) : min(band.upper, ticks.upper))
            let bottom = py(series.inverted ? min(band.upper, ticks.upper) : max(band.lower, ticks.lower))
            out += "<rect class=\"band band-\(band.name.lowercased())\" x=\"\(Int(Self.left))\" y=\"\(ReportText.number(top))\" width=\"\(Int(plotWidth))\" height=\"\(ReportText.number(bottom - top))\"><title>\(band.name)</title></rect>"
        }
        if axis == .time {
            for pause in timeline.pauses {
                out += "<rect class=\"pause\" x=\"\(ReportText.number(px(pause.lowerBound)))\" y=\"\(Int(Self.top))\" width=\"\(ReportText.number(max(1, px(pause.upperBound) - px(pause.lowerBound))))\" height=\"\(Int(plotHeight))\"><title>paused \(ReportText.duration(pause.upperBound - pause.lowerBound))</title></rect>"
            }
        }
        for tick in ticks.values {
            let position = ReportText.number(py(tick))
            out += "<line class=\"grid\" x1=\"\(Int(Self.left))\" x2=\"\(Int(Self.width - Self.right))\" y1=\"\(position)\" y2=\"\(position)\"/>"
        }
        // The line, broken where a pause or a long gap lies between two drawn points.
        let gap = max(30, (timeline.elapsed.last ?? 0) / Double(max(threshold, 1)) * 4)
        var path = ""
        path.reserveCapacity(x.count * 14)
        for index in x.indices {
            let breaks = index == 0 || t[index] - t[index - 1] > gap || timeline.pauses.contains { t[index - 1] < $0.lowerBound + 0.001 && $0.upperBound - 0.001 < t[index] }
            path += breaks ? "M" : "L"
            path += ReportText.number(px(x[index]))
            path += ","
            path += ReportText.number(py(y[index]))
        }
        out += "<path class=\"series\" stroke=\"\(series.colour)\" data-points=\"\(x.count)\" d=\"\(path)\"/>"
        // Hidden until a point is shown: axis labels may draw outside the box, so it cannot wait off the edge.
        out += "<line class=\"cursor\" visibility=\"hidden\" x1=\"\(Int(Self.left))\" x2=\"\(Int(Self.left))\" y1=\"\(Int(Self.top))\" y2=\"\(Int(Self.top + plotHeight))\"/>"
        out += "<rect class=\"hit\" x=\"\(Int(Self.left))\" y=\"\(Int(Self.top))\" width=\"\(Int(plotWidth))\" height=\"\(Int(plotHeight))\" data-x-upper=\"\(ReportText.number(xUpper, decimals: 4))\"/>"
        out += "</g>"
        for tick in ticks.values {
            out += "<text class=\"tick\" x=\"\(Int(Self.left - 4))\" y=\"\(ReportText.number(py(tick)))\" text-anchor=\"end\" dominant-baseline=\"middle\">\(series.clock ? ReportText.minutes(tick) : ReportText.number(tick, decimals: series.decimals))</text>"
        }
        let xTicks = axis == .time ? AxisTicks.time(upTo: xUpper) : AxisTicks(lower: 0, upper: xUpper, count: 6).values.filter { $0 <= xUpper }
        for tick in xTicks {
            let label = axis == .time ? ReportText.duration(tick) : ReportText.number(tick, decimals: 1)
            let position = ReportText.number(px(tick))
            out += "<text class=\"tick x-tick\" x=\"\(position)\" data-x=\"\(position)\" y=\"\(Int(height - 6))\" text-anchor=\"middle\">\(label)</text>"
        }
        out += "</svg>"
        svg = out
    }
}
