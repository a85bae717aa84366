import ClubArchive
import Foundation
import Hummingbird
import WorkoutClub
import WorkoutFormats
import WorkoutCatalog
import WorkoutLibrary
import WorkoutReport

/// The club server's routes: pages for people with a session, the API for recorders with a token.
struct ClubRoutes: Sendable {
    let club: Club
    let configuration: WorkoutServer.Configuration
    let secureCookies: Bool

    /// Why a request was refused, as a status and a message.
    struct Failure: HTTPResponseError {
        var status: HTTPResponse.Status
        var message: String

        /// The refusal as the request's kind of client reads it.
        func response(from request: Request, context: some RequestContext) throws -> Response {
            ServerResponse.error(status, api: WebError.isAPI(request), title: status == .notFound ? "Not found" : "Bad request", message: message)
        }
    }

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

    func add(to router: Router<ClubRequestContext>) {
        addPages(to: router)
        addAPI(to: router)
    }

    /// The workout `id` names as an archive, if the viewer may see it.
    func archive(_ id: String?, _ viewer: ClubViewer) async throws -> WorkoutArchive? {
        guard let uuid = id.flatMap(UUID.init(uuidString:)) else { return nil }
        return try await club.archive(uuid, visibleTo: viewer.athlete.id)
    }

    func download(_ id: String, format name: String, viewer: ClubViewer) async throws -> Response {
        guard let archive = try await archive(id, viewer) else { throw unknown(id) }
        guard let format = ActivityFileFormat(rawValue: name.lowercased()) else {
            throw WebError(.notFound, title: "No such format", message: "'\(name)' is not a format workouts download as; use fit, tcx or gpx.")
        }
        let data = try ActivityFile.data(archive.activity, as: format, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        return ServerResponse.activityFile(data, format: format, baseName: archive.summary.fileBaseName)
    }

    /// A page of the workouts `viewer` may see, as `filter` asks.
    func list(_ filter: ListFilter, viewer: ClubViewer) async throws -> (page: [ClubWorkout], matching: Int) {
        let query = filter.query
        return try await club.workouts(visibleTo: viewer.athlete.id, activity: query.activity, athleteName: filter.athlete, from: query.from, to: query.to,
                                       order: filter.order, limit: query.pageSize, offset: (query.page - 1) * query.pageSize)
    }

    /// The squad page's figures: `?group=NAME` (else the viewer's first group) and `?week=YYYY-MM-DD` (any day of it; else this week).
    func squad(_ request: Request, viewer: ClubViewer) async throws -> Result<SquadResponse, Failure> {
        let groups = try await club.groups(of: viewer.athlete.id)
        let name = request.decodedParameters["group"]
        guard let group = name.map({ name in groups.first { $0.name == name } }) ?? groups.first else {
            return .failure(Failure(status: .notFound, message: name.map { "You are not in a group named '\($0)'." } ?? "You are in no group yet; an admin adds you with `workout serve groups join`."))
        }
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = configuration.timeZone
        var day = club.now()
        if let week = request.uri.queryParameters["week"] {
            guard let date = WorkoutListQuery.day(String(week), in: configuration.timeZone) else { return .failure(Failure(status: .badRequest, message: "week=\(week) is not a date; write YYYY-MM-DD.")) }
            day = date
        }
        guard let interval = calendar.dateInterval(of: .weekOfYear, for: day),
              let rows = try await club.squad(group.id, viewer: viewer.athlete.id, from: interval.start, to: interval.end)
        else { return .failure(Failure(status: .notFound, message: "You are not in that group.")) }
        return .success(SquadResponse(group: group.name, from: interval.start, to: interval.end, athletes: rows))
    }

    /// Two workouts' laps, `?a=ID&b=ID`, both visible to the viewer.
    func comparison(_ request: Request, viewer: ClubViewer) async throws -> Result<ComparisonResponse, Failure> {
        var workouts: [(ClubWorkout, [ClubLap])] = []
        for key in ["a", "b"] {
            let id = request.uri.queryParameters[Substring(key)].map(String.init) ?? ""
            guard let uuid = UUID(uuidString: id), let workout = try await club.workout(uuid, visibleTo: viewer.athlete.id),
                  let laps = try await club.laps(of: uuid, visibleTo: viewer.athlete.id)
            else { return .failure(Failure(status: .notFound, message: "No workout you may see has the identifier '\(id)' (\(key)=).")) }
            workouts.append((workout, laps))
        }
        let (a, b) = (workouts[0], workouts[1])
        let pairs = (0..<max(a.1.count, b.1.count)).map { index in
            let lapA = index < a.1.count ? a.1[index] : nil, lapB = index < b.1.count ? b.1[index] : nil
            return ComparisonResponse.LapPair(index: index, a: lapA, b: lapB,
                                              difference: lapA.flatMap { x in lapB.map { $0.timerSeconds - x.timerSeconds } })
        }
        return .success(ComparisonResponse(a: a.0, b: b.0, laps: pairs))
    }

    /// The refusal of a workout the viewer may not see, the same as one that does not exist.
    func unknown(_ id: String) -> WebError {
        WebError(.notFound, title: "No such workout", message: "No workout you may see has the identifier '\(id)'; the list at / shows yours and those shared with you.")
    }
}
