import Foundation
import Hummingbird

/// What a proxy or an orchestrator asks of a server: `GET /healthz` (the process answers), `GET /readyz` (it can do
/// its work: its store or database answers within five seconds; 503 with the reason otherwise), and `GET /metrics`
/// (``ServerMetrics`` in Prometheus' text format). They need no login or token, and are answered before any.
struct HealthRoutes<Context: RequestContext> {
    /// The figures `/metrics` shows.
    let metrics: ServerMetrics
    /// Throws when the server cannot do its work, saying why.
    let ready: @Sendable () async throws -> Void
    /// Brings the figures read at scrape time up to date (the live page's followers).
    var refresh: @Sendable () async -> Void = {}

    /// The three routes, as a route collection.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get("/healthz") { _, _ in Self.text("ok\n") }
        routes.get("/readyz") { _, _ in
            let ready = ready
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await ready() }
                    group.addTask {
                        try await Task.sleep(for: .seconds(5))
                        throw HealthTimeout()
                    }
                    try await group.next()
                    group.cancelAll()
                }
            } catch {
                return Self.text("not ready: \(error is HealthTimeout ? "no answer within 5 s" : String(describing: error))\n", status: .serviceUnavailable)
            }
            return Self.text("ready\n")
        }
        routes.get("/metrics") { _, _ in
            await refresh()
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: metrics.text)))
        }
        return routes
    }

    private static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The readiness check took too long.
private struct HealthTimeout: Error {}
