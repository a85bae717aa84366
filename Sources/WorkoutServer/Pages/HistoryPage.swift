import Foundation
import HealthKitModel
import Markup
import WorkoutCatalog
import WorkoutFormats
import WorkoutReport

/// The history page: a month's calendar with each day's workouts, the totals of its weeks and of the twelve
/// months to it, and the records across every workout, each linking the workout that holds it.
enum HistoryPage {
    static func render(_ history: WorkoutHistory, timeZone: TimeZone, units: ReportUnits = .metric) -> HTML {
        guard let (year, month) = WorkoutHistory.month(history.month) else { return .empty }
        var html: HTML = "<nav class=\"months\" aria-label=\"Months\">"
        let previous = month == 1 ? (year - 1, 12) : (year, month - 1), following = month == 12 ? (year + 1, 1) : (year, month + 1)
        html += "<a id=\"history-previous\" href=\"/history?month=\(monthKey(previous))\">‹ \(monthName(previous))</a> "
        html += "<strong id=\"history-month\">\(monthName((year, month)))</strong> "
        html += "<a id=\"history-next\" href=\"/history?month=\(monthKey(following))\">\(monthName(following)) ›</a></nav>"
        // Any month at once, years back included.
        html += "<form class=\"month-choice\" method=\"get\" action=\"/history\"><label for=\"history-month-choice\">Month</label> "
            + "<input type=\"month\" id=\"history-month-choice\" name=\"month\" value=\"\(monthKey((year, month)))\" required> <button type=\"submit\">Show</button></form>"
        html += calendar(history, year: year, month: month, units: units)
        html += totalsTable(id: "weeks", caption: "Weeks", first: "Week of", rows: history.weeks, units: units, label: { dayName($0.start) })
        html += totalsTable(id: "months", caption: "Twelve months", first: "Month", rows: history.months.reversed(), units: units,
                            label: { totals in WorkoutHistory.month(String(totals.start.prefix(7))).map { shortMonthName($0) } ?? totals.start })
        html += records(history.records, timeZone: timeZone, units: units)
        return html + "<style>\(HTML.raw(css))</style>"
    }

