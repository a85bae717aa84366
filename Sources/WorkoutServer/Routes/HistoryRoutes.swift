import Foundation
import Hummingbird
import OpenHealthKitCore
import WorkoutCatalog

/// An athlete's history on both servers: `GET /history?month=2026-05` (the calendar, weekly and monthly
/// totals and records) and `GET /api/history` (the same ``WorkoutHistory`` as JSON); the month is this one
/// in the server's time zone unless given.
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
        let month: (year: Int, month: Int)
        if let text = request.uri.queryParameters["month"], !text.isEmpty {
            guard let given = WorkoutHistory.month(String(text)) else {
                throw WebError.badRequest("Bad month", "month=\(text) is not a month; give one such as month=2026-05.")
            }
            month = given
        } else {
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = timeZone
            let now = calendar.dateComponents([.year, .month], from: catalog.configuration.clock.now)
            month = (now.year ?? 2026, now.month ?? 1)
        }
        return WorkoutHistory(workouts: try await catalog.ownWorkouts(viewer: viewer), year: month.year, month: month.month, timeZone: timeZone)
    }
}
