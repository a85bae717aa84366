import Foundation
import Hummingbird
import OpenHealthKitCore
import WorkoutCatalog

/// An athlete's history on both servers: `GET /history?month=2026-05` (the calendar, weekly and monthly
/// totals and records) and `GET /api/history` (the same ``WorkoutHistory`` as JSON); unless given, the month is
/// the latest workout's (this one with none), in the reader's time zone.
struct HistoryRoutes<Catalog: ServedCatalog> {
    let catalog: Catalog

    var routes: RouteCollection<Catalog.Context> {
        let routes = RouteCollection(context: Catalog.Context.self)
        routes.get("/history") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let settings = DisplaySettings(request)
            let timeZone = settings.zone(or: catalog.configuration.timeZone)
            let page = HistoryPage.render(try await history(request, viewer: viewer, timeZone: timeZone), timeZone: timeZone, units: settings.units)
            return ServerResponse.html(catalog.page(title: "History", body: page, viewer: viewer))
        }
        routes.get("/api/history") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let timeZone = DisplaySettings(request).zone(or: catalog.configuration.timeZone)
            return ServerResponse.json(try await history(request, viewer: viewer, timeZone: timeZone), roundedTo: 3)
        }
        return routes
    }

    /// The history of the month `request` asks for, in the reader's days and months (`timeZone`, from `/settings`,
    /// else the server's).
    func history(_ request: Request, viewer: Catalog.Viewer, timeZone: TimeZone) async throws -> WorkoutHistory {
        try request.requireSingle(["month"])
        let workouts = try await catalog.ownWorkouts(viewer: viewer)
        let month: (year: Int, month: Int)
        if let text = request.uri.queryParameters["month"], !text.isEmpty {
            guard let given = WorkoutHistory.month(String(text)) else {
                throw WebError.badRequest("Bad month", "month=\(text) is not a month; give one such as month=2026-05.")
            }
            month = given
        } else {
            // A rider whose latest workout is years old (an imported archive) meets it, not an empty month.
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = timeZone
            let shown = workouts.map(\.start).max() ?? catalog.configuration.clock.now
            let parts = calendar.dateComponents([.year, .month], from: shown)
            month = (parts.year ?? 2026, parts.month ?? 1)
        }
        return WorkoutHistory(workouts: workouts, year: month.year, month: month.month, timeZone: timeZone)
    }
}
