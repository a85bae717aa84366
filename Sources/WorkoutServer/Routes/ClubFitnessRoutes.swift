import Foundation
import Hummingbird
import TrainingMetrics
import WorkoutClub
import WorkoutLibrary

/// A club member's own fitness: the training-load chart from the stress the club kept with each of their
/// workouts, as the page and `GET /api/fitness` (the same ``FitnessReport`` shape as a store's; the club
/// keeps no power curve across workouts yet, so it has none).
struct ClubFitnessRoutes {
    let catalog: ServedClub

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/fitness") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let range = try FitnessRoutes.Range(request).forPage
            return ServerResponse.html(FitnessPage.render(try await report(range, athlete: viewer.athlete.id), range: range,
                                                          navigation: ClubPage.navigation(csrf: viewer.csrfToken), head: ClubPage.head(csrf: viewer.csrfToken)))
        }
        routes.get("/api/fitness") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.json(try await report(try FitnessRoutes.Range(request), athlete: viewer.athlete.id))
        }
        return routes
    }

    func report(_ range: FitnessRoutes.Range, athlete: Int64) async throws -> FitnessReport {
        let calendar = CalendarDays(timeZone: catalog.configuration.timeZone)
        let days = try range.days(today: calendar.day(of: catalog.club.now()))
        let stresses = try await catalog.club.stresses(of: athlete, through: calendar.noon(of: days.last + 1).addingTimeInterval(-43_200))
        return FitnessReport(stresses: stresses, firstDay: days.first, lastDay: days.last, days: calendar)
    }
}
