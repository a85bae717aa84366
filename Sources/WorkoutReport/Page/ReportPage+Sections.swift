import Foundation
import HealthKitModel
import Markup
import WorkoutFormats

/// The page's tables: summary, legs, laps, splits, zones and best efforts.
extension ReportPage {
    func summarySection() -> HTML {
        let summary = report.summary
        var items: [(String, String, String)] = [
            ("moving-time", "Moving time", ReportText.duration(summary.movingTime)),
            ("elapsed-time", "Elapsed time", ReportText.duration(summary.elapsedTime)),
        ]
        if let distance = summary.distance, distance > 0 {
            items.append(("distance", "Distance", "\(ReportText.number(units.distance(distance), decimals: 2)) \(units.distanceSymbol)"))
        }
        let profile = report.profile
        if let speed = summary.averageSpeed {
            items.append(profile.showsPace ? ("average-pace", "Average pace", "\(profile.speedText(speed)) \(profile.speedUnit)")
                : ("average-speed", "Average speed", "\(ReportText.number(units.speed(speed))) \(units.speedSymbol)"))
        }
        if let speed = summary.maximumSpeed, !report.showsPace { items.append(("maximum-speed", "Top speed", "\(ReportText.number(units.speed(speed))) \(units.speedSymbol)")) }
        if let value = summary.averageHeartRate { items.append(("average-heart-rate", "Average heart rate", "\(Int(value.rounded())) bpm")) }
        if let value = summary.maximumHeartRate { items.append(("maximum-heart-rate", "Highest heart rate", "\(Int(value.rounded())) bpm")) }
        if let value = summary.ascent { items.append(("ascent", "Climbed", "\(Int(units.elevation(value).rounded())) \(units.elevationSymbol)")) }
        if let value = summary.descent { items.append(("descent", "Descended", "\(Int(units.elevation(value).rounded())) \(units.elevationSymbol)")) }
        if let value = summary.averagePower { items.append(("average-power", "Average power", "\(Int(value.rounded())) W")) }
        if let value = summary.maximumPower { items.append(("maximum-power", "Highest power", "\(Int(value.rounded())) W")) }
        if let value = summary.averageCadence { items.append(("average-cadence", "Average cadence", WorkoutFigures.cadenceText(value, onFoot: profile.onFoot))) }
        if let value = summary.energy { items.append(("energy", "Energy", "\(Int(value.rounded())) kcal")) }
        if let value = summary.temperature { items.append(("temperature", "Temperature", "\(Int(value.rounded())) °C")) }
        var html: HTML = "<section id=\"summary\" aria-labelledby=\"summary-heading\"><h2 id=\"summary-heading\">Summary</h2><dl>"
        for (key, name, value) in items { html += "<div data-key=\"\(key)\"><dt>\(name)</dt><dd>\(value)</dd></div>" }
        return html + "</dl></section>"
    }

    /// A table with a caption, a header row and rows of cells, all text.
    /// The columns in `narrow` (by index) are left out on a phone, so the key ones fit without scrolling.
    func table(id: String, caption: String, header: [String], rows: [[String]], narrow: Set<Int> = []) -> HTML {
        func attributes(_ index: Int) -> HTML { narrow.contains(index) ? " class=\"hide-narrow\"" : .empty }
        var html: HTML = "<section id=\"\(id)\" aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(caption)</h2><div class=\"scroll\"><table><thead><tr>"
        for (index, cell) in header.enumerated() { html += "<th scope=\"col\"\(attributes(index))>\(cell)</th>" }
        html += "</tr></thead><tbody>"
        for row in rows { html += "<tr>\(row.enumerated().map { index, cell -> HTML in "<td\(attributes(index))>\(cell)</td>" }.joined())</tr>" }
        return html + "</tbody></table></div></section>"
    }

    func speedText(_ speed: Double?, profile: SportProfile? = nil) -> String {
        (profile ?? report.profile).speedText(speed)
    }

    func speedHeader(_ profile: SportProfile) -> String { profile.showsPace ? "Pace (\(profile.speedUnit))" : "Speed (\(units.speedSymbol))" }

