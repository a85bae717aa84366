import Foundation
import Hummingbird
import OpenHealthKitCore
import WorkoutCatalog
import WorkoutFormats
import WorkoutLibrary

/// Editing a workout's title, notes and sport, where a catalog keeps what a rider changes: the edit page and
/// `PATCH /api/workouts/{id}`.
struct WorkoutEditRoutes {
    let catalog: ServedStore

    /// The edit form's fields, as the browser sends them and as the API's JSON names them.
    struct EditForm: Decodable {
        var name: String?
        var notes: String?
        var activity: String?
    }

    /// The page and the API call, as a route collection.
    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/workouts/:id/edit") { _, context in try await editPage(try await catalog.require(context, viewer: ())) }
        routes.post("/workouts/:id/edit") { request, context in
            let workout = try await catalog.require(context, viewer: ())
            let form = try await PageForm.decode(EditForm.self, from: request)
            switch await apply(form.edit, to: workout) {
            case .success(let edited): return ServerResponse.redirect(to: "/workouts/\(edited.uuid.uuidString)")
            case .failure(let problem): return try await editPage(workout, problem: problem.description)
            }
        }
        routes.patch("/api/workouts/:id") { request, context in
            let workout = try await catalog.require(context, viewer: ())
            let body = try await request.collectBody(upTo: 64 << 10, what: "The edit")
            let form: EditForm
            do { form = try JSONDecoder().decode(EditForm.self, from: Data(body.readableBytesView)) } catch {
                let reason = (error as? DecodingError)?.plainDescription ?? "the body cannot be read"
                throw WebError.badRequest("Bad edit", "Send a JSON object with any of \"name\", \"notes\" and \"activity\" (strings): \(reason).")
            }
            switch await apply(form.edit, to: workout) {
            case .success(let edited): return ServerResponse.json(WorkoutSummary(edited))
            case .failure(let problem): throw WebError(.unprocessableContent, title: "Cannot edit", message: problem.description)
            }
        }
        return routes
    }

    func editPage(_ workout: HKWorkout, problem: String? = nil) async throws -> Response {
        let summary = WorkoutSummary(workout)
        let html = ServerPage.editWorkout(id: summary.id, name: summary.name, notes: workout.metadata?[OpenHealthKitMetadataKeyWorkoutNotes] as? String,
                                          sport: ActivitySport(workout.workoutActivityType).name, description: ServerPage.describe(summary), problem: problem)
        return ServerResponse.html(html, status: problem == nil ? .ok : .unprocessableContent)
    }

    /// A rider's edit applied, or what was wrong with it.
    func apply(_ edit: Result<WorkoutEdit, WorkoutEditError>, to workout: HKWorkout) async -> Result<HKWorkout, WorkoutEditError> {
        do {
            return .success(try await catalog.library.edit(workout, try edit.get()))
        } catch let error as WorkoutEditError {
            return .failure(error)
        } catch {
            return .failure(WorkoutEditError(description: "The store could not save the change: \(error)"))
        }
    }
}

extension WorkoutEditRoutes.EditForm {
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
