import Foundation
import Hummingbird
import WorkoutClub

/// What a club has beyond a list of workouts: the squad's week and two workouts' laps side by side, as pages and in the API.
struct SquadRoutes {
    let catalog: ServedClub

    var club: Club { catalog.club }

    /// The squad's answer.
    struct SquadResponse: Encodable {
        var group: String
        var from: Date
        var to: Date
        var athletes: [SquadRow]
    }

    /// Two workouts' laps side by side.
    struct ComparisonResponse: Encodable {
        struct LapPair: Encodable {
            var index: Int
            var a: ClubLap?
            var b: ClubLap?
            /// b's lap time less a's, in seconds.
            var difference: Double?
        }
        var a: ClubWorkout
        var b: ClubWorkout
        var laps: [LapPair]
    }

    /// The squad and comparison pages and their API, as a route collection.
    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/squad") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let squad = try await squad(request, viewer: viewer)
            return ServerResponse.html(ClubPage.squad(squad, groups: try await club.groups(of: viewer.athlete.id), csrf: viewer.csrfToken,
                                                      timeZone: catalog.configuration.timeZone))
        }
        routes.get("/api/squad") { request, context in
            ServerResponse.json(try await squad(request, viewer: try catalog.viewer(of: request, context: context, change: .none)))
        }
        routes.get("/compare") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.html(ClubPage.comparison(try await comparison(request, viewer: viewer), csrf: viewer.csrfToken,
                                                           timeZone: catalog.configuration.timeZone))
        }
        routes.get("/api/compare") { request, context in
            ServerResponse.json(try await comparison(request, viewer: try catalog.viewer(of: request, context: context, change: .none)))
        }
        return routes
    }

    /// The squad page's figures: `?group=NAME` (else the viewer's first group) and `?week=YYYY-MM-DD` (any day of it; else this week).
    func squad(_ request: Request, viewer: ClubViewer) async throws -> SquadResponse {
        let groups = try await club.groups(of: viewer.athlete.id)
        let name = request.decodedParameters["group"]
        guard let group = name.map({ name in groups.first { $0.name == name } }) ?? groups.first else {
            throw WebError(.notFound, title: "No such group",
                           message: name.map { "You are not in a group named '\($0)'." } ?? "You are in no group yet; an admin adds you with `workout serve groups join`.")
        }
        let timeZone = catalog.configuration.timeZone
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        var day = club.now()
        if let week = request.uri.queryParameters["week"] {
            guard let date = WorkoutListQuery.day(String(week), in: timeZone) else { throw WebError.badRequest("Bad week", "week=\(week) is not a date; write YYYY-MM-DD.") }
            day = date
        }
        guard let interval = calendar.dateInterval(of: .weekOfYear, for: day),
              let rows = try await club.squad(group.id, viewer: viewer.athlete.id, from: interval.start, to: interval.end)
        else { throw WebError(.notFound, title: "No such group", message: "You are not in that group.") }
        return SquadResponse(group: group.name, from: interval.start, to: interval.end, athletes: rows)
    }

    /// Two workouts' laps, `?a=ID&b=ID`, both visible to the viewer.
    func comparison(_ request: Request, viewer: ClubViewer) async throws -> ComparisonResponse {
        var workouts: [(ClubWorkout, [ClubLap])] = []
        for key in ["a", "b"] {
            let id = request.uri.queryParameters[Substring(key)].map(String.init) ?? ""
            guard let uuid = UUID(uuidString: id), let workout = try await club.workout(uuid, visibleTo: viewer.athlete.id),
                  let laps = try await club.laps(of: uuid, visibleTo: viewer.athlete.id)
            else { throw WebError(.notFound, title: "No such workout", message: "No workout you may see has the identifier '\(id)' (\(key)=).") }
            workouts.append((workout, laps))
        }
        let (a, b) = (workouts[0], workouts[1])
        let pairs = (0..<max(a.1.count, b.1.count)).map { index in
            let lapA = index < a.1.count ? a.1[index] : nil, lapB = index < b.1.count ? b.1[index] : nil
            return ComparisonResponse.LapPair(index: index, a: lapA, b: lapB, difference: lapA.flatMap { x in lapB.map { $0.timerSeconds - x.timerSeconds } })
        }
        return ComparisonResponse(a: a.0, b: b.0, laps: pairs)
    }
}
