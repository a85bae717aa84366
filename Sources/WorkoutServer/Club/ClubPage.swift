import Foundation
import WorkoutClub
import WorkoutFormats
import WorkoutReport
import WorkoutCatalog
import Markup

/// The club's pages as HTML.
enum ClubPage {
    static func layout(title: String, body: HTML, csrf: String?) -> HTML {
        ServerPage.layout(title: title, body: body, navigation: navigation(csrf: csrf), head: head(csrf: csrf))
    }

    /// The club's links for a logged-in member (none before logging in).
    static func navigation(csrf: String?) -> HTML {
        csrf.map { csrf -> HTML in
            """
            <nav aria-label="Site"><a href="/">Workouts</a> · <a href="/history">History</a> · <a href="/squad">Squad</a> · <a href="/fitness">Fitness</a> · <a href="/settings">Settings</a> · <a href="/account">Account</a> · \
            <form method="post" action="/logout" style="display:inline"><input type="hidden" name="csrf" value="\(csrf)">\
            <button type="submit" id="log-out">Log out</button></form></nav>
            """
        } ?? .empty
    }

    /// The page head's CSRF token for the page's forms and scripts.
    static func head(csrf: String?) -> HTML {
        csrf.map { csrf -> HTML in "<meta name=\"csrf-token\" content=\"\(csrf)\">" } ?? .empty
    }

    static func login(next: String, message: String?, name: String = "") -> HTML {
        layout(title: "Log in", body: """
            \(message.map { message -> HTML in "<p class=\"message\" role=\"alert\" id=\"error-message\">\(message)</p>" } ?? .empty)\
            <form method="post" action="/login" class="upload" id="login"><input type="hidden" name="next" value="\(next)">\
            <label>Name<input name="name" autocomplete="username" required value="\(name)"></label>\
            <label>Password<input name="password" type="password" autocomplete="current-password" required></label>\
            <button type="submit">Log in</button></form>
            """, csrf: nil)
    }

    static func squad(_ squad: SquadRoutes.SquadResponse, groups: [ClubGroup], csrf: String?, timeZone: TimeZone) -> HTML {
        // Athletes in the table, every one of them; coaches named above it, unless they train and share too.
        let athletes = squad.athletes.filter { $0.role == .member || ($0.sharesWorkouts && $0.workouts > 0) }
        let coaches = squad.athletes.filter { $0.role == .coach }.map(\.name)
        let rows = athletes.map { row -> HTML in
            guard row.visible else {
                return "<tr data-shares=\"false\"><td>\(row.name)</td><td colspan=\"5\" class=\"count\">does not share workouts with the group</td></tr>"
            }
            return """
            <tr data-shares="\(row.sharesWorkouts ? "true" : "false")"><td>\(row.name)\(row.role == .coach ? " (coach)" : "")</td><td>\(row.workouts)</td>\
            <td>\(String(format: "%.1f km", row.distanceMeters / 1_000))</td>\
            <td>\(clock(row.durationSeconds))</td><td>\(Int(row.stress.rounded()))</td><td>\(row.lastWorkout.map { date($0, timeZone) } ?? "–")</td></tr>
            """
        }.joined()
        let coached: HTML = coaches.isEmpty ? .empty : "<p id=\"coaches\">Coached by \(coaches.joined(separator: ", ")).</p>"
        let day: (Date) -> String = { d in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let c = calendar.dateComponents([.year, .month, .day], from: d)
            return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        }
        let group = squad.group.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let others = groups.filter { $0.name != squad.group }.map { g -> HTML in
            "<a href=\"/squad?group=\(g.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&week=\(day(squad.from))\">\(g.name)</a>"
        }
        return layout(title: "\(squad.group): week of \(WorkoutDateText.day(squad.from, in: timeZone))", body: """
            \(coached)\(others.isEmpty ? .empty : "<p>Your other groups: \(others.joined(separator: ", "))</p>")<p class="pages"><a href="/squad?group=\(group)&week=\(day(squad.from.addingTimeInterval(-86_400)))" rel="prev">← Week before</a>\
            <a href="/squad?group=\(group)&week=\(day(squad.to.addingTimeInterval(3_600)))" rel="next">Week after →</a></p>\
            <div class="scroll"><table id="squad"><thead><tr><th>Athlete</th><th>Workouts</th><th>Distance</th><th>Time</th><th><abbr title="Training stress: TSS from power, else heart-rate TRIMP">Load</abbr></th><th>Last</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            """, csrf: csrf)
    }

