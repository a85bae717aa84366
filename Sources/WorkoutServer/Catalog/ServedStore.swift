import HealthKitModel
import Foundation
import Hummingbird
import Markup
import OpenHealthKitCore
import WorkoutCatalog
import WorkoutFormats
import WorkoutLibrary
import WorkoutReport

/// One athlete's HealthKit store as `workout serve` serves it: all of it, to whoever passes the
/// server's ``AccessPolicy`` (which has already refused a request without the proof a change needs).
struct ServedStore: ServedCatalog {
    /// The store's workouts.
    let library: StoreCatalog
    let configuration: WorkoutServer.Configuration

    var hasAthletes: Bool { false }
    var editsWorkouts: Bool { true }
    var largestPage: Int { 1_000 }

    func viewer(of request: Request, context: BasicRequestContext, change: CatalogChange) throws {}

    func list(_ filter: ListFilter, viewer: Void) async throws -> WorkoutList<WorkoutSummary> {
        let (page, matching, activities) = try await library.list(filter.query)
        return WorkoutList(filter: filter, rows: page, matching: matching, activities: activities)
    }

    func entry(_ id: String, viewer: Void) async throws -> HKWorkout? {
        try await library.workout(id)
    }

    func unknown(_ id: String) -> WebError {
        WebError(.notFound, title: "No such workout", message: "No workout has the identifier '\(id)' in this store; the list at / shows them.")
    }

    func summary(of workout: HKWorkout) -> WorkoutSummary { WorkoutSummary(workout) }

    func activity(of workout: HKWorkout) async throws -> Activity {
        try await library.activity(of: workout)
    }

    func downloadedActivity(of workout: HKWorkout) async throws -> Activity {
        try await library.downloadedActivity(of: workout)
    }

    func report(of workout: HKWorkout) async throws -> (activity: Activity, options: ReportOptions) {
        var options = ReportOptions()
        options.defaultTimeZone = configuration.timeZone
        if let figures = try await library.store.athleteFigures(for: workout) { options.use(figures) }
        options.bestPowerCurve = try await TrainingHistory(store: library.store).bestPowerCurve(before: workout)
        return (try await library.activity(of: workout), options)
    }

    func originalFile(of workout: HKWorkout) async throws -> OriginalFile? {
        try await library.originalFile(of: workout).map {
            OriginalFile(data: $0.data, name: $0.attachment.name, contentType: $0.attachment.contentType.preferredMIMEType ?? "application/octet-stream")
        }
    }

    func originalFileName(of workout: HKWorkout) async throws -> String? {
        try await library.originalFileAttachment(of: workout)?.name
    }

    func mayDelete(_ workout: HKWorkout, viewer: Void) -> Bool { true }

    func delete(_ workout: HKWorkout, viewer: Void) async throws -> Bool {
        try await library.delete(workout)
        return true
    }

    func add(_ file: UploadedFile, viewer: Void) async throws -> WorkoutSummary {
        WorkoutSummary(try await library.importFile(file))
    }

    func row(of workout: HKWorkout) -> WorkoutSummary { WorkoutSummary(workout) }

    func pageLinks(of workout: HKWorkout) -> [ReportLink] { [] }

    func ownWorkouts(viewer: Void) async throws -> [WorkoutSummary] { try await library.summariesWithEfforts() }

    func figuresSource(of workout: HKWorkout) async throws -> (activity: Activity, athlete: AthleteFigures?) {
        (try await library.activity(of: workout), try await library.store.athleteFigures(for: workout))
    }

    /// None: a store keeps HealthKit's samples, not series of its own.
    func storedSeries(of workout: HKWorkout) async throws -> [String: Int]? { nil }

    func page(title: String, body: HTML, viewer: Void) -> HTML {
        ServerPage.layout(title: title, body: body)
    }

    func listIntroduction(viewer: Void) async throws -> HTML { .empty }

    func formFields(viewer: Void) -> HTML { .empty }

    var visibilities: [WorkoutVisibility] { [.private, .public] }

    func sharing(of workout: HKWorkout, viewer: Void) async throws -> WorkoutSharing? {
        let token = workout.metadata?[OpenHealthKitMetadataKeyShareToken] as? String
        return WorkoutSharing(visibility: token == nil ? .private : .public, token: token)
    }

    func setVisibility(_ visibility: WorkoutVisibility, of workout: HKWorkout, viewer: Void) async throws -> WorkoutSharing? {
        try await sharing(of: try await library.edit(workout, WorkoutEdit(visibility: visibility)), viewer: ())
    }

    func sharedEntry(_ token: String) async throws -> HKWorkout? { try await library.workout(sharedBy: token) }
}
