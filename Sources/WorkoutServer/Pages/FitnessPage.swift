import Foundation
import Markup
import WorkoutLibrary
import WorkoutReport

/// The fitness page: training load over a range of days (the chart and the weeks), the range's power
/// curve and critical power, from the same ``FitnessReport`` as `workout fitness` and `/api/fitness`.
enum FitnessPage {
    /// The ranges offered, in days.
    static let ranges = [42, 90, 180, 365, 730]

    /// The page of `report`, which covers `range` (its links keep the range's last day).
    static func render(_ report: FitnessReport, range: FitnessRoutes.Range, navigation: HTML = ServerPage.navigation, head: HTML = .empty) -> HTML {
        var body: HTML = "<nav aria-label=\"Range\" class=\"pages\">"
        for days in ranges {
            body += range.from == nil && range.days == days
                ? "<strong aria-current=\"page\">\(days) days</strong>" : "<a href=\"\(range.link(days: days))\">\(days) days</a>"
        }
        body += "</nav><p class=\"count\" id=\"fitness-range\">\(report.from) – \(report.to) · \(report.workouts) workout\(report.workouts == 1 ? "" : "s") with a training load</p>"
        guard let last = report.days.last else {
            body += "<p id=\"fitness-empty\">No workout with power or heart rate in these days yet. Import or record one, and give your threshold power with <code>workout athlete set --ftp 250</code>.</p>"
            return ServerPage.layout(title: "Fitness", body: body, navigation: navigation, head: head)
        }
        body += "<section aria-labelledby=\"load-heading\"><h2 id=\"load-heading\">Training load</h2><dl class=\"figures\">"
        body += "<div><dt>Fitness (CTL)</dt><dd id=\"fitness-ctl\">\(String(format: "%.1f", last.fitness))</dd></div>"
        body += "<div><dt>Fatigue (ATL)</dt><dd id=\"fitness-atl\">\(String(format: "%.1f", last.fatigue))</dd></div>"
        body += "<div><dt>Form (TSB)</dt><dd id=\"fitness-tsb\">\(String(format: "%+.1f", last.form))</dd></div></dl>"
        body += "<figure class=\"chart\" id=\"fitness-chart\"><figcaption>Fitness <span class=\"key fitness\">━</span> fatigue <span class=\"key fatigue\">━</span> form <span class=\"key form\">━</span>, daily stress as bars</figcaption>"
        body += TrainingDrawing.trainingLoad(report.days.map { TrainingDrawing.Day(date: $0.date, stress: $0.stress, fitness: $0.fitness, fatigue: $0.fatigue, form: $0.form) })
        body += "</figure>"
        body += "<div class=\"scroll\"><table id=\"fitness-weeks\"><caption>Weeks from Monday</caption><thead><tr><th scope=\"col\">Week of</th><th scope=\"col\">Stress</th><th scope=\"col\">Fitness</th><th scope=\"col\">Fatigue</th><th scope=\"col\">Form</th></tr></thead><tbody>"
        for week in report.weeks.reversed() {
            body += "<tr><th scope=\"row\">\(week.from)</th><td>\(Int(week.stress.rounded()))</td>"
            body += "<td>\(String(format: "%.1f", week.last.fitness))</td><td>\(String(format: "%.1f", week.last.fatigue))</td><td>\(String(format: "%+.1f", week.last.form))</td></tr>"
        }
        body += "</tbody></table></div></section>"
        if let curve = report.powerCurve {
            body += "<section aria-labelledby=\"curve-heading\"><h2 id=\"curve-heading\">Power curve</h2><figure class=\"chart\" id=\"fitness-power-curve\">"
            body += "<figcaption>Best average power for each duration, \(report.from) – \(report.to)</figcaption>\(TrainingDrawing.powerCurve(curve))</figure>"
            if let fit = report.criticalPower {
                body += "<p id=\"fitness-cp\">Critical power \(Int(fit.criticalPower.rounded())) W, W′ \(String(format: "%.1f", fit.wPrime / 1000)) kJ (R² \(String(format: "%.2f", fit.rSquared)), fitted on 2–20 minutes), estimated FTP \(Int(fit.estimatedFunctionalThresholdPower.rounded())) W.</p>"
            }
            body += "</section>"
        }
        body += "<style>.figures{display:flex;flex-wrap:wrap;gap:8px 24px;margin:0}.figures dt{font-size:.8rem;color:var(--muted)}.figures dd{margin:0;font-size:1.6rem;font-weight:800}"
        body += ".chart{margin:12px 0}.chart svg{width:100%;height:auto}.grid{stroke:#ddd}.tick{font-size:12px;fill:#333}.series{fill:none;stroke-width:2.5}"
        body += ".key.fitness{color:#0057b8}.key.fatigue{color:#c8102e}.key.form{color:#2e7d32}"
        body += "@media (prefers-color-scheme:dark){.grid{stroke:#3a3a3a}.tick{fill:#ccc}.key.fitness{color:#8ab4f8}.key.fatigue{color:#ff8a80}.key.form{color:#81c784}}</style>"
        // Axis labels drawn at 11 px on a phone too, as the report's are.
        body += "<script>(function(){\(HTML.raw(ReportScript.fitTicks))fitTicks();window.addEventListener(\"load\",fitTicks);window.addEventListener(\"resize\",fitTicks);})();</script>"
        return ServerPage.layout(title: "Fitness", body: body, navigation: navigation, head: head)
    }
}