    /// The month as weeks of days, Monday first; each day lists its workouts as links.
    static func calendar(_ history: WorkoutHistory, year: Int, month: Int, units: ReportUnits) -> HTML {
        var html: HTML = "<section aria-labelledby=\"calendar-heading\"><h2 id=\"calendar-heading\">Calendar</h2><div class=\"scroll\"><table class=\"calendar\" id=\"calendar\"><thead><tr>"
        for name in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] { html += "<th scope=\"col\">\(name)</th>" }
        html += "</tr></thead><tbody><tr>"
        let leading = WorkoutHistory.daysAfterMonday(year: year, month: month)
        html += HTML.raw(String(repeating: "<td class=\"outside\"></td>", count: leading))
        for (index, day) in history.days.enumerated() {
            if (leading + index) % 7 == 0, index > 0 { html += "</tr><tr>" }
            html += "<td data-day=\"\(day.day)\"\(day.workouts.isEmpty ? HTML.empty : " class=\"active\"")><span class=\"date\">\(index + 1)</span>"
            for workout in day.workouts {
                let distance = workout.distanceMeters.map { String(format: " %.1f \(units.distanceSymbol)", units.distance($0)) } ?? ""
                html += "<a href=\"/workouts/\(workout.id)\">\(workout.name ?? ActivityWords.name(of: workout.activity, legs: workout.legs))\(distance)</a>"
            }
            html += "</td>"
        }
        let trailing = (7 - (leading + history.days.count) % 7) % 7
        html += HTML.raw(String(repeating: "<td class=\"outside\"></td>", count: trailing))
        return html + "</tr></tbody></table></div></section>"
    }

    static func totalsTable(id: String, caption: String, first: String, rows: [WorkoutHistory.Totals], units: ReportUnits,
                            label: (WorkoutHistory.Totals) -> String) -> HTML {
        let longest = max(rows.map(\.distanceMeters).max() ?? 0, 1)
        var html: HTML = "<section aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(caption)</h2><div class=\"scroll\"><table id=\"\(id)\"><thead><tr>"
        for header in [first, "Workouts", "Distance", "Time"] { html += "<th scope=\"col\">\(header)</th>" }
        html += "<th scope=\"col\" class=\"hide-narrow\">Energy</th>"
        html += "</tr></thead><tbody>"
        for row in rows {
            let share = row.distanceMeters / longest * 100
            html += "<tr data-start=\"\(row.start)\"><th scope=\"row\">\(label(row))</th><td>\(row.workouts)</td>"
            html += "<td><span class=\"bar\" style=\"width:\(String(format: "%.0f", share * 0.4))px\"></span> \(String(format: "%.1f \(units.distanceSymbol)", units.distance(row.distanceMeters)))</td>"
            html += "<td>\(WorkoutFigures.clock(row.durationSeconds, alwaysHours: true))</td><td class=\"hide-narrow\">\(String(format: "%.0f kcal", row.energyKilocalories))</td></tr>"
        }
        return html + "</tbody></table></div></section>"
    }

    static func records(_ records: [WorkoutHistory.Record], timeZone: TimeZone, units: ReportUnits) -> HTML {
        guard !records.isEmpty else { return "<section aria-labelledby=\"records-heading\"><h2 id=\"records-heading\">Records</h2><p>None yet.</p></section>" }
        var html: HTML = "<section aria-labelledby=\"records-heading\"><h2 id=\"records-heading\">Records</h2><div class=\"scroll\"><table id=\"records\"><thead><tr>"
        for header in ["Activity", "Record", "", "Workout"] { html += "<th scope=\"col\">\(header)</th>" }
        html += "</tr></thead><tbody>"
        for record in records {
            let profile = SportProfile(sport: ActivitySport(HKWorkoutActivityType(name: record.activity) ?? .other), units: units)
            let (name, value): (String, String)
            switch record.kind {
            case .longestDistance: (name, value) = ("Longest", String(format: "%.2f \(units.distanceSymbol)", units.distance(record.value)))
            case .longestDuration: (name, value) = ("Longest time", WorkoutFigures.clock(record.value, alwaysHours: true))
            case .mostEnergy: (name, value) = ("Most energy", String(format: "%.0f kcal", record.value))
            case .fastest:
                // The distances this sport's report looks for, in the reader's units: a ride's 10, 20, 40 km, a run's 5 km.
                guard let meters = record.meters, let distance = profile.distances.first(where: { abs($0.meters - meters) < 0.01 }) else { continue }
                (name, value) = ("Fastest \(distance.name)", WorkoutFigures.clock(record.value))
            case .highestPower:
                guard let seconds = record.seconds, profile.powerSeconds.contains(seconds) else { continue }
                (name, value) = ("Best \(SportProfile.durationName(seconds: Double(seconds))) power", String(format: "%.0f W", record.value))
            }
            let measure = record.meters.map { " data-meters=\"\($0)\"" } ?? record.seconds.map { " data-seconds=\"\($0)\"" } ?? ""
            html += "<tr data-kind=\"\(record.kind.rawValue)\"\(HTML.raw(measure))><td>\(ActivityWords.name(of: record.activity))</td><td>\(name)</td><td>\(value)</td>"
            html += "<td><a href=\"/workouts/\(record.workout.id)\">\(record.workout.name ?? WorkoutDateText.day(record.workout.start, in: timeZone))</a></td></tr>"
        }
        return html + "</tbody></table></div></section>"
    }

    static func monthKey(_ month: (Int, Int)) -> String { String(format: "%04d-%02d", month.0, month.1) }

    static func monthName(_ month: (year: Int, month: Int)) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(names[max(0, min(11, month.month - 1))]) \(month.year)"
    }

    /// `(2026, 9)` as `Sep 2026`, for a table's narrow first column.
    static func shortMonthName(_ month: (year: Int, month: Int)) -> String {
        "\(monthName(month).prefix(3)) \(month.year)"
    }

    /// `2026-05-04` as every surface writes a day (``WorkoutDateText``): `Mon 4 May 2026`.
    static func dayName(_ day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let utc = TimeZone(identifier: "UTC") else { return day }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        guard let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)) else { return day }
        return WorkoutDateText.day(date, in: utc)
    }

    static let css = """
        .months{display:flex;gap:12px;align-items:baseline;flex-wrap:wrap;margin:8px 0}
        .calendar{table-layout:fixed;width:100%;min-width:320px}.calendar td{vertical-align:top;height:4.5em;border:1px solid var(--line);padding:2px 4px;font-size:.85rem}
        .calendar td a{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.calendar .outside{background:transparent;border:none}
        .calendar .date{color:var(--muted);font-size:.75rem}.calendar .active{background:rgba(0,71,171,.06)}
        .bar{display:inline-block;height:.7em;background:var(--accent);vertical-align:middle}
        @media (max-width:480px){#weeks .bar,#months .bar{display:none}#records td,#records th{white-space:normal}}
        """
}
