import Foundation
import Hummingbird
import OpenHealthKitCore
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog
import WorkoutReport

/// The web app's pages: the list, each workout's report, downloads, upload and delete.
struct ServerRoutes: Sendable {
    let library: StoreCatalog
    let liveFeed: LiveFeed?
    let configuration: WorkoutServer.Configuration

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try await listPage(request) }
        router.get("/workouts/:id") { _, context in try await workoutPage(try await workout(context)) }
        router.get("/workouts/:id/download/:format") { _, context in
            try await download(try await workout(context), format: try context.parameters.require("format"))
        }
        router.get("/workouts/:id/edit") { _, context in try await editPage(try await workout(context)) }
        router.post("/workouts/:id/edit") { request, context in try await saveEdit(request, workout: try await workout(context)) }
        router.get("/workouts/:id/delete") { _, context in try await confirmDelete(try await workout(context)) }
        router.post("/workouts/:id/delete") { _, context in
            try await library.delete(try await workout(context))
            return ServerResponse.redirect(to: "/")
        }
        router.post("/upload") { request, _ in
            ServerResponse.redirect(to: "/workouts/\(try await upload(request).uuid.uuidString)")
        }
        addAPI(to: router)
        addLive(to: router)
    }

    func listPage(_ request: Request) async throws -> Response {
        let query: WorkoutListQuery
        do { query = try WorkoutListQuery(parameters: request.decodedParameters) } catch {
            throw WebError.badRequest("This list cannot be shown", error.description)
        }
        let (page, matching, activities) = try await library.list(query)
        let body = WorkoutListPage(page: page, matching: matching, query: query, activities: activities, timeZone: configuration.timeZone).render()
        return ServerResponse.html(ServerPage.layout(title: "Workouts", body: body))
    }

    func workoutPage(_ workout: HKWorkout) async throws -> Response {
        var options = ReportOptions()
        options.defaultTimeZone = configuration.timeZone
        options.use(athleteOf: workout)
        let base = "/workouts/\(workout.uuid.uuidString)"
        let original = try await library.originalFileAttachment(of: workout)
        options.links = [ReportLink(title: "← All workouts", url: "/")] + ActivityFileFormat.allCases.map { ReportLink(title: "Download \($0.rawValue.uppercased())", url: "\(base)/download/\($0)") }
            + (original.map { [ReportLink(title: "Download original (\($0.name))", url: "\(base)/download/original")] } ?? [])
            + [ReportLink(title: "Edit…", url: "\(base)/edit"), ReportLink(title: "Delete…", url: "\(base)/delete")]
        let report = WorkoutReport(activity: try await library.activity(of: workout), options: options)
        return ServerResponse.html(report.page)
    }

    func download(_ workout: HKWorkout, format name: String) async throws -> Response {
        if name.lowercased() == "original" {
            guard let original = try await library.originalFile(of: workout) else {
                throw WebError(.notFound, title: "No original file",
                               message: "Workout \(workout.uuid.uuidString) was recorded here, or imported before files were kept; download it as fit, tcx or gpx.")
            }
            return ServerResponse.file(original.data, name: original.attachment.name, contentType: original.attachment.contentType.preferredMIMEType ?? "application/octet-stream")
        }
        guard let format = ActivityFileFormat(rawValue: name.lowercased()) else {
            throw WebError(.notFound, title: "No such format", message: "'\(name)' is not a format workouts download as; use fit, tcx, gpx or original.")
        }
        return ServerResponse.activityFile(try await library.file(of: workout, as: format), format: format, baseName: workout.fileBaseName)
    }

    func editPage(_ workout: HKWorkout, problem: String? = nil) async throws -> Response {
        let summary = WorkoutSummary(workout)
        let html = ServerPage.editWorkout(id: summary.id, name: summary.name, notes: workout.metadata?[OpenHealthKitMetadataKeyWorkoutNotes] as? String,
                                          sport: ActivitySport(workout.workoutActivityType).name, description: Self.describe(summary), problem: problem)
        return ServerResponse.html(html, status: problem == nil ? .ok : .unprocessableContent)
    }

    /// The edit form's fields, as the browser sends them.
    struct EditForm: Decodable {
        var name: String?
        var notes: String?
        var activity: String?
    }

    func saveEdit(_ request: Request, workout: HKWorkout) async throws -> Response {
        let body = try await request.body.collect(upTo: 64 << 10)
        let form: EditForm
        do { form = try URLEncodedFormDecoder().decode(EditForm.self, from: String(decoding: body.readableBytesView, as: UTF8.self)) } catch {
            throw WebError.badRequest("This form cannot be read", "Reload the edit page and try again.")
        }
        switch await apply(form.edit, to: workout) {
        case .success(let edited): return ServerResponse.redirect(to: "/workouts/\(edited.uuid.uuidString)")
        case .failure(let problem): return try await editPage(workout, problem: problem.description)
        }
    }

    /// A rider's edit applied, or what was wrong with it.
    func apply(_ edit: Result<WorkoutEdit, WorkoutEditError>, to workout: HKWorkout) async -> Result<HKWorkout, WorkoutEditError> {
        do {
            return .success(try await library.edit(workout, try edit.get()))
        } catch let error as WorkoutEditError {
            return .failure(error)
        } catch {
            return .failure(WorkoutEditError(description: "The store could not save the change: \(error)"))
        }
    }

    /// "Workout ID: cycling of DATE, 92.62 km."
    static func describe(_ summary: WorkoutSummary) -> String {
        let distance = summary.distanceMeters.map { String(format: ", %.2f km", $0 / 1_000) } ?? ""
        return "Workout \(summary.id): \(summary.activity) of \(summary.start.formatted(.iso8601))\(distance)."
    }

    func confirmDelete(_ workout: HKWorkout) async throws -> Response {
        let summary = WorkoutSummary(workout)
        return ServerResponse.html(ServerPage.confirmDelete(id: summary.id, description: Self.describe(summary)))
    }

    /// Stores the file a request carries: a multipart form's `file` field, or
    /// the whole body (its name from `?filename=`, else its bytes say the format).
    func upload(_ request: Request) async throws -> HKWorkout {
        let file = try await UploadedFile.read(request, limit: configuration.uploadLimit).get()
        do {
            return try await library.importFile(file)
        } catch let error as UploadError {
            switch error {
            case .duplicate: throw UploadedFile.Failure(status: .conflict, message: error.description)
            case .unreadable, .missingFile: throw UploadedFile.Failure(status: .unprocessableContent, message: error.description)
            }
        }
    }

    /// The workout the route's `:id` names (its identifier or first characters), or a 404.
    func workout(_ context: some RequestContext) async throws -> HKWorkout {
        let id = try context.parameters.require("id")
        guard let workout = try await library.workout(id) else {
            throw WebError(.notFound, title: "No such workout", message: "No workout has the identifier '\(id)' in this store; the list at / shows them.")
        }
        return workout
    }
}

extension ServerRoutes.EditForm {
    /// The edit the fields ask for: an empty title or notes removes them; the sport must be one files know.
    var edit: Result<WorkoutEdit, WorkoutEditError> {
        var sport: ActivitySport?
        if let activity, !activity.isEmpty {
            guard let named = UploadSportField.sport(named: activity) else { return .failure(WorkoutEditError(description: UploadSportField.unknownSport(activity))) }
            sport = named
        }
        return .success(WorkoutEdit(name: name, notes: notes, sport: sport))
    }
}
