import Foundation
import HTTPTypes
import Hummingbird

/// Who may read and change the store through the web app.
///
/// A server reachable from other machines is private: every request, reading
/// included (the list, a workout, its track and files, the live page), needs
/// the token, unless the rider served it with `--public`. On loopback, reading
/// is open to this machine's users. A request that changes data
/// (upload, delete) is refused when it comes from another site's page (a
/// browser says so in `Sec-Fetch-Site`, or an `Origin` that is not this
/// server), so a web page cannot delete workouts through a browser on the
/// rider's machine; and, when the server has a token, it needs the token, as
/// `Authorization: Bearer TOKEN` or the cookie that visiting any page with
/// `?token=TOKEN` sets.
struct AccessPolicy<Context: RequestContext>: RouterMiddleware {
    /// The token requests that change data must carry, if any.
    let token: String?
    /// Whether reading needs the token too (a server off loopback that is not public).
    let readsNeedToken: Bool

    /// A policy for `token`; `readsNeedToken` only matters when there is a token.
    init(token: String?, readsNeedToken: Bool = false) {
        self.token = token
        self.readsNeedToken = readsNeedToken
    }

    static var cookieName: String { "workout_token" }

    @concurrent func handle(_ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response) async throws -> Response {
        let api = request.uri.path.hasPrefix("/api/")
        if let token, request.method == .get, let offered = request.uri.queryParameters["token"] {
            guard Self.same(String(offered), token) else { return ServerResponse.error(.unauthorized, api: api, title: "Wrong token", message: "The token in the address is not this server's token; ask whoever started `workout serve` for it.") }
            // Keep the token in a cookie (percent-encoded: a token may hold spaces) and drop it from the address bar.
            var response = ServerResponse.redirect(to: request.uri.path)
            response.setCookie(Cookie(name: Self.cookieName, value: token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "", path: "/",
                                      httpOnly: true, sameSite: .strict))
            return response
        }
        let changes = ![.get, .head, .options].contains(request.method)
        guard changes else {
            // A public workout's link is its own leave to read it (`/shared/{token}`), with the map under it (`/tiles/`:
            // the operator's map, nothing of the rider's); nothing else is read without the token.
            let open = request.uri.path.hasPrefix("/shared/") || request.uri.path.hasPrefix("/tiles/")
            if let token, readsNeedToken, !offersToken(request, token), !open {
                return ServerResponse.error(.unauthorized, api: api, title: "Token needed",
                                            message: "This server is private: its workouts start and end where the rider lives. Send the server's token as `Authorization: Bearer TOKEN`, or open any page once with ?token=TOKEN in its address.")
            }
            return try await next(request, context)
        }
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" || !sameOrigin(request) {
            return ServerResponse.error(.forbidden, api: api, title: "Refused", message: "A page from another site asked to change this store; only this server's own pages and API clients may.")
        }
        if let token {
            guard offersToken(request, token) else {
                return ServerResponse.error(.unauthorized, api: api, title: "Token needed",
                                            message: "Changing this store needs the server's token: send it as `Authorization: Bearer TOKEN`, or open any page once with ?token=TOKEN in its address.")
            }
        }
        return try await next(request, context)
    }

    /// Whether `request` carries `token`, as a bearer or in the cookie.
    private func offersToken(_ request: Request, _ token: String) -> Bool {
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let cookie = request.cookies[Self.cookieName].map { $0.value.removingPercentEncoding ?? $0.value }
        guard let offered = bearer ?? cookie else { return false }
        return Self.same(offered, token)
    }

    /// An `Origin` header, when present, names this server (the `Host` the request was sent to).
    private func sameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin], origin != "null" else { return true }
        guard let host = request.head.authority else { return false }
        return URL(string: origin)?.host.map { originHost in
            let port = URL(string: origin)?.port.map { ":\($0)" } ?? ""
            return "\(originHost)\(port)" == host
        } ?? false
    }

    /// Compares in time independent of where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) { difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0) }
        return difference == 0
    }
}
