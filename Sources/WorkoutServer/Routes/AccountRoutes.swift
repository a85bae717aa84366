import Foundation
import HTTPTypes
import Hummingbird
import WorkoutClub

/// A club's accounts: logging in and out with the session cookie, and `GET /api/me`.
struct AccountRoutes {
    let catalog: ServedClub
    /// Whether the session cookie is marked `Secure` (behind a TLS proxy).
    let secureCookies: Bool

    var club: Club { catalog.club }

    /// The login form's fields.
    struct LoginForm: Decodable {
        var name: String?
        var password: String?
        var next: String?
    }

    /// Log in, log out and who one is, as a route collection.
    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/login") { request, _ in
            ServerResponse.html(ClubPage.login(next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)), message: nil))
        }
        routes.post("/login") { request, _ in try await logIn(request) }
        routes.post("/logout") { request, context in
            _ = try catalog.viewer(of: request, context: context, change: .none)
            let form = try await PageForm.read(request)
            _ = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            if let secret = request.cookies[ClubViewer.cookieName]?.value { try await club.closeSession(cookie: secret) }
            var response = ServerResponse.redirect(to: "/login")
            response.setCookie(Cookie(name: ClubViewer.cookieName, value: "", maxAge: 0, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax))
            return response
        }
        routes.get("/api/me") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.json(WorkoutAPI.Me(athlete: viewer.athlete, groups: try await club.groups(of: viewer.athlete.id)))
        }
        return routes
    }

    func logIn(_ request: Request) async throws -> Response {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
            throw WebError(.forbidden, title: "Refused", message: "This form is out of date or came from another site; reload the page and try again.")
        }
        let form = try await PageForm.decode(LoginForm.self, from: request)
        let next = Self.safeNext(form.next)
        let athlete: Athlete?
        do {
            athlete = try await club.logIn(name: form.name ?? "", password: form.password ?? "")
        } catch let refusal as ClubError {
            // Locked out (429) or too many checks at once (503): say so, and when to try again.
            var wait = 1.0
            var message = refusal.description
            if case .tooManyAttempts(let name, let until) = refusal {
                wait = until.timeIntervalSince(club.now())
                // In the reader's words: how long, not a UTC timestamp.
                let seconds = max(1, Int(wait.rounded(.up)))
                message = "Too many wrong passwords for '\(name)': logging in under that name is refused for "
                    + (seconds < 90 ? "\(seconds) more seconds" : "\((seconds + 59) / 60) more minutes") + ". Try again after that."
            }
            var response = ServerResponse.html(ClubPage.login(next: next, message: message, name: form.name ?? ""),
                                               status: refusal == .busy ? .serviceUnavailable : .tooManyRequests)
            response.headers[.retryAfter] = String(max(1, Int(wait.rounded(.up))))
            return response
        }
        guard let athlete else {
            return ServerResponse.html(ClubPage.login(next: next, message: "That name and password do not match an account.", name: form.name ?? ""),
                                       status: .unauthorized)
        }
        let (secret, _) = try await club.openSession(for: athlete)
        var response = ServerResponse.redirect(to: next)
        response.setCookie(Cookie(name: ClubViewer.cookieName, value: secret, maxAge: 2_592_000, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax))
        return response
    }

    /// A local path to go to after logging in; anything else is `/`.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return "/" }
        return next
    }
}
