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
            let range = try FitnessRoutes.Range(request)
            let days = range.days.map { FitnessPage.ranges.contains($0) ? $0 : 90 } ?? 90
            return ServerResponse.html(FitnessPage.render(try await report(FitnessRoutes.Range(days: days), athlete: viewer.athlete.id), days: days,
                                                          navigation: ClubPage.navigation(csrf: viewer.csrfToken), head: ClubPage.head(csrf: viewer.csrfToken)))
        }
        routes.get("/api/fitness") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.json(try await report(try FitnessRoutes.Range(request), athlete: viewer.athlete.id))
        }
        return routes
    }

    func report(_ range: FitnessRoutes.Range, athlete: Int64) async throws -> FitnessReport {
        let zone = catalog.configuration.timeZone
        func day(_ date: Date) -> Int { Int(((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))) / 86_400).rounded(.down)) }
        func noon(_ day: Int) -> Date {
            let noon = Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)
            return noon.addingTimeInterval(-Double(zone.secondsFromGMT(for: noon)))
        }
        let days = try range.days(today: day(catalog.club.now()))
        let stresses = try await catalog.club.stresses(of: athlete, through: noon(days.last + 1).addingTimeInterval(-43_200))
        var load = TrainingLoad()
        for (start, stress) in stresses { load.add(stress: stress, day: day(start)) }
        let format = Date.ISO8601FormatStyle(timeZone: zone).year().month().day()
        return FitnessReport(
            from: noon(days.first).formatted(format), to: noon(days.last).formatted(format),
            workouts: stresses.filter { day($0.start) >= days.first }.count, computedAgain: 0,
            days: load.chart(through: days.last).filter { $0.day >= days.first }.map {
                FitnessReport.Day(number: $0.day, date: noon($0.day).formatted(format), stress: $0.stress, fitness: $0.fitness, fatigue: $0.fatigue, form: $0.form)
            },
            powerCurve: nil, criticalPower: nil)
    }
}
