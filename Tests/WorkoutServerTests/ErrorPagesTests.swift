import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import WorkoutServer

@Suite(.timeLimit(.minutes(2))) struct ErrorPagesTests {
    struct StoreFailed: Error, CustomStringConvertible { var description: String { "disk I/O error at page 4711" } }

    /// Log lines, kept to be read.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
    }
    struct Handler: LogHandler {
        let kept: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            kept.lines.withLock { $0.append("\(event.level) \(event.message) \(merged["hb.request.id"].map { "\($0)" } ?? "")") }
        }
    }

    @Test func aFailureNoRouteNamedAnswersWithABodyAndIsLoggedUnderTheRequestsId() async throws {
        let kept = Lines()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorPages<BasicRequestContext>())
        router.post("/api/workouts") { _, _ -> Response in throw StoreFailed() }
        router.post("/upload") { _, _ -> Response in throw StoreFailed() }
        router.get("/api/missing") { _, _ -> Response in throw WebError(.notFound, title: "No such workout", message: "none") }
        let app = Application(router: router, logger: Logger(label: "test") { _ in Handler(kept: kept) })
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/workouts", method: .post) { response in
                #expect(response.status == .internalServerError)
                let body = String(buffer: response.body)
                #expect(body.hasPrefix("{\"error\":") && body.contains("Something went wrong"), "\(body)")
                #expect(!body.contains("disk I/O"), "what failed inside stays in the log")
                let id = try #require(body.firstMatch(of: /\(request ([0-9a-f]+)\)/)?.1)
                #expect(kept.lines.withLock { $0 }.contains { $0.hasPrefix("error POST /api/workouts failed: ") && $0.contains("disk I/O error at page 4711") && $0.hasSuffix(String(id)) },
                        "\(id) \(kept.lines.withLock { $0 })")
            }
            try await client.execute(uri: "/upload", method: .post) { response in
                #expect(response.status == .internalServerError)
                #expect(String(buffer: response.body).contains("Something went wrong"))
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            }
            // What a route says itself passes as it said it.
            try await client.execute(uri: "/api/missing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("No such workout"))
            }
        }
    }
}
