import Foundation
import Hummingbird
import Markup
import WorkoutClub

/// The club's page for a rider's safety alerts, `/settings/safety`: the minutes without moving or without a point
/// before their followers are alerted, and the webhook told, with the secret its posts are signed with and a button
/// to make it anew; the same settings as `GET|PUT /api/safety` and `POST /api/safety/secret`.
struct SafetyPageRoutes {
    let catalog: ServedClub

    struct Form: Decodable {
        var stillMinutes: String?
        var silentMinutes: String?
        var webhook: String?
        var csrf: String?
    }

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/settings/safety") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let settings = try await catalog.club.safetySettings(of: viewer.athlete.id)
            return ServerResponse.html(catalog.page(title: "Safety alerts", body: page(settings, viewer: viewer, saved: request.uri.queryParameters["saved"] != nil,
                                                                                        renewed: request.uri.queryParameters["renewed"] != nil),
                                                    viewer: viewer))
        }
        routes.post("/settings/safety") { request, context in
            let form = try await PageForm.decode(Form.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            let webhook = (form.webhook ?? "").trimmingCharacters(in: .whitespaces)
            // A refused value is said on the form again, as it was given, with what to give instead.
            func refuse(_ problem: String) -> Response {
                let given = SafetySettings(stillMinutes: Double(form.stillMinutes ?? "") ?? 0, silentMinutes: Double(form.silentMinutes ?? "") ?? 0,
                                           webhook: webhook.isEmpty ? nil : webhook)
                return ServerResponse.html(catalog.page(title: "Safety alerts", body: page(given, viewer: viewer, saved: false, problem: problem), viewer: viewer),
                                           status: .unprocessableContent)
            }
            guard let still = Double((form.stillMinutes ?? "").trimmingCharacters(in: .whitespaces)),
                  let silent = Double((form.silentMinutes ?? "").trimmingCharacters(in: .whitespaces)) else {
                return refuse("Give each number of minutes as a number, such as 10 or 2.5.")
            }
            do {
                try await catalog.club.setSafetySettings(SafetySettings(stillMinutes: still, silentMinutes: silent, webhook: webhook.isEmpty ? nil : webhook),
                                                         for: viewer.athlete.id)
            } catch let error as ClubError {
                return refuse(error.description)
            }
            return ServerResponse.redirect(to: "/settings/safety?saved")
        }
        routes.post("/settings/safety/secret") { request, context in
            let form = try await PageForm.decode(Form.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            _ = try await catalog.club.renewWebhookSecret(of: viewer.athlete.id)
            return ServerResponse.redirect(to: "/settings/safety?renewed")
        }
        return routes
    }

    func page(_ settings: SafetySettings, viewer: ClubViewer, saved: Bool, renewed: Bool = false, problem: String? = nil) -> HTML {
        var html: HTML = problem.map { problem -> HTML in "<p class=\"message\" role=\"alert\" id=\"error-message\">\(problem)</p>" } ?? .empty
        if saved { html += "<p id=\"safety-saved\" role=\"status\">Saved: your followers are alerted after \(Self.minutes(settings.stillMinutes)) without moving "
            + "or \(Self.minutes(settings.silentMinutes)) without a point from your recorder\(settings.webhook == nil ? "" : ", and your webhook is told").</p>" }
        if renewed { html += "<p id=\"safety-renewed\" role=\"status\">A new secret: posts are signed with it from now on; give it to your webhook's receiver.</p>" }
        html += "<p>While you ride with <code>workout record --live-to</code>, your followers' pages show an alert when you have not moved 50 m, "
        html += "or your recorder has not been heard from, for these minutes; it clears when you move on or it is heard again.</p>"
        html += "<form method=\"post\" action=\"/settings/safety\" class=\"edit\" id=\"safety\">\(catalog.formFields(viewer: viewer))"
        html += "<label for=\"safety-still\">Minutes without moving<input id=\"safety-still\" name=\"stillMinutes\" inputmode=\"decimal\" required value=\"\(Self.number(settings.stillMinutes))\"></label>"
        html += "<label for=\"safety-silent\">Minutes without a point<input id=\"safety-silent\" name=\"silentMinutes\" inputmode=\"decimal\" required value=\"\(Self.number(settings.silentMinutes))\"></label>"
        html += "<p class=\"hint\">From 0.05 to 1440 (a day).</p>"
        html += "<label for=\"safety-webhook\">Webhook<input id=\"safety-webhook\" name=\"webhook\" type=\"url\" value=\"\(settings.webhook ?? "")\""
        html += " placeholder=\"https://ntfy.example.org/my-ride\"></label>"
        html += "<p class=\"hint\">An http:// or https:// address that gets each alert and its clearing as JSON; empty for none.</p>"
        if let secret = settings.webhookSecret {
            html += "<p class=\"hint\" id=\"safety-secret\">Its posts are signed with <code>\(secret)</code>: <code>X-OHK-Signature</code> holds <code>sha256=</code> and the "
            html += "HMAC-SHA256 of <code>X-OHK-Timestamp</code>, a full stop and the body.</p>"
        }
        html += "<button type=\"submit\" id=\"safety-save\">Save</button></form>"
        if settings.webhook != nil {
            html += "<form method=\"post\" action=\"/settings/safety/secret\" id=\"safety-renew\">\(catalog.formFields(viewer: viewer))"
            html += "<button type=\"submit\" id=\"safety-renew-button\">Make a new secret</button></form>"
        }
        return html
    }

    /// `10` rather than `10.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    static func minutes(_ value: Double) -> String {
        "\(number(value)) minute\(value == 1 ? "" : "s")"
    }
}