    var speedHeader: String { speedHeader(report.profile) }

    func legsSection() -> HTML {
        let sessions = report.activity.sessions
        guard sessions.count > 1 else { return .empty }
        // Each leg's speed as its sport reads it: a swim per 100 m, a ride in km/h, a run per km.
        let rows = sessions.enumerated().map { index, leg in
            let profile = SportProfile(sport: leg.sport, units: units)
            let speed = speedText(leg.averageSpeed ?? leg.distance.flatMap { leg.timerTime > 0 ? $0 / leg.timerTime : nil }, profile: profile)
            return [String(index + 1), leg.sport.name, ReportText.duration(leg.start.timeIntervalSince(timeline.start)), ReportText.duration(leg.timerTime),
                    leg.distance.map { ReportText.number(units.distance($0), decimals: 2) } ?? "–",
                    speed == "–" ? speed : "\(speed) \(profile.showsPace ? profile.speedUnit : units.speedSymbol)",
                    leg.averageHeartRate.map { String(Int($0.rounded())) } ?? "–"]
        }
        return legsStrip(sessions) + table(id: "legs", caption: "Legs", header: ["Leg", "Sport", "Starts at", "Time", "Distance (\(units.distanceSymbol))", "Speed or pace",
                                                                         "Avg HR (bpm)"], rows: rows, narrow: [2, 6])
    }

    func lapsSection() -> HTML {
        let laps = report.activity.laps
        guard !laps.isEmpty else { return .empty }
        let rows = laps.enumerated().map { index, lap in
            [String(index + 1), ReportText.duration(lap.start.timeIntervalSince(timeline.start)), ReportText.duration(lap.timerTime),
             lap.distance.map { ReportText.number(units.distance($0), decimals: 2) } ?? "–",
             speedText(lap.averageSpeed ?? lap.distance.flatMap { lap.timerTime > 0 ? $0 / lap.timerTime : nil }),
             lap.averageHeartRate.map { String(Int($0.rounded())) } ?? "–", lap.maximumHeartRate.map { String(Int($0.rounded())) } ?? "–"]
        }
        return table(id: "laps", caption: "Laps", header: ["Lap", "Starts at", "Time", "Distance (\(units.distanceSymbol))", speedHeader, "Avg HR (bpm)", "Max HR (bpm)"],
                     rows: rows, narrow: [1, 6])
    }

    func splitsSection() -> HTML { splitsSection(of: report, id: "splits", caption: nil) }

    /// `report`'s splits, each a whole split long but the last, whose length is given.
    func splitsSection(of report: WorkoutReport, id: String, caption: String?) -> HTML {
        let splits = report.splits
        guard !splits.isEmpty else { return .empty }
        let profile = report.profile
        let rows = splits.map { split in
            [split.meters >= profile.splitMeters - 1 ? String(split.number) : "\(split.number) (\(ReportText.number(units.distance(split.meters), decimals: 2)) \(units.distanceSymbol))",
             ReportText.duration(split.seconds), speedText(split.speed, profile: profile),
             split.averageHeartRate.map { String(Int($0.rounded())) } ?? "–",
             split.elevationChange.map { (units.elevation($0) >= 0 ? "+" : "") + String(Int(units.elevation($0).rounded())) } ?? "–"]
        }
        return table(id: id, caption: (caption.map { $0 + ": s" } ?? "S") + "plits per \(profile.splitName)",
                     header: ["Split", "Time", speedHeader(profile), "Avg HR (bpm)", "Elevation (\(units.elevationSymbol))"], rows: rows, narrow: [4])
    }

