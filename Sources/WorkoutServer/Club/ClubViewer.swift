import Foundation
import HTTPTypes
import Hummingbird
import WorkoutClub

/// Who sent a request to the club server, and how they proved it.
struct ClubViewer: Sendable {
    /// The athlete.
    var athlete: Athlete
    /// The browser session's CSRF token, when the request came with the session cookie rather than a bearer token.
    var csrfToken: String?

    /// The session cookie's name.
    static let cookieName = "ohk_session"

    /// The viewer of `request`: a bearer token (a recorder, a script) or the session cookie (a browser); nil for neither.
    static func of(_ request: Request, in club: Club) async throws -> ClubViewer? {
        if let authorization = request.headers[.authorization] {
            guard authorization.hasPrefix("Bearer ") else { return nil }
            return try await club.athlete(forToken: String(authorization.dropFirst(7))).map { ClubViewer(athlete: $0, csrfToken: nil) }
        }
        guard let secret = request.cookies[cookieName]?.value else { return nil }
        return try await club.session(forCookie: secret).map { ClubViewer(athlete: $0.athlete, csrfToken: $0.csrfToken) }
    }

    /// Whether a change sent with this proof may go ahead: always with a bearer
    /// token; with the cookie only when the request carries the session's CSRF
    /// token (the `X-CSRF-Token` header, or a form's `csrf` field) and does not
    /// come from another site's page.
    func mayChange(_ request: Request, formToken: String? = nil) -> Bool {
        guard let csrfToken else { return true }
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" { return false }
        let offered = request.headers[HTTPField.Name("X-CSRF-Token")!] ?? formToken ?? ""
        return AccessPolicy<BasicRequestContext>.same(offered, csrfToken)
    }
}
