public import Foundation
public import OpenHealthKitCore
public import WorkoutReport
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// `workout serve`: the store as a web app and JSON API, and the live page of a recording.
///
/// Pages: `/` lists the workouts (sortable, filtered by activity and date, an
/// upload form), `/workouts/{id}` shows one as a report with downloads and
/// delete, `/live` follows a recording. The API beside them:
/// `GET /api/workouts`, `GET /api/workouts/{id}`,
/// `GET /api/workouts/{id}/samples?type=heartRate`,
/// `GET /api/workouts/{id}/file?format=fit`, `POST /api/workouts` (a file as
/// the body, or a multipart form), `DELETE /api/workouts/{id}`, and
/// `GET /live/events` (Server-Sent Events).
///
/// ```swift
/// let server = WorkoutServer(library: StoreCatalog(store: store), configuration: .init(host: "127.0.0.1", port: 8080))
/// try await server.run { url in print("serving on \(url)") }
/// ```
public struct WorkoutServer: Sendable {
    /// Where and how the server listens.
    public struct Configuration: Sendable {
        /// The address to listen on; loopback by default.
        public var host: String
        /// The port; 0 picks a free one (the URL passed to `run`'s callback tells which).
        public var port: Int
        /// The token requests must carry; required when `host` is not loopback. Off loopback every
        /// request needs it, reading included, unless `isPublic`; on loopback only changes do.
        public var token: String?
        /// Whether anyone who reaches the server may read the workouts without the token
        /// (`workout serve --public`); changes still need it.
        public var isPublic: Bool
        /// The time zone pages show dates in.
        public var timeZone: TimeZone
        /// Largest upload accepted, in bytes.
        public var uploadLimit: Int
        /// The clock pages read "today" from (the fitness page's last day); the system's unless a test sets one.
        public var clock: any WorkoutClock = SystemClock()
        /// The map this server serves itself (`workout serve --mbtiles`), at `/tiles/{z}/{x}/{y}`: drawn under a
        /// workout's route unless the reader chose otherwise in `/settings`, and asking nothing of another server.
        public var offlineTiles: OfflineTiles?

        /// A configuration; `token` is needed unless `host` is loopback.
        public init(host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, isPublic: Bool = false, timeZone: TimeZone = .current,
                    uploadLimit: Int = 64 << 20) {
            self.host = host
            self.port = port
            self.token = token
            self.isPublic = isPublic
            self.timeZone = timeZone
            self.uploadLimit = uploadLimit
        }

        /// Whether `host` only accepts connections from this machine.
        public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.") }

        /// Whether reading needs the token: off loopback, unless the server is public.
        public var readsNeedToken: Bool { !isLoopback && !isPublic }
    }

    /// The workouts served.
    public let library: StoreCatalog
    /// The recording the live page follows, if this server runs beside one.
    public let liveFeed: LiveFeed?
    /// Where and how it listens.
    public let configuration: Configuration
    /// Its figures, for `/metrics`.
    public let metrics = ServerMetrics()

    /// A server over `library`.
    /// - Precondition: a host other than loopback has a token.
    public init(library: StoreCatalog, liveFeed: LiveFeed? = nil, configuration: Configuration) {
        precondition(configuration.isLoopback || configuration.token != nil, "A server reachable from other machines needs a token")
        self.library = library
        self.liveFeed = liveFeed
        self.configuration = configuration
    }

    /// Serves until the task is cancelled or the process gets SIGINT or SIGTERM (when `handlesSignals`).
    /// - Parameters:
    ///   - handlesSignals: Finish on SIGINT and SIGTERM; leave false when the caller handles them.
    ///   - onRunning: Called once listening, with the server's address.
    public func run(handlesSignals: Bool = true, onRunning: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
        try await Self.serve(router(), configuration: configuration, handlesSignals: handlesSignals, onRunning: onRunning)
    }

    /// The server's routes behind its access policy, as it serves them (tests drive it in process).
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: MetricsRecorder<BasicRequestContext>(metrics: metrics))
        router.add(middleware: ErrorPages<BasicRequestContext>())
        // Health and figures before the access policy: a proxy asks them without the token.
        let library = library, liveFeed = liveFeed, metrics = metrics
        router.addRoutes(HealthRoutes<BasicRequestContext>(metrics: metrics, ready: { _ = try await library.workout(UUID().uuidString) },
                                                           refresh: { if let liveFeed { metrics.following(await liveFeed.followerCount) } }).routes)
        router.add(middleware: AccessPolicy<BasicRequestContext>(token: configuration.token, readsNeedToken: configuration.readsNeedToken))
        let catalog = ServedStore(library: library, configuration: configuration)
        router.addRoutes(WorkoutPageRoutes(catalog: catalog).routes)
        router.addRoutes(WorkoutAPIRoutes(catalog: catalog).routes)
        router.addRoutes(WorkoutEditRoutes(catalog: catalog).routes)
        router.addRoutes(LiveRoutes(liveFeed: liveFeed).routes)
        router.addRoutes(FitnessRoutes(catalog: catalog).routes)
        router.addRoutes(HistoryRoutes(catalog: catalog).routes)
        router.addRoutes(SettingsRoutes(catalog: catalog).routes)
        router.addRoutes(TileRoutes(catalog: catalog).routes)
        router.addRoutes(SharingRoutes(catalog: catalog).routes)
        return router
    }

    /// Runs `router` where `configuration` says, in one `ServiceGroup` with the long-lived `services` it needs
    /// (a club's PostgreSQL client), started before it and shut down after it, gracefully on SIGTERM or SIGINT.
    ///
    /// - Parameter beforeServing: Runs once the services run and before the server listens (a club's migrations).
    static func serve<Context: RequestContext>(_ router: Router<Context>, configuration: Configuration, services: [any Service] = [], handlesSignals: Bool,
                                               beforeServing: @escaping @Sendable () async throws -> Void = {},
                                               onRunning: @escaping @Sendable (URL) -> Void) async throws
    where Context.Source == ApplicationRequestContextSource {
        var logger = Logger(label: "workout.serve")
        logger.logLevel = .warning
        let host = configuration.host
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: configuration.port), serverName: "workout"),
                              onServerRunning: { channel in
                                  let port = channel.localAddress?.port ?? 0
                                  let shown = host.contains(":") ? "[\(host)]" : host
                                  if let url = URL(string: "http://\(shown):\(port)/") { onRunning(url) }
                              }, logger: logger)
        let http = PreparedService(prepare: beforeServing, service: app)
        let group = ServiceGroup(configuration: .init(services: services.map { .init(service: $0) } + [.init(service: http)],
                                                      gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
        try await group.run()
    }
}

/// A service that runs `prepare` before it runs `service`: the HTTP server starts listening only once what it
/// serves is ready.
struct PreparedService<Wrapped: Service>: Service {
    let prepare: @Sendable () async throws -> Void
    let service: Wrapped

    func run() async throws {
        try await prepare()
        try await service.run()
    }
}
