import Foundation
import Hummingbird
import Markup
import WorkoutClub
import WorkoutCatalog
import WorkoutFormats
import WorkoutReport

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

    /// Two workouts side by side: their totals, and their laps, or equal stretches of distance when their laps
    /// do not match (a 9-lap ride against a 1-lap ride is compared every 5 km, not lap 1 against lap 1).
    struct ComparisonResponse: Encodable {
        /// A lap or a stretch of distance.
        struct Segment: Encodable {
            /// Seconds in motion.
            var seconds: Double
            var distanceMeters: Double?
            var averageHeartRate: Double?
        }
        struct LapPair: Encodable {
            var index: Int
            var a: Segment?
            var b: Segment?
            /// b's time less a's, in seconds.
            var difference: Double?
            /// b's time less a's over every segment so far, in seconds.
            var gap: Double?
        }
        /// A workout's totals.
        struct Totals: Encodable {
            var durationSeconds: Double
            var distanceMeters: Double?
            var averageHeartRate: Double?
        }
        var a: ClubWorkout
        var b: ClubWorkout
        /// `laps` when both have laps that pair up (the same count, distances within 5 %), else `distance`.
        var matchedBy: String
        /// The length of each stretch when matched by distance, in metres.
        var stretchMeters: Double?
        var totals: [String: Totals]
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
            if (request.uri.queryParameters["b"] ?? "").isEmpty, let a = request.uri.queryParameters["a"].map(String.init) {
                return try await chooser(a, viewer: viewer)
            }
            let compared = try await comparison(request, viewer: viewer)
            return ServerResponse.html(ClubPage.comparison(compared, charts: try await overlays(compared, viewer: viewer, units: DisplaySettings(request).units),
                                                           csrf: viewer.csrfToken, timeZone: catalog.configuration.timeZone))
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

    /// The page that picks what to compare workout `a` with: the latest of the same activity the viewer may see.
    func chooser(_ a: String, viewer: ClubViewer) async throws -> Response {
        guard let entry = try await catalog.entry(a, viewer: viewer) else {
            throw WebError(.notFound, title: "No such workout", message: "No workout you may see has the identifier '\(a)' (a=).")
        }
        let workout = entry.workout
        let others = try await club.workouts(visibleTo: viewer.athlete.id, activity: workout.summary.activity, limit: 31).page
            .filter { $0.summary.id != workout.summary.id }.prefix(30)
        let zone = catalog.configuration.timeZone
        var body: HTML = "<p>Compare <a href=\"/workouts/\(workout.summary.id)\">\(workout.athleteName), \(ClubPage.date(workout.summary.start, zone))</a> with:</p>"
        if others.isEmpty {
            body += "<p id=\"no-others\">No other \(ActivityWords.name(of: workout.summary.activity)) workout you may see yet.</p>"
        } else {
            body += "<ul id=\"compare-choices\">"
            for other in others {
                let distance = other.summary.distanceMeters.map { String(format: ", %.2f km", $0 / 1_000) } ?? ""
                body += "<li><a href=\"/compare?a=\(workout.summary.id)&amp;b=\(other.summary.id)\">\(other.athleteName), \(ClubPage.date(other.summary.start, zone))\(distance)</a></li>"
            }
            body += "</ul>"
        }
        return ServerResponse.html(ClubPage.layout(title: "Compare", body: body, csrf: viewer.csrfToken))
    }

    /// The page's charts of the two workouts over each other: speed by distance, heart rate by moving time (each
    /// where either has it), from their records.
    func overlays(_ comparison: ComparisonResponse, viewer: ClubViewer, units: ReportUnits) async throws -> [(title: String, svg: String)] {
        guard let a = try await catalog.entry(comparison.a.summary.id, viewer: viewer), let b = try await catalog.entry(comparison.b.summary.id, viewer: viewer) else {
            return []
        }
        let (first, second) = (WorkoutTimeline(activity: try await catalog.activity(of: a)), WorkoutTimeline(activity: try await catalog.activity(of: b)))
        let charts = [("Speed by distance (\(units.speedSymbol), \(units.distanceSymbol))", OverlayChart(.speed, a: first, b: second, againstDistance: true, units: units, id: "overlay-speed")),
                      ("Heart rate by moving time (bpm)", OverlayChart(.heartRate, a: first, b: second, againstDistance: false, units: units, id: "overlay-heart-rate"))]
        return charts.filter { !$0.1.svg.isEmpty }.map { ($0.0, $0.1.svg) }
    }

    /// Two workouts, `?a=ID&b=ID`, both visible to the viewer (short identifiers too).
    func comparison(_ request: Request, viewer: ClubViewer) async throws -> ComparisonResponse {
        var workouts: [(ClubWorkout, [ClubLap], ServedClub.Entry)] = []
        for key in ["a", "b"] {
            let id = request.uri.queryParameters[Substring(key)].map(String.init) ?? ""
            guard let entry = try await catalog.entry(id, viewer: viewer), let uuid = UUID(uuidString: entry.workout.summary.id),
                  let laps = try await club.laps(of: uuid, visibleTo: viewer.athlete.id)
            else { throw WebError(.notFound, title: "No such workout", message: "No workout you may see has the identifier '\(id)' (\(key)=).") }
            workouts.append((entry.workout, laps, entry))
        }
        let (a, b) = (workouts[0], workouts[1])
        func totals(_ workout: ClubWorkout) -> ComparisonResponse.Totals {
            .init(durationSeconds: workout.summary.durationSeconds, distanceMeters: workout.summary.distanceMeters, averageHeartRate: workout.summary.averageHeartRate)
        }
        func segment(_ lap: ClubLap) -> ComparisonResponse.Segment {
            .init(seconds: lap.timerSeconds, distanceMeters: lap.distanceMeters, averageHeartRate: lap.averageHeartRate)
        }
        // Laps pair up when there are as many and each pair covers about the same distance.
        let lapsPair = !a.1.isEmpty && a.1.count == b.1.count && zip(a.1, b.1).allSatisfy { x, y in
            guard let one = x.distanceMeters, let other = y.distanceMeters, max(one, other) > 0 else { return x.distanceMeters == nil && y.distanceMeters == nil }
            return abs(one - other) <= 0.05 * max(one, other)
        }
        var segments: ([ComparisonResponse.Segment], [ComparisonResponse.Segment])
        var stretch: Double?
        if lapsPair {
            segments = (a.1.map(segment), b.1.map(segment))
        } else {
            // Stretches of the sport's split (5 km on a ride, a kilometre on foot), each workout's from its own records:
            // the archives are read only here, when the laps do not pair.
            let (first, second) = (try await catalog.activity(of: a.2), try await catalog.activity(of: b.2))
            let length = SportProfile(sport: first.sport, units: .metric).splitMeters
            stretch = length
            func stretches(_ activity: Activity) -> [ComparisonResponse.Segment] {
                Split.splits(of: WorkoutTimeline(activity: activity), every: length).map {
                    .init(seconds: $0.seconds, distanceMeters: $0.meters, averageHeartRate: $0.averageHeartRate)
                }
            }
            segments = (stretches(first), stretches(second))
        }
        var gap = 0.0
        let pairs = (0..<max(segments.0.count, segments.1.count)).map { index in
            let x = index < segments.0.count ? segments.0[index] : nil, y = index < segments.1.count ? segments.1[index] : nil
            // Only whole stretches of both compare: a last, partial one differs in length.
            let comparable = lapsPair || (x?.distanceMeters == stretch && y?.distanceMeters == stretch)
            let difference = comparable ? x.flatMap { x in y.map { $0.seconds - x.seconds } } : nil
            if let difference { gap += difference }
            return ComparisonResponse.LapPair(index: index, a: x, b: y, difference: difference, gap: difference == nil ? nil : gap)
        }
        return ComparisonResponse(a: a.0, b: b.0, matchedBy: lapsPair ? "laps" : "distance", stretchMeters: stretch,
                                  totals: ["a": totals(a.0), "b": totals(b.0)], laps: pairs)
    }
}
