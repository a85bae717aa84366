import ClubArchive
import Foundation
import Hummingbird
import WorkoutClub
import WorkoutFormats

/// How `workout sync` talks to a club: which workouts it lacks, a workout's archive sent and fetched.
struct SyncRoutes {
    let catalog: ServedClub
    /// Where each workout received is counted, by outcome.
    let metrics: ServerMetrics

    var club: Club { catalog.club }

    /// `POST /api/sync/missing`, `PUT` and `GET /api/workouts/{id}/archive`, as a route collection.
    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/api/workouts/:id/archive") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let archive = try await catalog.archive(of: try await catalog.require(context, viewer: viewer))
            return ServerResponse.file(archive.encoded(), name: "\(archive.id.uuidString).ohka", contentType: WorkoutArchive.contentType)
        }
        routes.put("/api/workouts/:id") { request, context in
            try await receive(request, id: try context.parameters.require("id"), viewer: try catalog.viewer(of: request, context: context, change: .api))
        }
        routes.post("/api/sync/missing") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let body = try await request.collectBody(upTo: 8 << 20, what: "The list of workouts")
            guard let asked = try? JSONDecoder().decode(WorkoutAPI.MissingRequest.self, from: Data(body.readableBytesView)), asked.ids.count <= 100_000 else {
                throw WebError.badRequest("Bad request", "The body is not {\"ids\": [UUID, …]} (at most 100,000).")
            }
            let ids = asked.ids.compactMap(UUID.init(uuidString:))
            let stored = try await club.storedIDs(of: viewer.athlete.id, among: ids)
            return ServerResponse.json(WorkoutAPI.Missing(missing: ids.filter { !stored.contains($0) }.map(\.uuidString)))
        }
        return routes
    }

    /// Stores the archive a recorder sent for workout `id`.
    func receive(_ request: Request, id: String, viewer: ClubViewer) async throws -> Response {
        guard let uuid = UUID(uuidString: id) else { throw WebError.badRequest("Bad request", "'\(id)' is not a workout UUID.") }
        let limit = catalog.configuration.uploadLimit
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: limit) } catch {
            throw WebError(.contentTooLarge, title: "Too large", message: "The archive is larger than \(limit >> 20) MB.")
        }
        let archive: WorkoutArchive
        do { archive = try WorkoutArchive(decoding: Data(body.readableBytesView)) } catch {
            throw WebError(.unprocessableContent, title: "Unreadable archive", message: error.description)
        }
        guard archive.id == uuid else { throw WebError.badRequest("Bad request", "The archive holds workout \(archive.id.uuidString), not \(uuid.uuidString); PUT it at its own address.") }
        let samples = archive.activity.records.count
        switch try await club.store(archive, owner: viewer.athlete.id) {
        case .stored:
            metrics.synced("stored")
            return ServerResponse.json(WorkoutAPI.Stored(id: uuid.uuidString, outcome: "stored", samples: samples), status: .created)
        case .alreadyStored:
            metrics.synced("alreadyStored")
            return ServerResponse.json(WorkoutAPI.Stored(id: uuid.uuidString, outcome: "alreadyStored", samples: samples))
        case .ownedByAnother:
            metrics.synced("refused")
            throw WebError(.conflict, title: "Not yours", message: "Another athlete's workout has the UUID \(uuid.uuidString); nothing was stored.")
        }
    }
}
