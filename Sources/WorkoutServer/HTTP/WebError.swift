import Hummingbird

/// A request the web app refuses, thrown from a route: a page for a browser, or for the API (paths under
/// `/api/`) `{"error": {"status": …, "title": …, "message": …}}`, with the status it carries.
struct WebError: HTTPResponseError {
    /// The status answered.
    let status: HTTPResponse.Status
    /// A heading for people: "No such workout".
    let title: String
    /// What went wrong and what to do.
    let message: String

    /// An error answering `status`.
    init(_ status: HTTPResponse.Status, title: String, message: String) {
        self.status = status
        self.title = title
        self.message = message
    }

    /// The error as the request's kind of client reads it.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        ServerResponse.error(status, api: Self.isAPI(request), title: title, message: message)
    }

    /// Whether `request` is the JSON API's: its answers, errors too, are JSON.
    static func isAPI(_ request: Request) -> Bool { request.uri.path.hasPrefix("/api/") }

    /// A bad request: what in it cannot be used.
    static func badRequest(_ title: String, _ message: String) -> WebError { WebError(.badRequest, title: title, message: message) }
}
