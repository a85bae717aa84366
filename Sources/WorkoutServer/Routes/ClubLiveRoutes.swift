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
///   athlete follows it (share links for others come with the share page).
struct ClubLiveRoutes {
    let club: Club
    let hub: LiveSessionHub
    /// How long a follower waits for a wake before looking anyway.
    let idleLook: Duration

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.post("/api/live/:session") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let session = try Self.session(try context.parameters.require("session"))
            let body = try await request.collectBody(upTo: 64 << 10, what: "A live point")
            guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
                  let sequence = (object["sequence"] as? NSNumber)?.int64Value, let snapshot = object["snapshot"] as? [String: Any],
                  let encoded = try? JSONSerialization.data(withJSONObject: snapshot, options: [.sortedKeys]) else {
                throw WebError.badRequest("Bad request", "The body is not {\"sequence\": N, \"ended\": false, \"snapshot\": {…}}.")
            }
            let ended = (object["ended"] as? Bool) ?? false
            let stored: Bool
            do {
                stored = try await club.storeLivePoint(session: session, sequence: sequence, body: String(decoding: encoded, as: UTF8.self), ended: ended,
                                                       athleteID: viewer.athlete.id)
            } catch let error as ClubError {
                throw WebError(.conflict, title: "Refused", message: error.description)
            }
            // This process's followers at once; the others through PostgreSQL's notification.
            await hub.wake(session)
            return ServerResponse.json(["sequence": sequence], status: stored ? .created : .ok)
        }
        routes.get("/api/live/:session/events") { request, context in
            let viewer = try context.viewer(for: request)
            let session = try Self.session(try context.parameters.require("session"))
            guard try await club.liveSession(session, visibleTo: viewer.athlete.id) != nil else {
                throw WebError(.notFound, title: "No such live session", message: "No live session you may follow has the identifier \(session.uuidString).")
            }
            let after = Int64(request.headers[.init("Last-Event-ID")!] ?? request.uri.queryParameters.get("after") ?? "0") ?? 0
            let wakes = await hub.follow(session, lookingEvery: idleLook)
            let club = club
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                var last = after
                var iterator = wakes.makeAsyncIterator()
                while true {
                    // Everything stored after the last point sent, in order: a missed wake costs time, never a point.
                    var sent = false
                    var points = try await club.livePoints(of: session, after: last)
                    while !points.isEmpty {
                        for point in points {
                            try await writer.write(ByteBuffer(string: "id: \(point.sequence)\ndata: \(point.body)\n\n"))
                            last = point.sequence
                        }
                        sent = true
                        points = try await club.livePoints(of: session, after: last)
                    }
                    if try await club.liveSession(session, visibleTo: viewer.athlete.id)?.endedAt != nil { break }
                    // A comment when nothing came, so that proxies keep an idle stream open.
                    if !sent { try await writer.write(ByteBuffer(string: ": waiting\n\n")) }
                    guard await iterator.next() != nil else { break }
                }
                try await writer.finish(nil)
            })
        }
        return routes
    }

    static func session(_ text: String) throws -> UUID {
        guard let session = UUID(uuidString: text) else { throw WebError.badRequest("Bad request", "'\(text)' is not a live session's UUID.") }
        return session
    }
}

/// Hears the database's notifications of live points for a club server's followers (``LiveSessionHub``), on a
/// connection of its own, until the server shuts down.
struct LiveListener: Service {
    let hub: LiveSessionHub
    let database: any ClubDatabase

    func run() async throws {
        let notices = database.notifications(on: Club.liveChannel)
        let hub = hub
        try await cancelWhenGracefulShutdown { await hub.listen(to: notices) }
    }
}
