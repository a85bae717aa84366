import Foundation
import Hummingbird
import Markup
import WorkoutCatalog

/// Who may see a workout, on both servers: its sharing page (`/workouts/{id}/sharing`), the API's
/// `GET` and `PUT /api/workouts/{id}/sharing`, and a public workout's page at its link, `/shared/{token}`,
/// which anyone with the link reads without the server's token or a log-in, and with no way to change it.
struct SharingRoutes<Catalog: ServedCatalog> {
    let catalog: Catalog

    struct Form: Decodable {
        var visibility: String?
        var csrf: String?
    }

    var routes: RouteCollection<Catalog.Context> {
        let routes = RouteCollection(context: Catalog.Context.self)
        routes.get("/workouts/:id/sharing") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let entry = try await catalog.require(context, viewer: viewer)
            return ServerResponse.html(catalog.page(title: "Who may see it", body: page(entry, sharing: try await owned(entry, viewer: viewer), viewer: viewer), viewer: viewer))
        }
        routes.post("/workouts/:id/sharing") { request, context in
            let form = try await PageForm.decode(Form.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            let entry = try await catalog.require(context, viewer: viewer)
            _ = try await change(entry, to: form.visibility, viewer: viewer)
            return ServerResponse.redirect(to: "/workouts/\(catalog.summary(of: entry).id)/sharing")
        }
        routes.get("/api/workouts/:id/sharing") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.json(try await owned(try await catalog.require(context, viewer: viewer), viewer: viewer))
        }
        routes.put("/api/workouts/:id/sharing") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .api)
            let entry = try await catalog.require(context, viewer: viewer)
            let body = try await request.collectBody(upTo: 4 << 10, what: "The sharing")
            let form: Form
            do { form = try JSONDecoder().decode(Form.self, from: Data(body.readableBytesView)) } catch {
                let reason = (error as? DecodingError)?.plainDescription ?? "the body cannot be read"
                throw WebError.badRequest("Bad sharing", "Send a JSON object with \"visibility\": \(choices): \(reason).")
            }
            return ServerResponse.json(try await change(entry, to: form.visibility, viewer: viewer))
        }
        routes.get("/shared/:token") { request, context in
            let token = try context.parameters.require("token")
            guard let entry = try await catalog.sharedEntry(token) else {
                throw WebError(.notFound, title: "No such link", message: "No workout is shared at this link: its athlete may have made it private again. Ask them for a new one.")
            }
            return try await WorkoutPageRoutes(catalog: catalog).report(entry, settings: DisplaySettings(request), links: [])
        }
        return routes
    }

    /// The choices, for messages: `"private" or "public"`.
    var choices: String { catalog.visibilities.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }

    /// The workout's sharing, or the refusal of a viewer whose workout it is not.
    func owned(_ entry: Catalog.Entry, viewer: Catalog.Viewer) async throws -> WorkoutSharing {
        guard let sharing = try await catalog.sharing(of: entry, viewer: viewer) else {
            throw WebError(.forbidden, title: "Not yours", message: "Only the athlete whose workout it is may say who sees it.")
        }
        return sharing
    }

    /// The workout made `visibility` (one of the catalog's choices), or the refusal saying the choices.
    func change(_ entry: Catalog.Entry, to text: String?, viewer: Catalog.Viewer) async throws -> WorkoutSharing {
        _ = try await owned(entry, viewer: viewer)
        guard let visibility = text.flatMap(WorkoutVisibility.init(rawValue:)), catalog.visibilities.contains(visibility) else {
            throw WebError.badRequest("Bad visibility", "visibility=\(text ?? "") is not a choice here; give \(choices).")
        }
        guard let sharing = try await catalog.setVisibility(visibility, of: entry, viewer: viewer) else {
            throw WebError(.forbidden, title: "Not yours", message: "Only the athlete whose workout it is may say who sees it.")
        }
        return sharing
    }

    func page(_ entry: Catalog.Entry, sharing: WorkoutSharing, viewer: Catalog.Viewer) -> HTML {
        let summary = catalog.summary(of: entry)
        var html: HTML = "<p>\(ServerPage.describe(summary)) <a href=\"/workouts/\(summary.id)\">Back to the workout</a></p>"
        html += "<form method=\"post\" action=\"/workouts/\(summary.id)/sharing\" class=\"edit\" id=\"sharing\">\(catalog.formFields(viewer: viewer))"
        html += "<fieldset><legend>Who may see it</legend>"
        for visibility in catalog.visibilities {
            let checked: HTML = sharing.visibility == visibility ? " checked" : .empty
            html += "<label class=\"check\"><input type=\"radio\" name=\"visibility\" value=\"\(visibility.rawValue)\"\(checked)> \(visibility.explanation)</label>"
        }
        html += "</fieldset><button type=\"submit\" id=\"sharing-save\">Save</button></form>"
        if let link = sharing.link {
            html += "<p id=\"shared-link\">Its link: <a href=\"\(link)\">\(link)</a> (on this server). Whoever has it sees the workout's page, "
            html += "route included; making it private again stops the link working, and a new one is made if it is made public again.</p>"
        }
        return html
    }
}
