import Foundation
import Hummingbird
import WorkoutClub

/// A club request's context: Hummingbird's, and who sent the request, as ``ClubIdentity`` found it.
struct ClubRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The athlete the request's bearer token or session cookie names; nil for neither, or for one no longer valid.
    var identified: ClubViewer?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        identified = nil
    }

    /// The request's athlete, or the refusal a request without one gets: the API answers 401 with how to send a
    /// token; a page sends a browser to log in (a GET comes back to it after) or answers 401.
    ///
    /// - Parameter changing: The request changes something: with the session cookie it must carry the page's
    ///   CSRF token (``ClubViewer/mayChange(_:formToken:)``), else 403.
    func viewer(for request: Request, changing: Bool = false) throws -> ClubViewer {
        guard let viewer = identified else {
            if WebError.isAPI(request) {
                throw WebError(.unauthorized, title: "Who are you?",
                               message: "Send a token as `Authorization: Bearer TOKEN` (an admin makes one with `workout serve tokens add`), or log in at /login.")
            }
            if request.method == .get { throw LoginRequired(returningTo: request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")) }
            throw WebError(.unauthorized, title: "Log in first", message: "Your session has ended; log in again at /login.")
        }
        if changing, !viewer.mayChange(request) {
            throw WebError(.forbidden, title: "Refused", message: "A change through the session cookie needs the page's X-CSRF-Token header.")
        }
        return viewer
    }
}

/// Finds who sent each club request (``ClubViewer/of(_:in:)``) and puts them in its context.
struct ClubIdentity: RouterMiddleware {
    typealias Context = ClubRequestContext
    let club: Club

    @concurrent func handle(_ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.identified = try await ClubViewer.of(request, in: club)
        return try await next(request, context)
    }
}

/// A page asked for without a session: the browser goes to log in, and comes back after.
struct LoginRequired: HTTPResponseError {
    /// The path (and query) to come back to.
    let returningTo: String

    var status: HTTPResponse.Status { .seeOther }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        ServerResponse.redirect(to: "/login?next=\(returningTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/")")
    }
}