    func zonesSection() -> HTML {
        var html = HTML.empty
        let heartRateModel = report.summary.zones.map { zones -> HTML in "<p class=\"zones-model\">Zones: \(zones.choice.description)</p>" } ?? .empty
        for (id, caption, unit, zoneTime) in [("heart-rate-zones", "Time in heart-rate zones", "bpm", report.heartRateZoneTime), ("power-zones", "Time in power zones", "W", report.powerZoneTime)] {
            guard let zoneTime else { continue }
            // Shares are of all the time with a reading, the time below zone 1 included.
            let total = max(zoneTime.zones.reduce(0) { $0 + $1.seconds }, 1)
            let model = id == "heart-rate-zones" ? heartRateModel : .empty
            html += "<section id=\"\(id)\" aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(caption)</h2>\(model)<table class=\"zones\"><thead><tr><th scope=\"col\">Zone</th><th scope=\"col\">From (\(unit))</th><th scope=\"col\">Time</th><th scope=\"col\">Share</th></tr></thead><tbody>"
            for (index, zone) in zoneTime.zones.enumerated() {
                let share = zone.seconds / total * 100
                // Heart-rate zones start with the time below zone 1 (zone 0); power zones with zone 1.
                let zoneNumber = id == "heart-rate-zones" ? index : index + 1
                html += "<tr data-zone=\"\(zoneNumber)\" data-seconds=\"\(ReportText.number(zone.seconds))\"><th scope=\"row\">\(zone.name)</th><td>\(Int(zone.lowerBound.rounded()))</td><td>\(ReportText.duration(zone.seconds))</td>"
                html += "<td><span class=\"bar z\(max(1, min(zoneNumber, 7)))\" style=\"width:\(ReportText.number(share))%\"></span> \(Int(share.rounded())) %</td></tr>"
            }
            html += "</tbody></table></section>"
        }
        return html
    }

    func bestEffortsSection() -> HTML { bestEffortsSection(of: report, id: "best-efforts", caption: nil, offset: 0) }

    /// `report`'s best efforts; `offset` seconds from the workout's start to the report's (a leg's).
    func bestEffortsSection(of report: WorkoutReport, id: String, caption: String?, offset: Double) -> HTML {
        let efforts = report.bestEfforts
        guard !efforts.isEmpty else { return .empty }
        let profile = report.profile
        let rows: [[String]] = efforts.map { effort in
            switch effort.kind {
            case .fastest(let meters):
                let name = profile.distances.first { abs($0.meters - meters) < 0.5 }?.name ?? SportProfile.name(of: meters, units: units)
                return ["Fastest \(name)", ReportText.duration(effort.value), speedText(meters / effort.value, profile: profile),
                        ReportText.duration(offset + effort.startElapsed)]
            case .power(let seconds):
                return ["Best \(SportProfile.durationName(seconds: seconds)) power", "\(Int(effort.value.rounded())) W", "–", ReportText.duration(offset + effort.startElapsed)]
            }
        }
        return table(id: id, caption: caption.map { "\($0): best efforts" } ?? "Best efforts", header: ["Effort", "Result", speedHeader(profile), "From"], rows: rows, narrow: [3])
    }

    /// A multisport workout's legs, each with its splits and best efforts in its own sport's measures.
    func legSections() -> HTML {
        var html = HTML.empty
        for (number, leg) in report.legs {
            let name = "Leg \(number), \(leg.activity.sport.name)"
            let offset = leg.timeline.start.timeIntervalSince(timeline.start)
            html += splitsSection(of: leg, id: "leg-\(number)-splits", caption: name)
            html += bestEffortsSection(of: leg, id: "leg-\(number)-best-efforts", caption: name, offset: offset)
        }
        return html
    }

    /// The legs as one strip, each as wide as its share of the time, labelled with its sport.
    func legsStrip(_ sessions: [ActivitySummary]) -> HTML {
        let total = max(sessions.reduce(0) { $0 + $1.elapsedTime }, 1)
        var html: HTML = "<ol class=\"legs-strip\" id=\"legs-strip\" aria-label=\"Legs by time\">"
        for (index, leg) in sessions.enumerated() {
            let share = leg.elapsedTime / total * 100
            html += "<li class=\"leg leg-\(leg.sport.name)\" style=\"flex-basis:\(ReportText.number(share, decimals: 2))%\" data-leg=\"\(index + 1)\" title=\"\(leg.sport.name), \(ReportText.duration(leg.elapsedTime))\"><span>\(leg.sport == .transition ? "T" : leg.sport.name)</span></li>"
        }
        return html + "</ol>"
    }
}
