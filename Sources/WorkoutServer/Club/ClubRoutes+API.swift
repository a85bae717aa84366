import ClubArchive
import Foundation
import Hummingbird
import WorkoutClub
import WorkoutFormats
import WorkoutReport
import WorkoutCatalog

/// The club's JSON API: recorders and scripts with a bearer token, pages' scripts with the session cookie.
extension ClubRoutes {
    struct ListResponse: Encodable {
        var workouts: [ClubWorkout]
        var matching: Int
        var page: Int
        var pageSize: Int
    }

    struct DetailResponse: Encodable {
        var workout: ClubWorkout
        var laps: [ClubLap]
        /// How many values each stored series holds, by column.
        var samples: [String: Int]
        var links: [String: String]
    }

    /// A workout's readings of one kind, in the one-athlete server's shape: a reading is an instant, so its start is its end.
    struct SamplesResponse: Encodable {
        struct Sample: Encodable {
            var start: Date
            var end: Date
            var value: Double
        }
        var type: String
        var unit: String
        var samples: [Sample]
    }

    struct StoredResponse: Encodable {
        var id: String
        var outcome: String
        var samples: Int
    }

    struct MissingRequest: Decodable { var ids: [String] }
    struct MissingResponse: Encodable { var missing: [String] }

    struct MeResponse: Encodable {
        var athlete: Athlete
        var groups: [ClubGroup]
    }

