import Foundation
import HealthKitModel
import Markup
import WorkoutFormats

/// A chart as drawn on the page: its element's id, what it shows, against what, and the drawing.
struct DrawnChart {
    var id: String
    var series: ChartSeries
    var axis: ChartAxis
    var drawing: ChartDrawing
}

/// Assembles a ``WorkoutReport``'s HTML document.
struct ReportPage {
    let report: WorkoutReport
    var units: ReportUnits { report.options.units }
    var timeline: WorkoutTimeline { report.timeline }

    func render() -> HTML {
        let series = chartSeries()
        var charts: [DrawnChart] = []
        for axis in [ChartAxis.time, .distance] where axis == .time || (timeline.distance.last ?? 0) > 0 {
            for item in series {
                charts.append(DrawnChart(id: "chart-\(item.key)-\(axis.rawValue)", series: item, axis: axis,
                                         drawing: ChartDrawing(series: item, axis: axis, timeline: timeline, units: units, threshold: report.options.chartPoints)))
            }
        }
        // The elevation by distance under the map, linked to it and to the charts.
        let profile = series.first { $0.key == "elevation" }.flatMap { elevation -> DrawnChart? in
            guard timeline.latitude.contains(where: { $0 != nil }), (timeline.distance.last ?? 0) > 0 else { return nil }
            return DrawnChart(id: "profile", series: elevation, axis: .distance,
                              drawing: ChartDrawing(series: elevation, axis: .distance, timeline: timeline, units: units, threshold: report.options.chartPoints,
                                                    id: "profile", height: ChartDrawing.profileHeight))
        }
        let route = RouteDrawing(timeline: timeline, colouring: trackColouring(), laps: report.activity.laps.map { $0.start.timeIntervalSince(timeline.start) },
                                 tiles: report.options.tiles, tileZooms: report.options.tileZooms, offlineTiles: report.options.offlineTiles, units: units)
        var html: HTML = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><link rel=\"icon\" href=\"data:,\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<meta name=\"generator\" content=\"OpenHealthKit workout report\">"
        html += "<title>\(title)</title><style>\(HTML.raw(ReportStyle.css))</style></head><body>"
        html += "<header>"
        if !report.options.links.isEmpty {
            html += "<nav aria-label=\"Workout\"><ul class=\"links\">\(report.options.links.map { link -> HTML in "<li><a href=\"\(link.url)\">\(link.title)</a></li>" }.joined())</ul></nav>"
        }
        html += "<h1>\(title)</h1><p class=\"subtitle\">\(subtitle)</p>"
        if let notes = report.activity.notes { html += "<p class=\"notes\" id=\"notes\">\(notes)</p>" }
        html += "</header><main>"
        html += summarySection()
        if !route.svg.isEmpty {
            html += "<section id=\"route\" aria-labelledby=\"route-heading\"><h2 id=\"route-heading\">Route</h2>"
            html += "<div class=\"map-tools\" role=\"group\" aria-label=\"Map view\"><button type=\"button\" id=\"map-zoom-in\" aria-label=\"Zoom in\">+</button>"
            html += "<button type=\"button\" id=\"map-zoom-out\" aria-label=\"Zoom out\">−</button><button type=\"button\" id=\"map-reset\">Whole route</button></div>"
            html += route.svg
            html += "<p id=\"map-readout\" class=\"readout\" aria-live=\"polite\">Point at the route, the profile or a chart to find the place on the others; drag or use the arrow keys to move the map, the wheel or + and − to zoom.</p>\(trackLegend())"
            // Tiles are credited as their licence asks: the given words, the MBTiles file's, else OpenStreetMap's or the server's.
            let credit = report.options.tileAttribution ?? report.options.offlineTiles?.attribution
                ?? (report.options.offlineTiles == nil ? report.options.tiles.map(OfflineTiles.attribution(ofTemplate:)) : "Map tiles from an MBTiles file")
            if let credit { html += "<p class=\"attribution\" id=\"map-attribution\">\(credit)</p>" }
            if let profile {
                html += "<figure class=\"chart\" id=\"profile\" tabindex=\"0\" data-key=\"elevation\" data-axis=\"distance\" aria-describedby=\"profile-readout\">"
                html += "<figcaption>Elevation by distance <span class=\"unit\">(\(units.elevationSymbol), \(units.distanceSymbol))</span></figcaption>\(profile.drawing.svg)"
                html += "<p class=\"readout\" id=\"profile-readout\" aria-live=\"polite\"></p></figure>"
            }
            html += "</section>"
        }
        if !charts.isEmpty {
            html += "<section id=\"charts\" class=\"axis-time\" aria-labelledby=\"charts-heading\"><h2 id=\"charts-heading\">Charts</h2>"
            if charts.contains(where: { $0.axis == .distance }) {
                html += "<div class=\"toggle\" role=\"group\" aria-label=\"Charts against\"><button type=\"button\" id=\"axis-time\" aria-pressed=\"true\">Time</button><button type=\"button\" id=\"axis-distance\" aria-pressed=\"false\">Distance</button></div>"
            }
            for chart in charts {
                let id = chart.id
                html += "<figure class=\"chart chart-\(chart.axis.rawValue)\" id=\"\(id)\" tabindex=\"0\" data-key=\"\(chart.series.key)\" data-axis=\"\(chart.axis.rawValue)\" aria-describedby=\"\(id)-readout\">"
                html += "<figcaption>\(chart.series.title) <span class=\"unit\">(\(chart.series.unit))</span></figcaption>"
                html += chart.drawing.svg
                html += "<p class=\"readout\" id=\"\(id)-readout\" aria-live=\"polite\"></p></figure>"
            }
            html += "</section>"
        }
        html += trainingSection() + legsSection() + lapsSection() + splitsSection() + legSections() + zonesSection() + bestEffortsSection()
        html += "</main><footer>\(timeline.count) records · charts drawn from at most \(report.options.chartPoints) points each (largest-triangle-three-buckets); figures from every record.</footer>"
        html += "<script type=\"application/json\" id=\"report-data\">\(ScriptJSON.html(data(charts: charts + (profile.map { [$0] } ?? []), route: route)))</script>"
        html += "<script>\(HTML.raw(ReportScript.javaScript))</script></body></html>\n"
        return html
    }

    var title: String {
        if let title = report.options.title { return title }
        if let name = report.activity.name { return name }
        let sport = report.isMultisport ? multisportName : report.activity.sport.name
        return "\(sport.prefix(1).uppercased())\(sport.dropFirst()) · \(dateText(timeline.start))"
    }

    /// A multisport workout by its legs (``ActivityWords/multisport(legs:)``): swim, bike and run make a triathlon.
    var multisportName: String {
        ActivityWords.multisport(legs: report.activity.sessions.sorted { $0.start < $1.start }.map(\.sport.activityType.name))
    }

    var subtitle: String {
        var parts = [dateText(timeline.start, long: true)]
        // A titled workout's sport is said here, since the title no longer says it.
        if report.options.title == nil, report.activity.name != nil, report.activity.sessions.count <= 1 { parts.append(report.activity.sport.name) }
        if report.activity.sessions.count > 1 { parts.append(report.activity.sessions.map { $0.sport.name }.joined(separator: " → ")) }
        let creator = report.activity.creator
        if !creator.name.isEmpty { parts.append("recorded by \(creator.displayName)") }
        return parts.joined(separator: " · ")
    }

    /// `date` as every surface writes it (``WorkoutDateText``), in the reader's zone, else the workout's.
    func dateText(_ date: Date, long: Bool = false) -> String {
        let zone = report.options.timeZone ?? report.activity.timeZone ?? report.options.defaultTimeZone
        return long ? WorkoutDateText.long(date, in: zone) : WorkoutDateText.day(date, in: zone)
    }

    /// The charts the workout's data allows, in a fixed order.
    func chartSeries() -> [ChartSeries] {
        var series: [ChartSeries] = []
        if timeline.heartRate.contains(where: { $0 != nil }) {
            var heartRate = ChartSeries(key: "heartRate", title: "Heart rate", unit: "bpm", colour: "#c8102e", values: timeline.heartRate)
            if let zones = report.summary.zones?.choice.zones {
                let bounds = zones.lowerBounds + [max(zones.lowerBounds[4] / 0.9, (timeline.heartRate.compactMap { $0 }.max() ?? 0) + 1)]
                heartRate.bands = (0..<5).map { ("Z\($0 + 1)", bounds[$0], bounds[$0 + 1]) }
            }
            series.append(heartRate)
        }
        if timeline.speed.contains(where: { $0 != nil }) {
            // Speed as the top speed's spike check takes it (WorkoutFigures.sustainedMaximum): the median of each reading
            // and its neighbours, so a one-reading spike is not drawn.
            let speeds = WorkoutFigures.sustainedSpeeds(timeline.speed)
            let profile = report.profile
            if profile.showsPace {
                // Pace from speed; standing still (under 1.2 km/h) has no pace worth drawing.
                let values = speeds.map { speed in speed.flatMap { $0 > 0.33 ? min(profile.paceMeters / $0 / 60, 30) : nil } }
                var pace = ChartSeries(key: "pace", title: "Pace", unit: "min/\(profile.paceSymbol)", colour: "#0057b8", values: values, inverted: true, decimals: 1)
                pace.clock = true
                pace.robust = true
                series.append(pace)
            } else {
                series.append(ChartSeries(key: "speed", title: "Speed", unit: units.speedSymbol, colour: "#0057b8", values: speeds.map { $0.map(units.speed) }, decimals: 1))
            }
        }
        if timeline.altitude.contains(where: { $0 != nil }) {
            series.append(ChartSeries(key: "elevation", title: "Elevation", unit: units.elevationSymbol, colour: "#2e7d32", values: timeline.altitude.map { $0.map(units.elevation) }))
        }
        if timeline.power.contains(where: { $0 != nil }) {
            series.append(ChartSeries(key: "power", title: "Power", unit: "W", colour: "#6a1b9a", values: timeline.power))
        }
        if timeline.cadence.contains(where: { $0 != nil }) {
            // On foot in steps per minute, twice the strides the records hold (WorkoutFigures.cadenceText).
            let onFoot = report.profile.onFoot
            let values = onFoot ? timeline.cadence.map { $0.map { $0 * 2 } } : timeline.cadence
            // Drawn as a smoothed line (the mean of the last 30 s of turning readings): raw, a ride's cadence is a solid band.
            series.append(ChartSeries(key: "cadence", title: "Cadence", unit: onFoot ? "spm" : "rpm", colour: "#8d5a00",
                                      values: ChartSeries.smoothed(values, elapsed: timeline.elapsed, over: 30)))
        }
        return series
    }

    func trackColouring() -> RouteDrawing.Colouring? {
        switch report.options.colouring {
        case .heartRate where timeline.heartRate.contains(where: { $0 != nil }):
            return RouteDrawing.Colouring(title: "Heart rate", unit: "bpm", values: timeline.heartRate)
        case .speed where timeline.speed.contains(where: { $0 != nil }):
            return RouteDrawing.Colouring(title: "Speed", unit: units.speedSymbol, values: timeline.speed.map { $0.map(units.speed) }, decimals: 1)
        default:
            return nil
        }
    }

    func trackLegend() -> HTML {
        guard let colouring = trackColouring() else { return .empty }
        let sorted = colouring.values.compactMap { $0 }.sorted()
        guard sorted.count > 1 else { return .empty }
        let low = sorted[sorted.count / 20], high = sorted[sorted.count * 19 / 20]
        var legend: HTML = "<p class=\"legend\"><span>\(colouring.title): \(ReportText.number(low, decimals: colouring.decimals))</span>"
        for step in 0..<7 { legend += "<i class=\"c\(step)\" aria-hidden=\"true\"></i>" }
        return legend + "<span>\(ReportText.number(high, decimals: colouring.decimals)) \(colouring.unit)</span></p>"
    }

    /// The drawn points as JSON for the script: the track and each chart.
    func data(charts: [DrawnChart], route: RouteDrawing) -> String {
        func list(_ values: [Double], _ decimals: Int) -> String {
            var out = "["
            out.reserveCapacity(values.count * 8)
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                out += ReportText.number(value, decimals: decimals)
            }
            return out + "]"
        }
        func string(_ text: String) -> String {
            // JSON's string escapes; ScriptJSON makes the whole safe inside the script element.
            var quoted = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": quoted += "\\\\"
                case "\"": quoted += "\\\""
                case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "\""
        }
        var json = "{\"duration\":\(ReportText.number(timeline.duration)),\"distanceUnit\":\(string(units.distanceSymbol)),"
        json += "\"distanceMeters\":\(list(timeline.distance.isEmpty ? [] : [timeline.distance.last ?? 0], 1)),"
        // Where the workout was at each charted point, exactly, for the map's cursor.
        let charted = Set(charts.flatMap(\.drawing.records)).filter { timeline.latitude[$0] != nil && timeline.longitude[$0] != nil }.sorted()
        json += "\"cursor\":{\"t\":\(list(charted.map { timeline.elapsed[$0] }, 1)),\"lat\":\(list(charted.map { timeline.latitude[$0] ?? 0 }, 6)),"
        json += "\"lon\":\(list(charted.map { timeline.longitude[$0] ?? 0 }, 6))},"
        json += "\"projection\":{\"originX\":\(ReportText.number(route.originX, decimals: 9)),\"originY\":\(ReportText.number(route.originY, decimals: 9)),\"scale\":\(ReportText.number(route.scale, decimals: 6))},"
        json += "\"track\":{\"t\":\(list(route.t, 1)),\"x\":\(list(route.x, 1)),\"y\":\(list(route.y, 1)),\"lat\":\(list(route.latitude, 6)),\"lon\":\(list(route.longitude, 6))},"
        json += "\"charts\":["
        for (index, chart) in charts.enumerated() {
            if index > 0 { json += "," }
            json += "{\"id\":\(string(chart.id)),\"key\":\(string(chart.series.key)),\"axis\":\(string(chart.axis.rawValue)),"
            json += "\"title\":\(string(chart.series.title)),\"unit\":\(string(chart.series.unit)),\"decimals\":\(chart.series.decimals),"
            json += "\"x\":\(list(chart.drawing.x, chart.axis == .time ? 1 : 4)),\"y\":\(list(chart.drawing.y, 2)),\"t\":\(list(chart.drawing.t, 1))}"
        }
        return json + "]}"
    }
}
