import Foundation
import Hummingbird
import ServiceLifecycle
import WorkoutClub

/// Live sessions through the club: a recorder on the road sends its snapshots, numbered, and followers on any of
/// the club's server processes get them as server-sent events, in order, each once.
///
/// - `POST /api/live/{session}` (a recorder's token): `{"sequence": 7, "ended": false, "snapshot": {…}}`; 201 for a
///   new point, 200 for one stored already (a recorder sending again after losing the answer).
/// - `GET /api/live/{session}/events`: the points after `Last-Event-ID` (or `?after=`), then each new one as it is
///   stored, as `id: 7` and `data: {snapshot}` events; the stream ends after the session's last point. The session's
///   athlete follows it, and so do those who see the athlete's workouts (a group where they share them, its coaches),
///   on the page `/live/session/{session}`.
/// - `GET /live` and `GET /api/live`: everyone the viewer may follow who is riding now, on a map, with their alerts.
/// - `POST /api/live/{session}/share?hours=24&hide=300`: a link for anyone (with `hide`, a privacy zone: no position
///   within that many metres of the start, nor of the finish once the session has ended), the page `/live/shared/{token}` on its events
///   `/api/live/shared/{token}/events`, until it expires
///   (at most 30 days); `DELETE /api/live/{session}/share` revokes every link of the session. A link expired or revoked
///   answers 404, and a stream following it ends.
/// - Safety: an `alert` event (`{"alerts": [{"kind": "still"|"silent", "since", "message"}]}`) whenever the session's open
///   alerts change (``LiveSafetyMonitor`` raises them); `GET|PUT /api/safety` reads and sets the athlete's
///   `{"stillMinutes", "silentMinutes", "webhook"}` (with `webhookSecret`, the secret posts are signed with), and
///   `POST /api/safety/secret` makes that secret anew.
struct ClubLiveRoutes {
    let club: Club
    let hub: LiveSessionHub
    /// How long a follower waits for a wake before looking anyway.
    let idleLook: Duration
    /// The zone alerts tell times in.
    let timeZone: TimeZone

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.post("/api/live/:session") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let session = try Self.session(try context.parameters.require("session"))
            let body = try await request.collectBody(upTo: 64 << 10, what: "A live point")
            let bytes = Array(body.readableBytesView)
            guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                  let sequence = (object["sequence"] as? NSNumber)?.int64Value, let snapshot = object["snapshot"] as? [String: Any],
                  // The snapshot as the recorder wrote it, on one line; encoded again only when it cannot be found so.
                  let bodyText = RawJSONMember.object("snapshot", in: bytes)
                    ?? (try? JSONSerialization.data(withJSONObject: snapshot, options: [.sortedKeys])).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw WebError.badRequest("Bad request", "The body is not {\"sequence\": N, \"ended\": false, \"snapshot\": {…}}.")
            }
            let ended = (object["ended"] as? Bool) ?? false
            // The newest position the point carries, read as followers' privacy zones read it: whether the rider moves.
            let position = PrivacyZone.positions(of: snapshot["points"]).last.map { (latitude: $0[0], longitude: $0[1]) }
            let stored: Bool
            do {
                stored = try await club.storeLivePoint(session: session, sequence: sequence, body: bodyText, ended: ended,
                                                       athleteID: viewer.athlete.id, position: position)
            } catch let error as ClubError {
                throw WebError(.conflict, title: "Refused", message: error.description)
            }
            // This process's followers at once, with the point when it is new; the others through PostgreSQL's notification.
            await hub.wake(session, with: stored ? LivePoint(sequence: sequence, body: bodyText, sessionEnded: ended) : nil)
            return ServerResponse.json(["sequence": sequence], status: stored ? .created : .ok)
        }
        // When the rider's followers are alerted, and the webhook told.
        routes.get("/api/safety") { request, context in
            let viewer = try context.viewer(for: request)
            return ServerResponse.json(try await club.safetySettings(of: viewer.athlete.id))
        }
        routes.put("/api/safety") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let body = try await request.collectBody(upTo: 8 << 10, what: "Safety settings")
            guard let settings = try? JSONDecoder().decode(SafetySettings.self, from: Data(body.readableBytesView)) else {
                throw WebError.badRequest("Bad request", "The body is not {\"stillMinutes\": 10, \"silentMinutes\": 10, \"webhook\": \"https://…\"} (webhook optional).")
            }
            do {
                try await club.setSafetySettings(settings, for: viewer.athlete.id)
            } catch let error as ClubError {
                throw WebError(.unprocessableContent, title: "Refused", message: error.description)
            }
            // As kept: with the webhook's secret, made the first time a webhook is set.
            return ServerResponse.json(try await club.safetySettings(of: viewer.athlete.id))
        }
        // A new secret for the webhook, when the old one may have been seen.
        routes.post("/api/safety/secret") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            guard let settings = try await club.renewWebhookSecret(of: viewer.athlete.id) else {
                throw WebError(.notFound, title: "No webhook", message: "You have no webhook to sign for: set one first with PUT /api/safety.")
            }
            return ServerResponse.json(settings)
        }
        // Everyone the viewer may follow who is riding now: the map, and what it asks.
        routes.get("/live") { request, context in
            _ = try context.viewer(for: request)
            return ServerResponse.html(RidingNowPage.render())
        }
        routes.get("/api/live") { request, context in
            let viewer = try context.viewer(for: request)
            let riders = try await club.ridingNow(visibleTo: viewer.athlete.id).map {
                Rider(session: $0.session.uuidString, athlete: $0.athleteName, startedAt: $0.startedAt, updatedAt: $0.updatedAt,
                      latitude: $0.latitude, longitude: $0.longitude, alert: $0.alert?.rawValue, page: "/live/session/\($0.session.uuidString)")
            }
            return ServerResponse.json(["riders": riders])
        }
        // One rider's live page, for those who may follow them.
        routes.get("/live/session/:session") { request, context in
            let viewer = try context.viewer(for: request)
            let session = try Self.session(try context.parameters.require("session"))
            guard try await club.liveSession(session, visibleTo: viewer.athlete.id) != nil else { throw Self.unknown(session) }
            return ServerResponse.html(LivePage.render(events: "/api/live/\(session.uuidString)/events"))
        }
        routes.get("/api/live/:session/events") { request, context in
            let viewer = try context.viewer(for: request)
            let session = try Self.session(try context.parameters.require("session"))
            let athlete = viewer.athlete.id
            return try await events(of: session, request: request, follower: "athlete:\(athlete)") { try await club.liveSession(session, visibleTo: athlete) }
        }
        // A link for family and friends: anyone holding it follows, with no account, until it expires or is revoked.
        routes.post("/api/live/:session/share") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let session = try Self.session(try context.parameters.require("session"))
            let hours = request.uri.queryParameters.get("hours").flatMap(Double.init) ?? 24
            guard hours > 0, hours <= 24 * 30 else { throw WebError.badRequest("Bad request", "hours is more than 0 and at most 720 (30 days).") }
            let privacy = request.uri.queryParameters.get("hide").flatMap(Double.init) ?? 0
            guard privacy >= 0, privacy <= 5_000 else { throw WebError.badRequest("Bad request", "hide is the privacy zone's radius in metres, from 0 to 5000.") }
            let expires = club.now().addingTimeInterval(hours * 3_600)
            guard let secret = try await club.shareLiveSession(session, of: viewer.athlete.id, until: expires, privacyMeters: privacy > 0 ? privacy : nil) else {
                throw Self.unknown(session)
            }
            return ServerResponse.json(["page": "/live/shared/\(secret)", "events": "/api/live/shared/\(secret)/events",
                                        "expiresAt": ISO8601DateFormatter().string(from: expires)], status: .created)
        }
        routes.delete("/api/live/:session/share") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let session = try Self.session(try context.parameters.require("session"))
            let revoked = try await club.revokeLiveShares(of: session, athleteID: viewer.athlete.id)
            return ServerResponse.json(["revoked": revoked])
        }
        // The page a link opens: the live page, following the link's events.
        routes.get("/live/shared/:token") { _, context in
            let secret = try context.parameters.require("token")
            guard try await club.liveSession(sharedBy: secret) != nil else {
                throw Self.linkStopped
            }
            return ServerResponse.html(LivePage.render(events: "/api/live/shared/\(secret)/events"))
        }
        routes.get("/api/live/shared/:token/events") { request, context in
            let secret = try context.parameters.require("token")
            guard let share = try await club.liveShare(secret) else {
                throw Self.linkStopped
            }
            return try await events(of: share.session.id, request: request, follower: "link:\(secret)", privacyMeters: share.privacyMeters) {
                try await club.liveSession(sharedBy: secret)
            }
        }
        return routes
    }

    /// The events of `session` as server-sent events, from after `Last-Event-ID` (or `?after=`), while `visible` still
    /// finds it (an owner's, a link not yet revoked); the stream ends after the session's last point, or when the link
    /// stops. The points come through the hub, read once for all of the session's followers on this process; whether
    /// `follower` (who follows: an athlete, a link) still may is asked once an idle look for all who follow that way.
    ///
    /// With `privacyMeters`, the positions within that radius of the session's start, and once it has ended of its
    /// finish, are taken out of every point (a share link's privacy zone).
    func events(of session: UUID, request: Request, follower: String, privacyMeters: Double = 0,
                visible: @escaping @Sendable () async throws -> LiveSession?) async throws -> Response {
        // Asked once an idle look for everyone who follows the session the same way: a crowd opening the page at once
        // (a club watching a race start) costs one question, not one each. A link's own validity was read just before.
        guard let found = try await hub.confirmed(session, for: follower, every: idleLook, check: visible) else { throw Self.unknown(session) }
        // A session over before its follower came: its points, then the end.
        let endedBefore = found.endedAt != nil
        let firstZone: PrivacyZone? = privacyMeters > 0 ? try await Self.zone(of: session, radius: privacyMeters, ended: endedBefore, club: club) : nil
        let after = Int64(request.headers[.init("Last-Event-ID")!] ?? request.uri.queryParameters.get("after") ?? "0") ?? 0
        let wakes = await hub.follow(session, lookingEvery: idleLook)
        let club = club
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let hub = hub, idleLook = idleLook
        let read: @Sendable (Int64, Int) async throws -> [LivePoint] = { try await club.livePoints(of: session, after: $0, limit: $1) }
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            var last = after
            var zone = firstZone
            var alertsSent = ""
            var alertVersion: Int?
            var ended = endedBefore
            var lookedAt = ContinuousClock.now
            var iterator = wakes.makeAsyncIterator()
            while true {
                // Everything stored after the last point sent, in order: a missed wake costs time, never a point. The
                // session's end comes with its points.
                var sent = false
                var points = try await hub.points(of: session, after: last, limit: Self.pointsPerRead, read: read)
                // Until the session has a position, the zone's centre is not known: look again.
                if let current = zone, current.start == nil, !points.isEmpty {
                    zone = try await Self.zone(of: session, radius: current.radius, ended: false, club: club)
                }
                while !points.isEmpty {
                    for point in points {
                        let body = zone?.filtered(point.body) ?? point.body
                        try await writer.write(ByteBuffer(string: "id: \(point.sequence)\ndata: \(body)\n\n"))
                        last = point.sequence
                        ended = ended || point.sessionEnded
                    }
                    sent = true
                    // A page shorter than the limit was all there was: no second question.
                    points = points.count < Self.pointsPerRead ? [] : try await hub.points(of: session, after: last, limit: Self.pointsPerRead, read: read)
                }
                // The open alerts, as an `alert` event whenever they change (none at first is no news); read again only
                // when the hub says they may have changed, once for all the session's followers here.
                if await hub.alertVersion(of: session) != alertVersion {
                    let (version, alerts) = try await hub.alerts(of: session) { try await club.liveAlerts(of: session) }
                    alertVersion = version
                    let key = alerts.map { "\($0.kind.rawValue)@\($0.since.timeIntervalSince1970)" }.joined(separator: ",")
                    if key != alertsSent {
                        try await writer.write(ByteBuffer(string: "event: alert\ndata: \(LiveAlertWords.event(alerts, timeZone: timeZone))\n\n"))
                        alertsSent = key
                        sent = true
                    }
                }
                if ended { break }
                // Whether it may still be followed (a link expired or revoked) at most once an idle look.
                if ContinuousClock.now - lookedAt >= idleLook {
                    lookedAt = ContinuousClock.now
                    guard let now = try await hub.confirmed(session, for: follower, every: idleLook, check: visible), now.endedAt == nil else { break }
                }
                // A comment when nothing came, so that proxies keep an idle stream open.
                if !sent { try await writer.write(ByteBuffer(string: ": waiting\n\n")) }
                guard await iterator.next() != nil else { break }
            }
            try await writer.finish(nil)
        })
    }

    /// The privacy zone of `radius` metres around the session's first position (and its last, when `ended`), read from
    /// its points.
    static func zone(of session: UUID, radius: Double, ended: Bool, club: Club) async throws -> PrivacyZone {
        var zone = PrivacyZone(radius: radius)
        var after: Int64 = 0
        while true {
            let points = try await club.livePoints(of: session, after: after)
            guard let last = points.last else { return zone }
            for point in points {
                let positions = PrivacyZone.positions(in: point.body)
                guard let first = positions.first, let latest = positions.last else { continue }
                if zone.start == nil { zone.start = (first[0], first[1]) }
                // A session still running has no finish: its start is all there is to find.
                guard ended else { return zone }
                zone.finish = (latest[0], latest[1])
            }
            after = last.sequence
        }
    }

    /// Points read from the table at a time.
    static let pointsPerRead = 1_000

    /// The answer to a link expired, revoked or never made.
    static let linkStopped = WebError(.notFound, title: "No such live session", message: "This link shares nothing now: it has expired or was revoked.")

    static func unknown(_ session: UUID) -> WebError {
        WebError(.notFound, title: "No such live session", message: "No live session you may follow has the identifier \(session.uuidString).")
    }

    /// A rider on the map, as `GET /api/live` lists them.
    struct Rider: Encodable {
        var session: String
        var athlete: String
        var startedAt: Date
        var updatedAt: Date
        var latitude: Double?
        var longitude: Double?
        /// `still` or `silent` while an alert is open.
        var alert: String?
        /// Their live page.
        var page: String
    }

    static func session(_ text: String) throws -> UUID {
        guard let session = UUID(uuidString: text) else { throw WebError.badRequest("Bad request", "'\(text)' is not a live session's UUID.") }
        return session
    }
}

/// Hears the database's notifications for a club server, on a connection of its own, until the server shuts down:
/// live points and alerts for its followers (``LiveSessionHub``), revocations for the club's kept tokens
/// (``Club/heard(_:)``).
struct LiveListener: Service {
    let hub: LiveSessionHub
    let club: Club

    func run() async throws {
        let notices = club.database.notifications(on: Club.liveChannel)
        let (forHub, continuation) = AsyncStream.makeStream(of: DatabaseNotice.self, bufferingPolicy: .bufferingNewest(10_000))
        let hub = hub, club = club
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await hub.listen(to: forHub) }
                for await notice in notices {
                    club.heard(notice)
                    continuation.yield(notice)
                }
                // Stopped: no longer heard, as when the connection is lost.
                club.heard(.lost)
                continuation.finish()
            }
        }
    }
}
