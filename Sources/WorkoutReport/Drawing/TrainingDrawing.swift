public import Markup
public import TrainingMetrics

/// Training charts as SVG for pages beyond a single workout's report: the power curve (the ride's
/// against a best, or a season's) and the training-load chart.
public enum TrainingDrawing {
    /// One day of a training-load chart.
    public struct Day: Sendable {
        /// The day, `2026-03-01`, as labels say it.
        public var date: String
        /// The day's stress.
        public var stress: Double
        /// Chronic training load.
        public var fitness: Double
        /// Acute training load.
        public var fatigue: Double
        /// Yesterday's fitness minus yesterday's fatigue.
        public var form: Double

        /// A day with these figures.
        public init(date: String, stress: Double, fitness: Double, fatigue: Double, form: Double) {
            self.date = date
            self.stress = stress
            self.fitness = fitness
            self.fatigue = fatigue
            self.form = form
        }
    }

    /// A power curve on a logarithmic duration axis, over `best` (dashed) when given.
    public static func powerCurve(_ curve: MeanMaximalPower, best: MeanMaximalPower? = nil, bestLabel: String? = nil) -> HTML {
        PowerCurveDrawing(curve: curve, best: best, bestLabel: bestLabel).svg
    }

    /// Fitness, fatigue and form over `days`, with each day's stress as a bar.
    public static func trainingLoad(_ days: [Day]) -> HTML {
        TrainingLoadDrawing(days: days).svg
    }
}

/// The training-load chart: fitness (CTL) and fatigue (ATL) as lines, form (TSB) as a line about its own
/// zero, and each day's stress as a bar, on one axis of load.
struct TrainingLoadDrawing {
    static let width = 720.0, height = 300.0
    static let left = 44.0, right = 12.0, top = 12.0, bottom = 28.0

    let svg: HTML

    init(days: [TrainingDrawing.Day]) {
        let highest = max(days.map { max($0.fitness, $0.fatigue) }.max() ?? 1, 1)
        let lowest = min(days.map(\.form).min() ?? 0, 0)
        let ticks = AxisTicks(lower: lowest, upper: max(highest, days.map(\.stress).max() ?? 0) * 1.05, count: 5)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        let step = plotWidth / Double(max(days.count, 1))
        func px(_ index: Int) -> Double { Self.left + (Double(index) + 0.5) * step }
        func py(_ value: Double) -> Double { Self.top + (1 - (value - ticks.lower) / (ticks.upper - ticks.lower)) * plotHeight }
        var out: HTML = "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-labelledby=\"load-title\">"
        out += "<title id=\"load-title\">Fitness, fatigue and form from \(days.first?.date ?? "") to \(days.last?.date ?? "")</title>"
        for tick in ticks.values {
            let y = ReportText.number(py(tick))
            out += "<line class=\"grid\" x1=\"\(Int(Self.left))\" x2=\"\(Int(Self.width - Self.right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            out += "<text class=\"tick\" x=\"\(Int(Self.left - 4))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(ReportText.number(tick, decimals: 0))</text>"
        }
        // Month starts as labels (at most about eight).
        let labelEvery = max(1, days.count / 8)
        for (index, day) in days.enumerated() where index % labelEvery == 0 {
            out += "<text class=\"tick\" x=\"\(ReportText.number(px(index)))\" y=\"\(Int(Self.height - 8))\" text-anchor=\"middle\">\(String(day.date.dropFirst(5)))</text>"
        }
        let zero = py(max(0, ticks.lower))
        for (index, day) in days.enumerated() where day.stress > 0 {
            let top = py(day.stress)
            out += "<rect class=\"stress\" x=\"\(ReportText.number(px(index) - step * 0.4))\" y=\"\(ReportText.number(top))\" width=\"\(ReportText.number(max(1, step * 0.8)))\" height=\"\(ReportText.number(max(0, zero - top)))\" fill=\"#c9c9c9\"><title>\(day.date): stress \(Int(day.stress.rounded()))</title></rect>"
        }
        for (key, colour, value) in [("fitness", "#0057b8", \TrainingDrawing.Day.fitness), ("fatigue", "#c8102e", \.fatigue), ("form", "#2e7d32", \.form)] {
            var path = ""
            for (index, day) in days.enumerated() { path += (index == 0 ? "M" : "L") + ReportText.number(px(index)) + "," + ReportText.number(py(day[keyPath: value])) }
            out += "<path class=\"series \(key)\" stroke=\"\(colour)\" data-points=\"\(days.count)\" d=\"\(path)\"/>"
        }
        out += "</svg>"
        svg = out
    }
}
