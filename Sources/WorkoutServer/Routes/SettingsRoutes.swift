import Foundation
import Hummingbird
import Markup
import WorkoutReport

/// `GET /settings` and its form: kilometres or miles and the time zone, kept in the browser's cookies for a
/// year; the pages (list, workouts, history) read them.
struct SettingsRoutes<Catalog: ServedCatalog> {
    let catalog: Catalog

    struct Form: Decodable {
        var units: String?
        var timeZone: String?
        var map: String?
        var tiles: String?
        var csrf: String?
    }

    var routes: RouteCollection<Catalog.Context> {
        let routes = RouteCollection(context: Catalog.Context.self)
        routes.get("/settings") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.html(catalog.page(title: "Settings", body: page(DisplaySettings(request), viewer: viewer, saved: request.uri.queryParameters["saved"] != nil),
                                                    viewer: viewer))
        }
        routes.post("/settings") { request, context in
            let form = try await PageForm.decode(Form.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            guard let units = ReportUnits(rawValue: form.units ?? "metric") else {
                throw WebError.badRequest("Bad settings", "units=\(form.units ?? "") is neither metric nor imperial.")
            }
            // A refused value is said on the form again, with what to give instead.
            func refuse(_ problem: String) -> Response {
                let page = page(DisplaySettings(units: units), viewer: viewer, saved: false, problem: problem)
                return ServerResponse.html(catalog.page(title: "Settings", body: page, viewer: viewer), status: .unprocessableContent)
            }
            let zone = (form.timeZone ?? "").trimmingCharacters(in: .whitespaces)
            guard zone.isEmpty || TimeZone(identifier: zone) != nil else {
                return refuse("'\(zone)' is not a time zone; give one such as Europe/Paris, America/Denver or UTC, or leave it empty for the server's.")
            }
            let tiles = (form.tiles ?? "").trimmingCharacters(in: .whitespaces)
            // The map: none, the server's own, or a tile server's template; a template given alone chooses it.
            let map: DisplaySettings.MapChoice?
            switch form.map ?? (tiles.isEmpty ? "" : "tiles") {
            case "": map = nil
            case "none": map = .noMap
            case "server" where catalog.configuration.offlineTiles != nil: map = .serversOwn
            case "tiles":
                guard DisplaySettings.isTileTemplate(tiles) else {
                    return refuse("'\(tiles)' is not a tile server's URL template; give one with {z}, {x} and {y}, such as "
                                  + "https://tile.openstreetmap.org/{z}/{x}/{y}.png, or choose no map.")
                }
                map = .tileServer(tiles)
            default:
                return refuse("map=\(form.map ?? "") is not a map this server offers; choose none\(catalog.configuration.offlineTiles == nil ? "" : ", this server's map") or a tile server.")
            }
            // Kept for a year; an empty one is removed.
            var response = ServerResponse.redirect(to: "/settings?saved")
            for (name, value) in [(DisplaySettings.unitsCookie, units.rawValue), (DisplaySettings.timeZoneCookie, zone),
                                  (DisplaySettings.tilesCookie, map?.cookieValue ?? "")] {
                response.setCookie(Cookie(name: name, value: value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "",
                                          maxAge: value.isEmpty ? 0 : 31_536_000, path: "/", httpOnly: true, sameSite: .lax))
            }
            return response
        }
        return routes
    }

    func page(_ settings: DisplaySettings, viewer: Catalog.Viewer, saved: Bool, problem: String? = nil) -> HTML {
        var html: HTML = problem.map { problem -> HTML in "<p class=\"message\" role=\"alert\" id=\"error-message\">\(problem)</p>" } ?? .empty
        if saved { html += "<p id=\"settings-saved\" role=\"status\">Saved: the pages now show \(settings.units == .metric ? "kilometres" : "miles")"
            + " and times in \(settings.timeZone?.identifier ?? "the server's time zone (\(catalog.configuration.timeZone.identifier))")"
            + (settings.tiles(served: catalog.configuration.offlineTiles) == nil ? "" : ", with map tiles") + ".</p>" }
        html += "<form method=\"post\" action=\"/settings\" class=\"edit\" id=\"settings\">\(catalog.formFields(viewer: viewer))"
        html += "<fieldset><legend>Units</legend>"
        for units in ReportUnits.allCases {
            let checked: HTML = settings.units == units ? " checked" : .empty
            let name = units == .metric ? "Metric: km, km/h, m" : "Imperial: mi, mph, ft"
            html += "<label class=\"check\"><input type=\"radio\" name=\"units\" value=\"\(units.rawValue)\"\(checked)> \(name)</label>"
        }
        html += "</fieldset><label for=\"settings-time-zone\">Time zone<input id=\"settings-time-zone\" name=\"timeZone\" value=\"\(settings.timeZone?.identifier ?? "")\""
        html += " placeholder=\"\(catalog.configuration.timeZone.identifier)\" list=\"time-zones\"></label>"
        html += "<p class=\"hint\">As Europe/Paris or America/Denver; empty keeps the server's (\(catalog.configuration.timeZone.identifier)).</p>"
        let served = catalog.configuration.offlineTiles
        var choices: [(value: String, name: String, chosen: Bool)] = [("none", "None: the pages ask nothing of another server", settings.map == .noMap || (settings.map == nil && served == nil))]
        if served != nil { choices.append(("server", "This server's map (offline, from its MBTiles file)", settings.map == .serversOwn || settings.map == nil)) }
        var template = ""
        if case .tileServer(let given) = settings.map { template = given }
        choices.append(("tiles", "A tile server (below)", !template.isEmpty))
        html += "<fieldset><legend>Map under a route</legend>"
        for choice in choices {
            html += "<label class=\"check\"><input type=\"radio\" name=\"map\" value=\"\(choice.value)\"\(choice.chosen ? HTML.raw(" checked") : .empty)> \(choice.name)</label>"
        }
        html += "</fieldset><label for=\"settings-tiles\">Tile server<input id=\"settings-tiles\" name=\"tiles\" value=\"\(template)\""
        html += " placeholder=\"https://tile.openstreetmap.org/{z}/{x}/{y}.png\"></label>"
        html += "<p class=\"hint\">A tile server's address with {z}, {x} and {y}, drawn under a workout's route and credited under the map; "
        html += "that server then learns where the route is.</p><datalist id=\"time-zones\">"
        for zone in TimeZone.knownTimeZoneIdentifiers { html += "<option value=\"\(zone)\">" }
        return html + "</datalist><button type=\"submit\" id=\"settings-save\">Save</button></form>"
    }
}
