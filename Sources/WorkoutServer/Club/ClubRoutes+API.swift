import ClubArchive
import Foundation
import Hummingbird
import WorkoutClub
import WorkoutFormats
import WorkoutReport
import WorkoutCatalog

/// The club's JSON API: recorders and scripts with a bearer token, pages' scripts with the session cookie.
extension ClubRoutes {
    func addAPI(to router: Router<ClubRequestContext>) {
        router.get("/api/me") { request, context in
            let viewer = try context.viewer(for: request)
            return ServerResponse.json(WorkoutAPI.Me(athlete: viewer.athlete, groups: try await club.groups(of: viewer.athlete.id)))
        }
        router.get("/api/workouts") { request, context in
            let viewer = try context.viewer(for: request)
            let filter: ListFilter
            do { filter = try ListFilter(request) } catch let error as WorkoutListQueryError { throw WebError.badRequest("Bad request", error.description) }
            let (page, matching) = try await list(filter, viewer: viewer)
            return ServerResponse.json(WorkoutAPI.Page(workouts: page, matching: matching, page: filter.query.page, pageSize: filter.query.pageSize))
        }
        router.get("/api/workouts/:id") { request, context in
            let viewer = try context.viewer(for: request)
            let requested = try context.parameters.require("id")
            guard let id = UUID(uuidString: requested), let workout = try await club.workout(id, visibleTo: viewer.athlete.id),
                  let laps = try await club.laps(of: id, visibleTo: viewer.athlete.id)
            else { throw unknown(requested) }
            let base = "/workouts/\(id.uuidString)"
            var links = ["page": base, "samples": "/api\(base)/samples?type=heartRate", "archive": "/api\(base)/archive"]
            for format in ActivityFileFormat.allCases { links[format.rawValue] = "/api\(base)/file?format=\(format)" }
            let counts = try await club.seriesCounts(of: id)
            return ServerResponse.json(WorkoutAPI.ClubDetail(workout: workout, laps: laps,
                                                      samples: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }), links: links))
        }
        router.get("/api/workouts/:id/samples") { request, context in
            let viewer = try context.viewer(for: request)
            let requested = try context.parameters.require("id")
            guard let archive = try await archive(requested, viewer) else { throw unknown(requested) }
            let name = request.uri.queryParameters["type"].map(String.init) ?? ""
            let readings: [(String, String, KeyPath<ActivityRecord, Double?>)] = [
                ("heartRate", "count/min", \.heartRate), ("speed", "m/s", \.speed), ("power", "W", \.power), ("cadence", "count/min", \.cadence),
                ("altitude", "m", \.altitude), ("distance", "m", \.distance),
            ]
            guard let (type, unit, path) = readings.first(where: { $0.0 == name }) else {
                throw WebError.badRequest("Bad request", "type=\(name) is not a reading workouts hold; use \(readings.map(\.0).joined(separator: ", ")).")
            }
            let samples = archive.activity.records.compactMap { record in record[keyPath: path].map { WorkoutAPI.Samples.Sample(start: record.date, end: record.date, value: $0) } }
            return ServerResponse.json(WorkoutAPI.Samples(type: type, unit: unit, samples: samples))
        }
        router.get("/api/workouts/:id/file") { request, context in
            let viewer = try context.viewer(for: request)
            return try await download(try context.parameters.require("id"), format: request.uri.queryParameters["format"].map(String.init) ?? "fit", viewer: viewer)
        }
        router.get("/api/workouts/:id/archive") { request, context in
            let viewer = try context.viewer(for: request)
            let requested = try context.parameters.require("id")
            guard let archive = try await archive(requested, viewer) else { throw unknown(requested) }
            return ServerResponse.file(archive.encoded(), name: "\(archive.id.uuidString).ohka", contentType: WorkoutArchive.contentType)
        }
        router.post("/api/workouts") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            switch try await receiveFile(request, viewer: viewer, needsFormToken: false) {
            case .success(let id):
                guard let workout = try await club.workout(id, visibleTo: viewer.athlete.id) else { throw unknown(id.uuidString) }
                return ServerResponse.json(workout, status: .created)
            case .failure(let failure): throw failure
            }
        }
        router.put("/api/workouts/:id") { request, context in
            try await receive(request, id: try context.parameters.require("id"), viewer: try context.viewer(for: request, changing: true))
        }
        router.delete("/api/workouts/:id") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let requested = try context.parameters.require("id")
            guard let id = UUID(uuidString: requested), try await club.deleteWorkout(id, owner: viewer.athlete.id) else { throw unknown(requested) }
            return Response(status: .noContent)
        }
        router.post("/api/sync/missing") { request, context in
            let viewer = try context.viewer(for: request)
            let body = try await request.body.collect(upTo: 8 << 20)
            guard let asked = try? JSONDecoder().decode(WorkoutAPI.MissingRequest.self, from: Data(body.readableBytesView)), asked.ids.count <= 100_000 else {
                throw WebError.badRequest("Bad request", "The body is not {\"ids\": [UUID, …]} (at most 100,000).")
            }
            let ids = asked.ids.compactMap(UUID.init(uuidString:))
            let stored = try await club.storedIDs(of: viewer.athlete.id, among: ids)
            return ServerResponse.json(WorkoutAPI.Missing(missing: ids.filter { !stored.contains($0) }.map(\.uuidString)))
        }
        router.get("/api/squad") { request, context in
            let viewer = try context.viewer(for: request)
            return switch try await squad(request, viewer: viewer) {
            case .success(let squad): ServerResponse.json(squad)
            case .failure(let failure): throw failure
            }
        }
        router.get("/api/compare") { request, context in
            let viewer = try context.viewer(for: request)
            return switch try await comparison(request, viewer: viewer) {
            case .success(let comparison): ServerResponse.json(comparison)
            case .failure(let failure): throw failure
            }
        }
    }

    /// Stores the FIT, TCX or GPX file `request` carries as a workout of `viewer`'s; its UUID, or why not.
    ///
    /// A file whose workout `viewer` has already (the same activity starting the same second, sent by a recorder
    /// or uploaded before) is refused with 409; an unreadable one with 422 and the reader's message.
    func receiveFile(_ request: Request, viewer: ClubViewer, needsFormToken: Bool) async throws -> Result<UUID, UploadedFile.Failure> {
        let file: UploadedFile
        switch await UploadedFile.read(request, limit: configuration.uploadLimit) {
        case .success(let read): file = read
        case .failure(let failure): return .failure(failure)
        }
        if needsFormToken, !viewer.mayChange(request, formToken: file.fields["csrf"]) {
            return .failure(UploadedFile.Failure(status: .forbidden, message: "This form is out of date or came from another site; reload the page and try again."))
        }
        let archive: WorkoutArchive
        do { archive = try await ClubUpload.archive(of: file, owner: viewer.athlete.id) } catch let error as UploadError {
            return .failure(UploadedFile.Failure(status: .unprocessableContent, message: error.description))
        }
        let summary = archive.summary
        if let existing = try await club.workout(ownedBy: viewer.athlete.id, activity: summary.activity, startingAt: summary.start) {
            return .failure(UploadedFile.Failure(status: .conflict, message: UploadError.duplicate(existing.summary.id).description))
        }
        switch try await club.store(archive, owner: viewer.athlete.id) {
        case .stored: return .success(archive.id)
        case .alreadyStored, .ownedByAnother: return .failure(UploadedFile.Failure(status: .conflict, message: UploadError.duplicate(archive.id.uuidString).description))
        }
    }

    /// Stores the archive a recorder sent for workout `id`.
    func receive(_ request: Request, id: String, viewer: ClubViewer) async throws -> Response {
        guard let uuid = UUID(uuidString: id) else { throw WebError.badRequest("Bad request", "'\(id)' is not a workout UUID.") }
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: configuration.uploadLimit) } catch {
            throw WebError(.contentTooLarge, title: "Too large", message: "The archive is larger than \(configuration.uploadLimit >> 20) MB.")
        }
        let archive: WorkoutArchive
        do { archive = try WorkoutArchive(decoding: Data(body.readableBytesView)) } catch {
            throw WebError(.unprocessableContent, title: "Unreadable archive", message: error.description)
        }
        guard archive.id == uuid else { throw WebError.badRequest("Bad request", "The archive holds workout \(archive.id.uuidString), not \(uuid.uuidString); PUT it at its own address.") }
        let outcome = try await club.store(archive, owner: viewer.athlete.id)
        let samples = archive.activity.records.count
        switch outcome {
        case .stored: return ServerResponse.json(WorkoutAPI.Stored(id: uuid.uuidString, outcome: "stored", samples: samples), status: .created)
        case .alreadyStored: return ServerResponse.json(WorkoutAPI.Stored(id: uuid.uuidString, outcome: "alreadyStored", samples: samples))
        case .ownedByAnother:
            throw WebError(.conflict, title: "Not yours", message: "Another athlete's workout has the UUID \(uuid.uuidString); nothing was stored.")
        }
    }
}
