import Foundation
import HTTPForms
import Hummingbird
import OpenHealthKitCore
import WorkoutFormats
import WorkoutReport

/// The web app's pages: the list, each workout's report, downloads, upload and delete.
struct ServerRoutes: Sendable {
    let library: WorkoutLibrary
    let liveFeed: LiveFeed?
    let configuration: WorkoutServer.Configuration

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try await listPage(request) }
        router.get("/workouts/:id") { _, context in try await workoutPage(context.parameters.get("id") ?? "") }
        router.get("/workouts/:id/download/:format") { _, context in
            try await download(context.parameters.get("id") ?? "", format: context.parameters.get("format") ?? "", api: false)
        }
        router.get("/workouts/:id/delete") { _, context in try await confirmDelete(context.parameters.get("id") ?? "") }
        router.post("/workouts/:id/delete") { _, context in
            let id = context.parameters.get("id") ?? ""
            guard let workout = try await library.workout(id) else { return unknown(id, api: false) }
            try await library.delete(workout)
            return ServerResponse.redirect(to: "/")
        }
        router.post("/upload") { request, _ in
            switch try await upload(request) {
            case .success(let workout): ServerResponse.redirect(to: "/workouts/\(workout.uuid.uuidString)")
            case .failure(let failure): failure.response(api: false)
            }
        }
        addAPI(to: router)
        addLive(to: router)
    }

    func listPage(_ request: Request) async throws -> Response {
        let query: WorkoutListQuery
        do { query = try WorkoutListQuery(parameters: request.decodedParameters) } catch {
            return ServerResponse.error(.badRequest, api: false, title: "This list cannot be shown", message: error.description)
        }
        let (page, matching, activities) = try await library.list(query)
        let body = WorkoutListPage(page: page, matching: matching, query: query, activities: activities, timeZone: configuration.timeZone).render()
        return ServerResponse.html(ServerPage.layout(title: "Workouts", body: body))
    }

    func workoutPage(_ id: String) async throws -> Response {
        guard let workout = try await library.workout(id) else { return unknown(id, api: false) }
        var options = ReportOptions()
        options.timeZone = configuration.timeZone
        options.use(athleteOf: workout)
        let base = "/workouts/\(workout.uuid.uuidString)"
        options.links = [ReportLink(title: "← All workouts", url: "/")] + ActivityFileFormat.allCases.map { ReportLink(title: "Download \($0.rawValue.uppercased())", url: "\(base)/download/\($0)") }
            + [ReportLink(title: "Delete…", url: "\(base)/delete")]
        let report = WorkoutReport(activity: try await library.activity(of: workout), options: options)
        return ServerResponse.html(report.html())
    }

    func download(_ id: String, format name: String, api: Bool) async throws -> Response {
        guard let workout = try await library.workout(id) else { return unknown(id, api: api) }
        guard let format = ActivityFileFormat(rawValue: name.lowercased()) else {
            return ServerResponse.error(.notFound, api: api, title: "No such format", message: "'\(name)' is not a format workouts download as; use fit, tcx or gpx.")
        }
        return ServerResponse.activityFile(try await library.file(of: workout, as: format), format: format, baseName: workout.fileBaseName)
    }

    func confirmDelete(_ id: String) async throws -> Response {
        guard let workout = try await library.workout(id) else { return unknown(id, api: false) }
        let summary = WorkoutSummary(workout)
        let distance = summary.distanceMeters.map { String(format: ", %.2f km", $0 / 1_000) } ?? ""
        let description = "Workout \(summary.id): \(summary.activity) of \(summary.start.formatted(.iso8601))\(distance)."
        return ServerResponse.html(ServerPage.confirmDelete(id: summary.id, description: description))
    }

    /// Why an upload was refused, as a status and a message.
    struct UploadFailure: Error {
        var status: HTTPResponse.Status
        var message: String

        func response(api: Bool) -> Response {
            ServerResponse.error(status, api: api, title: status == .conflict ? "Already stored" : "This file was not stored", message: message)
        }
    }

    /// Stores the file a request carries: a multipart form's `file` field, or
    /// the whole body (its name from `?filename=`, else its bytes say the format).
    func upload(_ request: Request) async throws -> Result<HKWorkout, UploadFailure> {
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: configuration.uploadLimit) } catch {
            return .failure(UploadFailure(status: .contentTooLarge, message: "The upload is larger than \(configuration.uploadLimit >> 20) MB, more than any activity file needs."))
        }
        var data = Data(body.readableBytesView)
        var name = request.uri.queryParameters["filename"].map(String.init) ?? "upload"
        if let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/") {
            guard let boundary = MultipartForm.boundary(contentType: contentType) else {
                return .failure(UploadFailure(status: .badRequest, message: "The form's Content-Type names no boundary; upload the file with the page's form."))
            }
            do {
                let form = try MultipartForm(body: data, boundary: boundary)
                guard let file = form.part(named: "file"), !file.data.isEmpty else {
                    return .failure(UploadFailure(status: .badRequest, message: "The form carried no file: choose a .fit, .tcx or .gpx file, then Upload."))
                }
                data = file.data
                name = file.filename.flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).lastPathComponent } ?? name
            } catch {
                return .failure(UploadFailure(status: .badRequest, message: error.description))
            }
        }
        guard !data.isEmpty else { return .failure(UploadFailure(status: .badRequest, message: "The upload is empty: send a .fit, .tcx or .gpx file as the body.")) }
        do {
            return .success(try await library.importFile(data, named: name))
        } catch let error as UploadError {
            switch error {
            case .duplicate: return .failure(UploadFailure(status: .conflict, message: error.description))
            case .unreadable, .missingFile: return .failure(UploadFailure(status: .unprocessableContent, message: error.description))
            }
        }
    }

    func unknown(_ id: String, api: Bool) -> Response {
        ServerResponse.error(.notFound, api: api, title: "No such workout", message: "No workout has the identifier '\(id)' in this store; the list at / shows them.")
    }
}