    func addAPI(to router: Router<BasicRequestContext>) {
        router.get("/api/me") { request, _ in
            try await api(request) { viewer in
                ServerResponse.json(MeResponse(athlete: viewer.athlete, groups: try await club.groups(of: viewer.athlete.id)))
            }
        }
        router.get("/api/workouts") { request, _ in
            try await api(request) { viewer in
                let filter: ListFilter
                do { filter = try ListFilter(request) } catch let error as WorkoutListQueryError { return bad(error.description) }
                let (page, matching) = try await list(filter, viewer: viewer)
                return ServerResponse.json(ListResponse(workouts: page, matching: matching, page: filter.query.page, pageSize: filter.query.pageSize))
            }
        }
        router.get("/api/workouts/:id") { request, context in
            try await api(request) { viewer in
                guard let id = UUID(uuidString: context.parameters.get("id") ?? ""), let workout = try await club.workout(id, visibleTo: viewer.athlete.id),
                      let laps = try await club.laps(of: id, visibleTo: viewer.athlete.id)
                else { return unknown(context.parameters.get("id") ?? "", api: true) }
                let base = "/workouts/\(id.uuidString)"
                var links = ["page": base, "samples": "/api\(base)/samples?type=heartRate", "archive": "/api\(base)/archive"]
                for format in ActivityFileFormat.allCases { links[format.rawValue] = "/api\(base)/file?format=\(format)" }
                let counts = try await club.seriesCounts(of: id)
                return ServerResponse.json(DetailResponse(workout: workout, laps: laps,
                                                          samples: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }), links: links))
            }
        }
        router.get("/api/workouts/:id/samples") { request, context in
            try await api(request) { viewer in
                guard let archive = try await archive(context.parameters.get("id"), viewer) else { return unknown(context.parameters.get("id") ?? "", api: true) }
                let name = request.uri.queryParameters["type"].map(String.init) ?? ""
                let readings: [(String, String, KeyPath<ActivityRecord, Double?>)] = [
                    ("heartRate", "count/min", \.heartRate), ("speed", "m/s", \.speed), ("power", "W", \.power), ("cadence", "count/min", \.cadence),
                    ("altitude", "m", \.altitude), ("distance", "m", \.distance),
                ]
                guard let (type, unit, path) = readings.first(where: { $0.0 == name }) else {
                    return bad("type=\(name) is not a reading workouts hold; use \(readings.map(\.0).joined(separator: ", ")).")
                }
                let samples = archive.activity.records.compactMap { record in record[keyPath: path].map { SamplesResponse.Sample(start: record.date, end: record.date, value: $0) } }
                return ServerResponse.json(SamplesResponse(type: type, unit: unit, samples: samples))
            }
        }
        router.get("/api/workouts/:id/file") { request, context in
            try await api(request) { viewer in
                try await download(context.parameters.get("id"), format: request.uri.queryParameters["format"].map(String.init) ?? "fit", viewer: viewer, api: true)
            }
        }
        router.get("/api/workouts/:id/archive") { request, context in
            try await api(request) { viewer in
                guard let archive = try await archive(context.parameters.get("id"), viewer) else { return unknown(context.parameters.get("id") ?? "", api: true) }
                return ServerResponse.file(archive.encoded(), name: "\(archive.id.uuidString).ohka", contentType: WorkoutArchive.contentType)
            }
        }
        router.post("/api/workouts") { request, _ in
            try await api(request, changes: true) { viewer in
                switch try await receiveFile(request, viewer: viewer, needsFormToken: false) {
                case .success(let id):
                    guard let workout = try await club.workout(id, visibleTo: viewer.athlete.id) else { return unknown(id.uuidString, api: true) }
                    return ServerResponse.json(workout, status: .created)
                case .failure(let failure): return failure.response(api: true)
                }
            }
        }
        router.put("/api/workouts/:id") { request, context in
            try await api(request, changes: true) { viewer in try await receive(request, id: context.parameters.get("id") ?? "", viewer: viewer) }
        }
        router.delete("/api/workouts/:id") { request, context in
            try await api(request, changes: true) { viewer in
                guard let id = UUID(uuidString: context.parameters.get("id") ?? ""), try await club.deleteWorkout(id, owner: viewer.athlete.id) else {
                    return unknown(context.parameters.get("id") ?? "", api: true)
                }
                return Response(status: .noContent)
            }
        }
        router.post("/api/sync/missing") { request, _ in
            try await api(request) { viewer in
                let body = try await request.body.collect(upTo: 8 << 20)
                guard let asked = try? JSONDecoder().decode(MissingRequest.self, from: Data(body.readableBytesView)), asked.ids.count <= 100_000 else {
                    return bad("The body is not {\"ids\": [UUID, …]} (at most 100,000).")
                }
                let ids = asked.ids.compactMap(UUID.init(uuidString:))
                let stored = try await club.storedIDs(of: viewer.athlete.id, among: ids)
                return ServerResponse.json(MissingResponse(missing: ids.filter { !stored.contains($0) }.map(\.uuidString)))
            }
        }
        router.get("/api/squad") { request, _ in
            try await api(request) { viewer in
                switch try await squad(request, viewer: viewer) {
                case .success(let squad): ServerResponse.json(squad)
                case .failure(let failure): failure.response(api: true)
                }
            }
        }
        router.get("/api/compare") { request, _ in
            try await api(request) { viewer in
                switch try await comparison(request, viewer: viewer) {
                case .success(let comparison): ServerResponse.json(comparison)
                case .failure(let failure): failure.response(api: true)
                }
            }
        }
    }

    /// Runs `body` for the request's viewer; 401 without one, 403 for a change without the session's CSRF token.
    func api(_ request: Request, changes: Bool = false, _ body: (ClubViewer) async throws -> Response) async throws -> Response {
        guard let viewer = try await ClubViewer.of(request, in: club) else {
            return ServerResponse.error(.unauthorized, api: true, title: "Who are you?",
                                        message: "Send a token as `Authorization: Bearer TOKEN` (an admin makes one with `workout serve tokens add`), or log in at /login.")
        }
        if changes, !viewer.mayChange(request) {
            return ServerResponse.error(.forbidden, api: true, title: "Refused", message: "A change through the session cookie needs the page's X-CSRF-Token header.")
        }
        return try await body(viewer)
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
        guard let uuid = UUID(uuidString: id) else { return bad("'\(id)' is not a workout UUID.") }
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: configuration.uploadLimit) } catch {
            return ServerResponse.error(.contentTooLarge, api: true, title: "Too large", message: "The archive is larger than \(configuration.uploadLimit >> 20) MB.")
        }
        let archive: WorkoutArchive
        do { archive = try WorkoutArchive(decoding: Data(body.readableBytesView)) } catch {
            return ServerResponse.error(.unprocessableContent, api: true, title: "Unreadable archive", message: error.description)
        }
        guard archive.id == uuid else { return bad("The archive holds workout \(archive.id.uuidString), not \(uuid.uuidString); PUT it at its own address.") }
        let outcome = try await club.store(archive, owner: viewer.athlete.id)
        let samples = archive.activity.records.count
        switch outcome {
        case .stored: return ServerResponse.json(StoredResponse(id: uuid.uuidString, outcome: "stored", samples: samples), status: .created)
        case .alreadyStored: return ServerResponse.json(StoredResponse(id: uuid.uuidString, outcome: "alreadyStored", samples: samples))
        case .ownedByAnother:
            return ServerResponse.error(.conflict, api: true, title: "Not yours", message: "Another athlete's workout has the UUID \(uuid.uuidString); nothing was stored.")
        }
    }

    func bad(_ message: String) -> Response {
        ServerResponse.error(.badRequest, api: true, title: "Bad request", message: message)
    }
}
