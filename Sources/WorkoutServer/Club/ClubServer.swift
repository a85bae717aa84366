public import Foundation
import Hummingbird
import Logging
import RideUploads
import ServiceLifecycle
public import WorkoutClub

/// `workout serve --database …`: a club's server, where athletes log in, recorders
/// send workouts with their tokens, and groups see what their members share.
///
/// Pages: `/login`, `/` (the workouts one may see), `/workouts/{id}` (a report,
/// downloads, delete for its owner), `/squad?group=NAME` (who trained this
/// week), `/compare?a=ID&b=ID` (two workouts' laps side by side). API, with
/// `Authorization: Bearer TOKEN` or the session cookie and its CSRF token:
/// `GET /api/me`, `GET /api/workouts`, `GET /api/workouts/{id}` (with laps),
/// `GET /api/workouts/{id}/samples?type=heartRate`, `GET /api/workouts/{id}/file?format=fit`,
/// `GET /api/workouts/{id}/archive`, `PUT /api/workouts/{id}` (an archive, as
/// `workout sync` sends it), `DELETE /api/workouts/{id}`, `POST /api/sync/missing`,
/// `GET /api/squad?group=NAME&week=YYYY-MM-DD` and `GET /api/compare?a=ID&b=ID`. For proxies, with no login:
/// `GET /healthz`, `GET /readyz` (the database answers) and `GET /metrics` (Prometheus' text format). Live sessions:
/// `POST /api/live/{session}` and `GET /api/live/{session}/events` (``ClubLiveRoutes``). Rides sent on to Strava and
/// intervals.icu: `GET /api/forwards`, `PUT|DELETE /api/forwards/{service}` (``ClubForwardRoutes``), sent by a
/// ``RideForwarder`` beside the HTTP server.
///
/// A workout another athlete does not share answers 404, the same as one that
/// does not exist, on every route.
public struct ClubServer: Sendable {
    /// The club served.
    public let club: Club
    /// Where it listens; its token is not used (athletes have their own).
    public let configuration: WorkoutServer.Configuration
    /// Whether the session cookie is marked `Secure` (behind a TLS proxy).
    public let secureCookies: Bool
    /// Its figures, for `/metrics`.
    public let metrics = ServerMetrics()
    /// Wakes the followers of live sessions.
    let liveHub = LiveSessionHub()
    /// How often the server looks for live riders to alert their followers about.
    public var safetyLook: Duration = .seconds(15)
    /// How the server sends rides on to Strava and intervals.icu.
    public var forwarding = ForwardingSettings()
    /// How long a live session's follower waits for a wake before looking in the table anyway (a wake lost costs at
    /// most this).
    var liveIdleLook: Duration = .seconds(5)

    /// A server for `club`.
    public init(club: Club, configuration: WorkoutServer.Configuration, secureCookies: Bool = false) {
        self.club = club
        self.configuration = configuration
        self.secureCookies = secureCookies
    }

    /// Brings the club's tables up to date (and computes the training stress of workouts stored before the
    /// club kept one, ``Club/computeMissingFigures(batch:)``), then serves until the task is cancelled or the process gets SIGINT or
    /// SIGTERM (when `handlesSignals`), in one `ServiceGroup` with the database's client, if it has one to run
    /// (``ClubDatabase/service``): the HTTP server stops first, then the client, each gracefully.
    public func run(handlesSignals: Bool = true, onRunning: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
        let club = club
        var policy = UploadRetryPolicy.standard
        policy.firstWait = forwarding.firstRetryWait
        let uploader = RideUploader(policy: policy, pollInterval: forwarding.pollInterval, lostAnswerWait: forwarding.lostAnswerWait, now: club.now,
                                    sleep: { try await Task.sleep(for: $0) })
        let forwarder = RideForwarder(club: club, metrics: metrics, uploader: uploader, look: forwarding.look, lease: forwarding.lease, logger: Logger(label: "workout.serve.forward"))
        let safety = LiveSafetyMonitor(club: club, hub: liveHub, metrics: metrics, look: safetyLook, timeZone: configuration.timeZone,
                                       logger: Logger(label: "workout.serve.safety"))
        let services: [any Service] = (club.database.service.map { [$0] } ?? []) + [LiveListener(hub: liveHub, club: club), forwarder, safety]
        try await WorkoutServer.serve(router(), configuration: configuration, services: services, handlesSignals: handlesSignals,
                                      beforeServing: {
                                          try await club.migrate()
                                          try await club.computeMissingFigures()
                                      }, onRunning: onRunning)
    }

    /// The club's routes, each request's athlete found first, as it serves them (tests drive it in process).
    func router() -> Router<ClubRequestContext> {
        let router = Router(context: ClubRequestContext.self)
        router.add(middleware: MetricsRecorder<ClubRequestContext>(metrics: metrics))
        router.add(middleware: ErrorPages<ClubRequestContext>())
        // Health and figures before anyone is looked for: a proxy asks them with no login. Ready when the database answers.
        let club = club
        let metrics = metrics, hub = liveHub
        router.addRoutes(HealthRoutes<ClubRequestContext>(metrics: metrics, ready: { _ = try await club.database.read("SELECT 1 AS up") },
                                                          refresh: { metrics.following(await hub.followerCount) }).routes)
        router.add(middleware: ClubIdentity(club: club))
        let catalog = ServedClub(club: club, configuration: configuration)
        router.addRoutes(WorkoutPageRoutes(catalog: catalog).routes)
        router.addRoutes(WorkoutAPIRoutes(catalog: catalog).routes)
        router.addRoutes(AccountRoutes(catalog: catalog, secureCookies: secureCookies).routes)
        router.addRoutes(SquadRoutes(catalog: catalog).routes)
        router.addRoutes(ClubFitnessRoutes(catalog: catalog).routes)
        router.addRoutes(HistoryRoutes(catalog: catalog).routes)
        router.addRoutes(SettingsRoutes(catalog: catalog).routes)
        router.addRoutes(SafetyPageRoutes(catalog: catalog).routes)
        router.addRoutes(TileRoutes(catalog: catalog).routes)
        router.addRoutes(SharingRoutes(catalog: catalog).routes)
        router.addRoutes(ClubAdminRoutes(catalog: catalog, secureCookies: secureCookies).routes)
        router.addRoutes(SyncRoutes(catalog: catalog, metrics: metrics).routes)
        router.addRoutes(ClubLiveRoutes(club: club, hub: liveHub, idleLook: liveIdleLook, timeZone: configuration.timeZone).routes)
        let forwardRoutes = ClubForwardRoutes(club: club, settings: forwarding)
        router.addRoutes(forwardRoutes.routes)
        router.addRoutes(ForwardsPageRoutes(catalog: catalog, forwards: forwardRoutes).routes)
        return router
    }
}
