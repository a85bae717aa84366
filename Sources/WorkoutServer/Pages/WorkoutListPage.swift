import Foundation
import WorkoutFormats
import WorkoutCatalog
import WorkoutReport
import Markup

/// The list of workouts, the same on both servers: an upload form, filters, sortable columns and pages;
/// in a club, who is logged in, an athlete column and an athlete filter besides.
struct WorkoutListPage<Row: ListedWorkout> {
    let list: WorkoutList<Row>
    /// Whether workouts have athletes: a column and a filter.
    let hasAthletes: Bool
    /// What the page says above its forms.
    let introduction: HTML
    /// The hidden fields the upload form carries (a club's CSRF token).
    let formFields: HTML
    /// The zone the reader chose in `/settings`, if any: every start is shown in it.
    let readerTimeZone: TimeZone?
    /// The server's zone, for a workout that does not say where it was done.
    let timeZone: TimeZone
    /// Kilometres or miles, as the reader set them.
    var units: ReportUnits = .metric

    /// The order in the reader's words: newest first for dates, longest first for distance and time.
    static func order(_ query: WorkoutListQuery) -> String {
        switch query.sort {
        case .start: query.descending ? "newest first" : "oldest first"
        case .activity: query.descending ? "Z to A" : "A to Z"
        case .duration, .distance: query.descending ? "longest first" : "shortest first"
        case .energy, .heartRate: query.descending ? "highest first" : "lowest first"
        }
    }

    func render() -> HTML {
        let query = list.filter.query, matching = list.matching
        var body = introduction
        body += "<form class=\"upload\" method=\"post\" action=\"/upload\" enctype=\"multipart/form-data\">\(formFields)"
        body += "<label for=\"upload-file\">Add a FIT, TCX or GPX file<input type=\"file\" id=\"upload-file\" name=\"file\" accept=\".fit,.tcx,.gpx\" required></label>"
        body += UploadSportField.html
        body += "<label class=\"check\"><input type=\"checkbox\" id=\"upload-salvage\" name=\"salvage\" value=\"1\"> Keep what can be read of a damaged file</label>"
        body += "<button type=\"submit\" id=\"upload-submit\">Upload</button></form>"
        body += "<form class=\"filters\" method=\"get\" action=\"/\" role=\"search\">"
        body += "<label for=\"filter-activity\">Activity<select id=\"filter-activity\" name=\"activity\"><option value=\"\">All</option>"
        for activity in list.activities {
            let selected: HTML = query.activity == activity ? " selected" : .empty
            body += "<option value=\"\(activity)\"\(selected)>\(ActivityWords.name(of: activity))</option>"
        }
        body += "</select></label>"
        if hasAthletes { body += "<label for=\"filter-athlete\">Athlete<input id=\"filter-athlete\" name=\"athlete\" value=\"\(list.filter.athlete ?? "")\"></label>" }
        body += "<label for=\"filter-from\">From<input type=\"date\" id=\"filter-from\" name=\"from\" value=\"\(query.from.map(day) ?? "")\"></label>"
        body += "<label for=\"filter-to\">To<input type=\"date\" id=\"filter-to\" name=\"to\" value=\"\(query.to.map { day($0.addingTimeInterval(-86_400)) } ?? "")\"></label>"
        if query.sort != .start || !query.descending { body += "<input type=\"hidden\" name=\"sort\" value=\"\(query.descending ? "-" : "")\(query.sort.rawValue)\">" }
        body += "<button type=\"submit\">Show</button></form>"
        body += "<p class=\"count\" id=\"workout-count\">\(matching) workout\(matching == 1 ? "" : "s")</p>"
        guard !list.rows.isEmpty else {
            let filtered = query.activity != nil || query.from != nil || query.to != nil || list.filter.athlete != nil
            return body + "<p id=\"empty\">No workouts\(matching == 0 && !filtered ? " yet: upload a file above, or record or replay one with the workout command" : " match").</p>"
        }
        body += "<div class=\"scroll\"><table id=\"workouts\"><caption class=\"count\">Workouts, sorted by \(sortName(query.sort)), \(Self.order(query))</caption><thead><tr>"
        body += ListControls.sortableHeader("Start", key: .start, query: query, link: list.filter.queryString)
        if hasAthletes { body += "<th scope=\"col\">Athlete</th>" }
        // On a phone a club's list gives the athlete the room the activity had: start, athlete, time and distance stay in view.
        for (key, title, narrow) in [(WorkoutListQuery.SortKey.activity, "Activity", hasAthletes), (.duration, "Time", false), (.distance, "Distance", false),
                                     (.energy, "Energy", true), (.heartRate, "Avg HR", true)] {
            body += ListControls.sortableHeader(title, key: key, query: query, narrow: narrow, link: list.filter.queryString)
        }
        body += "</tr></thead><tbody>"
        for row in list.rows {
            let summary = row.summary
            // Each start at the workout's own local time, as its page and `workout list` show it, unless the reader chose a zone.
            body += "<tr data-id=\"\(summary.id)\"><td><a href=\"/workouts/\(summary.id)\">\(WorkoutDateText.dateTime(summary.start, in: readerTimeZone ?? summary.timeZone ?? timeZone))</a></td>"
            if hasAthletes { body += "<td>\(row.listedAthlete ?? "")</td>" }
            body += "<td\(hasAthletes ? HTML.raw(" class=\"hide-narrow\"") : .empty)>\(ActivityWords.name(of: summary.activity, legs: summary.legs))\(summary.legs.map { ": " + $0.joined(separator: " → ") } ?? "")</td><td>\(duration(summary.durationSeconds))</td>"
            body += "<td>\(summary.distanceMeters.map { String(format: "%.2f \(units.distanceSymbol)", units.distance($0)) } ?? "–")</td>"
            body += "<td class=\"hide-narrow\">\(summary.energyKilocalories.map { "\(Int($0.rounded())) kcal" } ?? "–")</td>"
            body += "<td class=\"hide-narrow\">\(summary.averageHeartRate.map { "\(Int($0.rounded())) bpm" } ?? "–")</td></tr>"
        }
        body += "</tbody></table></div>"
        return body + ListControls.pages(query: query, matching: matching, link: list.filter.queryString)
    }

    private func sortName(_ key: WorkoutListQuery.SortKey) -> String {
        switch key {
        case .start: "start"
        case .activity: "activity"
        case .duration: "time"
        case .distance: "distance"
        case .energy: "energy"
        case .heartRate: "average heart rate"
        }
    }

    private func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    private func duration(_ seconds: Double) -> String { WorkoutFigures.clock(seconds, alwaysHours: true) }
}
