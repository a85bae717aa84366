import Foundation
import Markup
import TrainingMetrics
import WorkoutFormats

extension ReportPage {
    /// The training metrics (``RideMetrics``, as `show` gives them), the power curve against the
    /// athlete's best, and HRV; empty for a workout with neither power nor heart rate.
    func trainingSection() -> HTML {
        guard let training = report.summary.training else { return .empty }
        var rows: [[String]] = []
        func row(_ name: String, _ value: Double?, _ format: (Double) -> String, _ note: String) {
            if let value { rows.append([name, format(value), note]) }
        }
        let watts = { (value: Double) in "\(Int(value.rounded())) W" }
        // Ratios with two decimals, zeros kept (0.90, as `show` prints it and riders read it).
        let ratio = { (value: Double) in String(format: "%.2f", value) }
        row("Normalized power", training.normalizedPower, watts, "30-s rolling mean, 4th-power average")
        row("Intensity factor", training.intensityFactor, ratio,
            training.thresholds.functionalThresholdPower.map { "NP / FTP (\(Int($0.rounded())) W)" } ?? "NP / FTP")
        row("Training stress", training.trainingStressScore, { "\(Int($0.rounded()))" }, "TSS: an hour at FTP is 100")
        row("Variability index", training.variabilityIndex, ratio, "NP / average power")
        row("Efficiency factor", training.efficiencyFactor, ratio, "NP / average heart rate")
        row("Work", training.work, { "\(Int($0.rounded())) kJ" }, "")
        row("Aerobic decoupling", training.decoupling, { "\(ReportText.number($0, decimals: 1)) %" }, "Pw:HR, first half against second; above 5 % suggests above the aerobic threshold")
        row("Heart-rate load", training.trainingImpulse, { "\(Int($0.rounded()))" }, "TRIMP (Banister)")
        if let hrv = training.heartRateVariability {
            rows.append(["Heart-rate variability", "RMSSD \(Int(hrv.rmssd.rounded())) ms",
                         "SDNN \(Int(hrv.sdnn.rounded())) ms, pNN50 \(Int(hrv.pnn50.rounded())) %, \(hrv.intervals) intervals, \(hrv.artefacts) artefacts corrected"])
        }
        if let stated = report.summary.statedTraining {
            rows.append(["Device's figures", stated.text, "as the file states them, against the device's own FTP and smoothing"])
        }
        guard !rows.isEmpty || report.powerCurve != nil else { return .empty }
        var html: HTML = "<section id=\"training\" aria-labelledby=\"training-heading\"><h2 id=\"training-heading\">Training</h2>"
        if !rows.isEmpty {
            html += "<table class=\"metrics\"><thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Value</th><th scope=\"col\">How</th></tr></thead><tbody>"
            for cells in rows {
                html += "<tr><th scope=\"row\">\(cells[0])</th><td>\(cells[1])</td><td>\(cells[2])</td></tr>"
            }
            html += "</tbody></table>"
        }
        if let curve = report.powerCurve {
            let best = report.options.bestPowerCurve
            html += "<figure class=\"power-curve\" id=\"power-curve\"><figcaption>Power curve <span class=\"unit\">(W)</span>"
            if let best { html += " against \(best.label) <span class=\"unit\">(dashed)</span>" }
            html += "</figcaption>\(PowerCurveDrawing(curve: curve, best: best?.curve, bestLabel: best?.label).svg)</figure>"
        }
        return html + "</section>"
    }
}
