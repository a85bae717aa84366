import Foundation
import Hummingbird
import WorkoutCatalog
import HealthKitModel
import WorkoutFormats

/// The JSON API both servers share, over any catalog: the list, a workout's detail, samples and files, upload and delete.
struct WorkoutAPIRoutes<Catalog: ServedCatalog> {
    let catalog: Catalog

    /// The API, as a route collection.
    var routes: RouteCollection<Catalog.Context> {
        let routes = RouteCollection(context: Catalog.Context.self)
        routes.get("/api/workouts") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let filter = try catalog.listFilter(request, refusedAs: "Bad query")
            let list = try await catalog.list(filter, viewer: viewer)
            return ServerResponse.json(WorkoutAPI.Page(workouts: list.rows, matching: list.matching, page: filter.query.page, pageSize: filter.query.pageSize),
                                       roundedTo: 3)
        }
        routes.get("/api/workouts/:id") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let entry = try await catalog.require(context, viewer: viewer)
            let id = catalog.summary(of: entry).id
            let base = "/workouts/\(id)"
            var links = ["page": base, "samples": "/api\(base)/samples?type=heartRate"]
            for format in ActivityFileFormat.allCases { links[format.rawValue] = "/api\(base)/file?format=\(format)" }
            if try await catalog.originalFileName(of: entry) != nil { links["original"] = "/api\(base)/file?format=original" }
            let (activity, athlete) = try await catalog.figuresSource(of: entry)
            let readings = Dictionary(uniqueKeysWithValues: SampleColumn.allCases.map { column in
                (column.rawValue, activity.records.reduce(0) { $0 + ($1[keyPath: column.keyPath] == nil ? 0 : 1) })
            })
            let detail = WorkoutAPI.Detail(workout: catalog.row(of: entry), figures: WorkoutFigures(activity: activity, athlete: athlete), readings: readings,
                                           stored: try await catalog.storedSeries(of: entry), links: links)
            return ServerResponse.json(detail, roundedTo: 3)
        }
        routes.get("/api/workouts/:id/samples") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let entry = try await catalog.require(context, viewer: viewer)
            try request.requireSingle(["type", "resolution"])
            let column = try SampleColumn.named(request.uri.queryParameters["type"].map(String.init) ?? "")
            var resolution: Double?
            if let text = request.uri.queryParameters["resolution"] {
                guard let seconds = Double(String(text)), seconds.isFinite, seconds >= 1, seconds <= 3_600 else {
                    throw WebError.badRequest("Bad resolution", "resolution=\(text) is not a number of seconds from 1 to 3600: give one such as resolution=10.")
                }
                resolution = seconds
            }
            return ServerResponse.json(WorkoutAPI.Samples(try await catalog.activity(of: entry), column: column, resolution: resolution))
        }
        routes.get("/api/workouts/:id/file") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return try await catalog.download(try await catalog.require(context, viewer: viewer),
                                              format: request.uri.queryParameters["format"].map(String.init) ?? "fit")
        }
        routes.post("/api/workouts") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .api)
            let file = try await UploadedFile.read(request, limit: catalog.configuration.uploadLimit).get()
            return ServerResponse.json(try await catalog.upload(file, viewer: viewer), status: .created, roundedTo: 3)
        }
        routes.delete("/api/workouts/:id") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .api)
            let entry = try await catalog.require(context, viewer: viewer)
            guard try await catalog.delete(entry, viewer: viewer) else { throw catalog.unknown(try context.parameters.require("id")) }
            return Response(status: .noContent)
        }
        return routes
    }
}
