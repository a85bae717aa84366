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
        if let speed = summary.averageSpeed {
            items.append(report.showsPace ? ("average-pace", "Average pace", "\(ReportText.pace(speed, units: units)) /\(units.distanceSymbol)")
                : ("average-speed", "Average speed", "\(ReportText.number(units.speed(speed))) \(units.speedSymbol)"))
        }
        if let speed = summary.maximumSpeed, !report.showsPace { items.append(("maximum-speed", "Top speed", "\(ReportText.number(units.speed(speed))) \(units.speedSymbol)")) }
        if let value = summary.averageHeartRate { items.append(("average-heart-rate", "Average heart rate", "\(Int(value.rounded())) bpm")) }
        if let value = summary.maximumHeartRate { items.append(("maximum-heart-rate", "Highest heart rate", "\(Int(value.rounded())) bpm")) }
        if let value = summary.ascent { items.append(("ascent", "Climbed", "\(Int(units.elevation(value).rounded())) \(units.elevationSymbol)")) }
        if let value = summary.descent { items.append(("descent", "Descended", "\(Int(units.elevation(value).rounded())) \(units.elevationSymbol)")) }
        if let value = summary.averagePower { items.append(("average-power", "Average power", "\(Int(value.rounded())) W")) }
        if let value = summary.maximumPower { items.append(("maximum-power", "Highest power", "\(Int(value.rounded())) W")) }
        if let value = summary.averageCadence { items.append(("average-cadence", "Average cadence", WorkoutFigures.cadenceText(value, onFoot: report.showsPace))) }
        if let value = summary.energy { items.append(("energy", "Energy", "\(Int(value.rounded())) kcal")) }
        if let value = summary.temperature { items.append(("temperature", "Temperature", "\(Int(value.rounded())) °C")) }
        var html: HTML = "<section id=\"summary\" aria-labelledby=\"summary-heading\"><h2 id=\"summary-heading\">Summary</h2><dl>"
        for (key, name, value) in items { html += "<div data-key=\"\(key)\"><dt>\(name)</dt><dd>\(value)</dd></div>" }
        return html + "</dl></section>"
    }

    /// A table with a caption, a header row and rows of cells, all text.
    func table(id: String, caption: String, header: [String], rows: [[String]]) -> HTML {
        var html: HTML = "<section id=\"\(id)\" aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(caption)</h2><div class=\"scroll\"><table><thead><tr>"
        for cell in header { html += "<th scope=\"col\">\(cell)</th>" }
        html += "</tr></thead><tbody>"
        for row in rows { html += "<tr>\(row.map { cell -> HTML in "<td>\(cell)</td>" }.joined())</tr>" }
        return html + "</tbody></table></div></section>"
    }

    func speedText(_ speed: Double?) -> String {
        guard let speed, speed > 0 else { return "–" }
        return report.showsPace ? ReportText.pace(speed, units: units) : ReportText.number(units.speed(speed))
    }

    var speedHeader: String { report.showsPace ? "Pace (/\(units.distanceSymbol))" : "Speed (\(units.speedSymbol))" }

    func legsSection() -> HTML {
        let sessions = report.activity.sessions
        guard sessions.count > 1 else { return .empty }
        let rows = sessions.enumerated().map { index, leg in
            [String(index + 1), leg.sport.name, ReportText.duration(leg.start.timeIntervalSince(timeline.start)), ReportText.duration(leg.timerTime),
             leg.distance.map { ReportText.number(units.distance($0), decimals: 2) } ?? "–",
             speedText(leg.averageSpeed ?? leg.distance.flatMap { leg.timerTime > 0 ? $0 / leg.timerTime : nil }),
             leg.averageHeartRate.map { String(Int($0.rounded())) } ?? "–"]
        }
        return table(id: "legs", caption: "Legs", header: ["Leg", "Sport", "Starts at", "Time", "Distance (\(units.distanceSymbol))", speedHeader, "Avg HR (bpm)"], rows: rows)
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
        return table(id: "laps", caption: "Laps", header: ["Lap", "Starts at", "Time", "Distance (\(units.distanceSymbol))", speedHeader, "Avg HR (bpm)", "Max HR (bpm)"], rows: rows)
    }

    func splitsSection() -> HTML {
        let splits = report.splits
        guard !splits.isEmpty else { return .empty }
        let rows = splits.map { split in
            [split.meters >= units.splitMeters - 1 ? String(split.number) : "\(split.number) (\(ReportText.number(units.distance(split.meters), decimals: 2)))",
             ReportText.duration(split.seconds), speedText(split.speed),
             split.averageHeartRate.map { String(Int($0.rounded())) } ?? "–",
             split.elevationChange.map { (units.elevation($0) >= 0 ? "+" : "") + String(Int(units.elevation($0).rounded())) } ?? "–"]
        }
        return table(id: "splits", caption: "Splits per \(units == .metric ? "kilometre" : "mile")",
                     header: [units.distanceSymbol, "Time", speedHeader, "Avg HR (bpm)", "Elevation (\(units.elevationSymbol))"], rows: rows)
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

    func bestEffortsSection() -> HTML {
        let efforts = report.bestEfforts
        guard !efforts.isEmpty else { return .empty }
        let rows: [[String]] = efforts.map { effort in
            switch effort.kind {
            case .fastest(let meters):
                let name = abs(meters - units.splitMeters) < 1 ? "1 \(units.distanceSymbol)" : meters == 21_097.5 ? "Half marathon" : meters == 42_195 ? "Marathon" : "\(Int(meters / 1_000)) km"
                return ["Fastest \(name)", ReportText.duration(effort.value), speedText(meters / effort.value), ReportText.duration(effort.startElapsed)]
            case .power(let seconds):
                let name = seconds < 60 ? "\(Int(seconds)) s" : "\(Int(seconds / 60)) min"
                return ["Best \(name) power", "\(Int(effort.value.rounded())) W", "–", ReportText.duration(effort.startElapsed)]
            }
        }
        return table(id: "best-efforts", caption: "Best efforts", header: ["Effort", "Result", speedHeader, "From"], rows: rows)
    }
}