    static func comparison(_ comparison: SquadRoutes.ComparisonResponse, charts: [(title: String, svg: String)] = [], csrf: String?, timeZone: TimeZone) -> HTML {
        func cells(_ segment: SquadRoutes.ComparisonResponse.Segment?) -> HTML {
            guard let segment else { return "<td>–</td><td>–</td><td>–</td>" }
            let distance = segment.distanceMeters.map { String(format: "%.2f km", $0 / 1_000) } ?? "–"
            let heartRate = segment.averageHeartRate.map { String(format: "%.0f", $0) } ?? "–"
            return "<td>\(clock(segment.seconds))</td><td>\(distance)</td><td>\(heartRate)</td>"
        }
        func signed(_ seconds: Double?) -> String { seconds.map { ($0 >= 0 ? "+" : "−") + clock(abs($0)) } ?? "–" }
        let byDistance = comparison.matchedBy == "distance"
        let rows = comparison.laps.map { pair -> HTML in
            "<tr><td>\(pair.index + 1)</td>\(cells(pair.a))\(cells(pair.b))<td>\(signed(pair.difference))</td><td>\(signed(pair.gap))</td></tr>"
        }.joined()
        let (a, b) = (comparison.totals["a"], comparison.totals["b"])
        let totals: HTML = """
            <tr><th scope="row">Total</th>\(cells(a.map { .init(seconds: $0.durationSeconds, distanceMeters: $0.distanceMeters, averageHeartRate: $0.averageHeartRate) }))\
            \(cells(b.map { .init(seconds: $0.durationSeconds, distanceMeters: $0.distanceMeters, averageHeartRate: $0.averageHeartRate) }))\
            <td>\(signed(a.flatMap { a in b.map { $0.durationSeconds - a.durationSeconds } }))</td><td></td></tr>
            """
        let unit = byDistance ? "Every \(String(format: "%g", (comparison.stretchMeters ?? 1_000) / 1_000)) km" : "Lap"
        let title = "\(comparison.a.athleteName) and \(comparison.b.athleteName), \(byDistance ? "by distance" : "lap by lap")"
        let note: HTML = byDistance ? "<p class=\"hint\" id=\"matched-by\">Their laps do not pair up, so they are compared over equal stretches of distance, each from its own records.</p>" : .empty
        return layout(title: title, body: """
            <p><a href="/workouts/\(comparison.a.summary.id)">\(comparison.a.athleteName), \(date(comparison.a.summary.start, timeZone))</a> (A) against \
            <a href="/workouts/\(comparison.b.summary.id)">\(comparison.b.athleteName), \(date(comparison.b.summary.start, timeZone))</a> (B)</p>\(note)\
            <div class="scroll"><table id="laps"><thead><tr><th scope="col">\(unit)</th><th scope="col">Time A</th><th scope="col">Distance A</th><th scope="col">HR A</th>\
            <th scope="col">Time B</th><th scope="col">Distance B</th><th scope="col">HR B</th><th scope="col">B − A</th><th scope="col">Gap</th></tr></thead>\
            <tbody>\(rows)</tbody><tfoot>\(totals)</tfoot></table></div>\(overlays(charts))
            """, csrf: csrf)
    }

    /// The comparison's charts, A solid and B dashed, with the script that keeps their labels legible on a phone.
    static func overlays(_ charts: [(title: String, svg: String)]) -> HTML {
        guard !charts.isEmpty else { return .empty }
        var html: HTML = "<section aria-labelledby=\"overlays-heading\"><h2 id=\"overlays-heading\">Over each other</h2>"
        html += "<p class=\"hint\"><span class=\"key-a\">━ A</span> <span class=\"key-b\">╍ B</span></p>"
        for chart in charts { html += "<figure class=\"chart\"><figcaption>\(chart.title)</figcaption>\(HTML.raw(chart.svg))</figure>" }
        html += "</section><style>.chart{margin:12px 0}.chart figcaption{font-weight:700}.chart svg{width:100%;height:auto;overflow:visible}.grid{stroke:#ddd}.tick{font-size:11px;fill:currentColor}"
        html += ".overlay{fill:none;stroke-width:2;stroke-linejoin:round}.overlay-a{stroke:#0057b8}.overlay-b{stroke:#c8102e;stroke-dasharray:6 4}"
        html += ".key-a{color:#0057b8}.key-b{color:#c8102e}@media (prefers-color-scheme:dark){.grid{stroke:#3a3a3a}.overlay-a{stroke:#8ab4f8}.overlay-b{stroke:#ff8a80}"
        html += ".key-a{color:#8ab4f8}.key-b{color:#ff8a80}}</style>"
        return html + "<script>(function(){\(HTML.raw(ReportScript.fitTicks))fitTicks();window.addEventListener(\"load\",fitTicks);window.addEventListener(\"resize\",fitTicks);})();</script>"
    }

    static func date(_ date: Date, _ timeZone: TimeZone) -> String { WorkoutDateText.dateTime(date, in: timeZone) }

    static func clock(_ seconds: Double) -> String { WorkoutFigures.clock(seconds) }
}
