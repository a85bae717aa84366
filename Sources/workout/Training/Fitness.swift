import ArgumentParser
import Foundation
import OpenHealthKit
import TrainingMetrics
import WorkoutLibrary

/// `workout fitness`: training load over the days, the power curve over a range, critical power.
struct Fitness: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show training load (fitness, fatigue, form), the power curve and critical power over a range of dates.",
        discussion: """
            Each workout's stress is its TSS (from normalized power and the threshold power in force on its date; \
            an hour at FTP is 100), else its heart-rate TRIMP (Banister, from resting and maximum heart rate) when it \
            has no power. Fitness (CTL) and fatigue (ATL) are the 42- and 7-day exponentially weighted loads, from \
            the first workout on; form (TSB) is yesterday's fitness minus yesterday's fatigue. The power curve is \
            the best average power for each duration over the range's workouts; critical power and W′ are fitted \
            on its 2–20 minute points by least squares (P = W′/t + CP), and the estimated FTP is the model's \
            power for an hour. Days are in the local time zone (or --time-zone).
            """
    )

    @Option(help: ArgumentHelp("The first day shown (default: 90 days before --to).", valueName: "date"))
    var from: DateArgument?

    @Option(help: ArgumentHelp("The last day shown (default: today).", valueName: "date"))
    var to: DateArgument?

    @Option(help: ArgumentHelp("The time zone days are counted in, such as Europe/Paris (default: the system's).", valueName: "zone"))
    var timeZone: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let zone = try timeZone.map { name in
            guard let zone = TimeZone(identifier: name) else { throw ValidationError("--time-zone \(name) is not a time zone; give one such as Europe/Paris.") }
            return zone
        } ?? .current
        let store = try storeOptions.openExisting()
        let history = try await TrainingHistory(store: store, timeZone: zone)
        // A plain day (2026-03-01) is that day in the zone; a time is the day it falls on there.
        func day(_ argument: DateArgument?) -> Int? {
            guard let date = argument?.date else { return nil }
            let seconds = date.timeIntervalSince1970
            return seconds.truncatingRemainder(dividingBy: 86_400) == 0 ? Int(seconds / 86_400) : history.day(of: date)
        }
        let lastDay = day(to) ?? history.day(of: Date())
        let firstDay = day(from) ?? lastDay - 89
        guard firstDay <= lastDay else { throw ValidationError("--from is after --to.") }
        let report = try await history.fitnessReport(firstDay: firstDay, lastDay: lastDay)
        if json { return try printJSON(report) }
        for line in Self.text(report) { print(line) }
    }

    /// The report as lines of text.
    static func text(_ report: FitnessReport) -> [String] {
        var lines = ["fitness \(report.from) – \(report.to), \(report.workouts) workout\(report.workouts == 1 ? "" : "s")"]
        guard let today = report.days.last else {
            lines.append("  No workout with power or heart rate yet: import or record one, and give an FTP (`workout athlete set --ftp`).")
            return lines
        }
        lines.append(String(format: "  %@  fitness %.1f   fatigue %.1f   form %+.1f", today.date, today.fitness, today.fatigue, today.form))
        // Week by week from Monday (the last eight), each with its stress and the loads at its end.
        let rows = report.weeks.suffix(8).map { week -> [String] in
            ["    " + week.from, formatNumber(week.stress.rounded()),
             String(format: "%.1f", week.last.fitness), String(format: "%.1f", week.last.fatigue), String(format: "%+.1f", week.last.form)]
        }
        lines.append("  weeks from Monday")
        lines += tableLines(header: ["    FROM", "STRESS", "FITNESS", "FATIGUE", "FORM"], rows: rows)
        if let curve = report.powerCurve {
            let points = [(5, "5 s"), (60, "1 min"), (300, "5 min"), (1200, "20 min"), (3600, "60 min")].compactMap { seconds, label in
                curve.watts(at: seconds).map { "\(label) \(Int($0.rounded())) W" }
            }
            lines.append("  power curve " + points.joined(separator: " · "))
        }
        if let fit = report.criticalPower {
            lines.append(String(format: "  critical power %.0f W, W′ %.1f kJ (R² %.2f on 2–20 min), estimated FTP %.0f W",
                                fit.criticalPower, fit.wPrime / 1000, fit.rSquared, fit.estimatedFunctionalThresholdPower))
        }
        if report.computedAgain > 0 {
            lines.append("  \(report.computedAgain) workout\(report.computedAgain == 1 ? "'s" : "s'") stress computed again for the athlete's figures on their dates")
        }
        return lines
    }
}
