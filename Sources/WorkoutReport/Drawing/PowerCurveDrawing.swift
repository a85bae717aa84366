import Foundation
import Markup
import TrainingMetrics

/// A power curve as SVG: watts against duration on a logarithmic axis from one second to the
/// ride's length, the ride's curve over the athlete's best when there is one.
struct PowerCurveDrawing {
    static let width = 720.0, height = 260.0
    static let left = 48.0, right = 12.0, top = 12.0, bottom = 28.0

    /// The SVG.
    let svg: HTML

    init(curve: MeanMaximalPower, best: MeanMaximalPower?, bestLabel: String?) {
        let longest = Double(max(curve.durations.last ?? 1, 2))
        let highest = max(curve.watts.first ?? 0, best?.watts.first ?? 0)
        let ticks = AxisTicks(lower: 0, upper: highest * 1.05, count: 4)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func px(_ seconds: Double) -> Double { Self.left + log(seconds) / log(longest) * plotWidth }
        func py(_ watts: Double) -> Double { Self.top + (1 - (watts - ticks.lower) / (ticks.upper - ticks.lower)) * plotHeight }
        func path(_ curve: MeanMaximalPower) -> String {
            var text = ""
            for (index, (duration, watts)) in zip(curve.durations, curve.watts).enumerated() where Double(duration) <= longest {
                text += (index == 0 ? "M" : "L") + ReportText.number(px(Double(duration))) + "," + ReportText.number(py(watts))
            }
            return text
        }
        var out: HTML = "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-labelledby=\"power-curve-title\">"
        out += "<title id=\"power-curve-title\">Best average power for each duration, from 1 s to \(ReportText.duration(longest))\(bestLabel.map { ", against \($0)" } ?? "")</title>"
        for tick in ticks.values {
            let y = ReportText.number(py(tick))
            out += "<line class=\"grid\" x1=\"\(Int(Self.left))\" x2=\"\(Int(Self.width - Self.right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            out += "<text class=\"tick\" x=\"\(Int(Self.left - 4))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(ReportText.number(tick, decimals: 0))</text>"
        }
        for (seconds, label) in [(1.0, "1 s"), (5, "5 s"), (15, "15 s"), (60, "1 min"), (300, "5 min"), (1_200, "20 min"), (3_600, "1 h"), (14_400, "4 h"), (36_000, "10 h")] where seconds <= longest {
            out += "<text class=\"tick\" x=\"\(ReportText.number(px(seconds)))\" y=\"\(Int(Self.height - 8))\" text-anchor=\"middle\">\(label)</text>"
        }
        if let best {
            out += "<path class=\"series best\" stroke=\"#9e9e9e\" stroke-dasharray=\"6 4\" d=\"\(path(best))\"><title>\(bestLabel ?? "best")</title></path>"
        }
        out += "<path class=\"series\" stroke=\"#6a1b9a\" data-points=\"\(curve.durations.count)\" d=\"\(path(curve))\"><title>this workout</title></path>"
        out += "</svg>"
        svg = out
    }
}
