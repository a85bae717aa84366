import Foundation
import Hummingbird
import Markup
import RideUploads
import WorkoutClub

/// The club's page for where a rider's new rides go on to, `/settings/forwards`: the services they forward to, each
/// with a button to stop, the forms to connect Strava and intervals.icu, and their last rides on the way; the same
/// as `GET|PUT|DELETE /api/forwards…` (``ClubForwardRoutes``).
struct ForwardsPageRoutes {
    let catalog: ServedClub
    let forwards: ClubForwardRoutes

    struct Form: Decodable {
        var athleteID: String?
        var apiKey: String?
        var clientID: String?
        var clientSecret: String?
        var refreshToken: String?
        var csrf: String?
    }

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/settings/forwards") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let done = request.uri.queryParameters["done"].map(String.init)
            return try await page(viewer: viewer, notice: done.map { "Done: \($0 == "stopped" ? "rides no longer go there" : "new rides go to \($0) too")." })
        }
        routes.post("/settings/forwards/:service") { request, context in
            let form = try await PageForm.decode(Form.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            let destination = try ClubForwardRoutes.destination(try context.parameters.require("service"))
            let fields = ["athleteID": form.athleteID, "apiKey": form.apiKey, "clientID": form.clientID, "clientSecret": form.clientSecret,
                          "refreshToken": form.refreshToken].compactMapValues { $0 }
            do {
                _ = try await forwards.connect(destination, fields: fields, for: viewer.athlete.id)
            } catch let error as WebError {
                // Said on the page again, with the forms, rather than on a page of its own.
                return try await page(viewer: viewer, problem: error.message, status: error.status == .badRequest ? .unprocessableContent : error.status)
            }
            return ServerResponse.redirect(to: "/settings/forwards?done=\(destination.rawValue)")
        }
        routes.post("/settings/forwards/:service/stop") { request, context in
            let form = try await PageForm.decode(Form.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            let destination = try ClubForwardRoutes.destination(try context.parameters.require("service"))
            _ = try await catalog.club.removeForward(destination, of: viewer.athlete.id)
            return ServerResponse.redirect(to: "/settings/forwards?done=stopped")
        }
        return routes
    }

    func page(viewer: ClubViewer, notice: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let listing = try await forwards.listing(of: viewer.athlete.id)
        var html: HTML = problem.map { problem -> HTML in "<p class=\"message\" role=\"alert\" id=\"error-message\">\(problem)</p>" } ?? .empty
        if let notice { html += "<p id=\"forwards-done\" role=\"status\">\(notice)</p>" }
        html += "<p>Each ride synced to the club goes on to these services as a FIT file. The club only sends: it never reads your rides back.</p>"
        html += "<ul id=\"forwards\" class=\"riders\">"
        for service in listing.forwards {
            let name = service.service == "strava" ? "Strava" : "intervals.icu"
            html += "<li data-service=\"\(service.service)\">\(name)\(service.account.map { " (\($0))" } ?? "")"
            html += "<form method=\"post\" action=\"/settings/forwards/\(service.service)/stop\" class=\"inline\">\(catalog.formFields(viewer: viewer))"
            html += "<button type=\"submit\" id=\"stop-\(service.service)\">Stop</button></form></li>"
        }
        if listing.forwards.isEmpty { html += "<li>None yet.</li>" }
        html += "</ul><h2>intervals.icu</h2>"
        html += "<form method=\"post\" action=\"/settings/forwards/intervals\" class=\"edit\" id=\"connect-intervals\">\(catalog.formFields(viewer: viewer))"
        html += "<label for=\"intervals-athlete\">Athlete ID<input id=\"intervals-athlete\" name=\"athleteID\" placeholder=\"i12345\" required></label>"
        html += "<label for=\"intervals-key\">API key<input id=\"intervals-key\" name=\"apiKey\" type=\"password\" autocomplete=\"off\" required></label>"
        html += "<p class=\"hint\">Both are on intervals.icu's settings page, under Developer Settings.</p>"
        html += "<button type=\"submit\" id=\"connect-intervals-save\">Send rides to intervals.icu</button></form><h2>Strava</h2>"
        html += "<form method=\"post\" action=\"/settings/forwards/strava\" class=\"edit\" id=\"connect-strava\">\(catalog.formFields(viewer: viewer))"
        html += "<label for=\"strava-client\">Client ID<input id=\"strava-client\" name=\"clientID\" required></label>"
        html += "<label for=\"strava-secret\">Client secret<input id=\"strava-secret\" name=\"clientSecret\" type=\"password\" autocomplete=\"off\" required></label>"
        html += "<label for=\"strava-refresh\">Refresh token<input id=\"strava-refresh\" name=\"refreshToken\" type=\"password\" autocomplete=\"off\" required></label>"
        html += "<p class=\"hint\">Of your own API application (strava.com/settings/api), authorized with the activity:write scope; the club checks them with Strava now.</p>"
        html += "<button type=\"submit\" id=\"connect-strava-save\">Send rides to Strava</button></form>"
        html += "<h2>Last rides</h2><table id=\"forwarded\"><thead><tr><th>Workout</th><th>To</th><th>State</th><th>Tries</th><th>Problem</th></tr></thead><tbody>"
        for row in listing.rides {
            html += "<tr><td><a href=\"/workouts/\(row.workout)\">\(row.workout.prefix(8))</a></td><td>\(row.service)</td>"
            html += "<td>\(row.state)\(row.activity.map { " (\($0))" } ?? "")</td><td>\(row.attempts)</td><td>\(row.problem ?? "")</td></tr>"
        }
        if listing.rides.isEmpty { html += "<tr><td colspan=\"5\">None yet.</td></tr>" }
        html += "</tbody></table>"
        return ServerResponse.html(catalog.page(title: "Rides sent on", body: html, viewer: viewer), status: status)
    }
}
