import ClubArchive
import Foundation
import HTTPTypes
import Hummingbird
import WorkoutClub
import WorkoutFormats
import WorkoutReport
import WorkoutCatalog

/// The club's pages: log in, the list, a workout, the squad, a comparison.
extension ClubRoutes {
    func addPages(to router: Router<ClubRequestContext>) {
        router.get("/login") { request, context in
            ServerResponse.html(ClubPage.login(next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)), message: nil))
        }
        router.post("/login") { request, context in try await logIn(request) }
        router.post("/logout") { request, context in
            let viewer = try context.viewer(for: request)
            let form = try await Self.form(request)
            guard viewer.mayChange(request, formToken: form["csrf"]) else { return forbidden() }
            if let secret = request.cookie(named: ClubViewer.cookieName) { try await club.closeSession(cookie: secret) }
            var response = ServerResponse.redirect(to: "/login")
            response.headers[.setCookie] = "\(ClubViewer.cookieName)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
            return response
        }
        router.get("/") { request, context in
            let viewer = try context.viewer(for: request)
            let filter: ListFilter
            do { filter = try ListFilter(request) } catch let error as WorkoutListQueryError {
                throw WebError.badRequest("This list cannot be shown", error.description)
            }
            let (page, matching) = try await list(filter, viewer: viewer)
            let groups = try await club.groups(of: viewer.athlete.id)
            return ServerResponse.html(ClubPage.list(page, matching: matching, filter: filter, viewer: viewer, groups: groups, timeZone: configuration.timeZone))
        }
        router.get("/workouts/:id") { request, context in
            let viewer = try context.viewer(for: request)
            let id = try context.parameters.require("id")
            guard let archive = try await archive(id, viewer), let workout = try await club.workout(archive.id, visibleTo: viewer.athlete.id) else {
                throw unknown(id)
            }
            var options = ReportOptions()
            options.defaultTimeZone = configuration.timeZone
            options.title = "\(workout.athleteName): \(workout.summary.activity)"
            if let athlete = archive.athlete { options.use(athlete) }
            let base = "/workouts/\(archive.id.uuidString)"
            options.links = [ReportLink(title: "← All workouts", url: "/")]
                + ActivityFileFormat.allCases.map { ReportLink(title: "Download \($0.rawValue.uppercased())", url: "\(base)/download/\($0)") }
                + (workout.athleteID == viewer.athlete.id ? [ReportLink(title: "Delete…", url: "\(base)/delete")] : [])
            return ServerResponse.html(WorkoutReport(activity: archive.activity, options: options).page)
        }
        router.get("/workouts/:id/download/:format") { request, context in
            let viewer = try context.viewer(for: request)
            return try await download(try context.parameters.require("id"), format: try context.parameters.require("format"), viewer: viewer)
        }
        router.get("/workouts/:id/delete") { request, context in
            let viewer = try context.viewer(for: request)
            let id = try context.parameters.require("id")
            guard let uuid = UUID(uuidString: id), let workout = try await club.workout(uuid, visibleTo: viewer.athlete.id),
                  workout.athleteID == viewer.athlete.id else { throw unknown(id) }
            return ServerResponse.html(ClubPage.confirmDelete(workout, csrf: viewer.csrfToken ?? "", timeZone: configuration.timeZone))
        }
        router.post("/workouts/:id/delete") { request, context in
            let viewer = try context.viewer(for: request)
            let form = try await Self.form(request)
            guard viewer.mayChange(request, formToken: form["csrf"]) else { return forbidden() }
            let id = try context.parameters.require("id")
            guard let uuid = UUID(uuidString: id), try await club.deleteWorkout(uuid, owner: viewer.athlete.id) else { throw unknown(id) }
            return ServerResponse.redirect(to: "/")
        }
        router.post("/upload") { request, context in
            let viewer = try context.viewer(for: request)
            return switch try await receiveFile(request, viewer: viewer, needsFormToken: true) {
            case .success(let id): ServerResponse.redirect(to: "/workouts/\(id.uuidString)")
            case .failure(let failure): throw failure
            }
        }
        router.get("/squad") { request, context in
            let viewer = try context.viewer(for: request)
            switch try await squad(request, viewer: viewer) {
            case .success(let squad):
                return ServerResponse.html(ClubPage.squad(squad, groups: try await club.groups(of: viewer.athlete.id), csrf: viewer.csrfToken,
                                                          timeZone: configuration.timeZone))
            case .failure(let failure): throw failure
            }
        }
        router.get("/compare") { request, context in
            let viewer = try context.viewer(for: request)
            return switch try await comparison(request, viewer: viewer) {
            case .success(let comparison): ServerResponse.html(ClubPage.comparison(comparison, csrf: viewer.csrfToken, timeZone: configuration.timeZone))
            case .failure(let failure): throw failure
            }
        }
    }

    func logIn(_ request: Request) async throws -> Response {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" { return forbidden() }
        let form = try await Self.form(request)
        let next = Self.safeNext(form["next"])
        let athlete: Athlete?
        do {
            athlete = try await club.logIn(name: form["name"] ?? "", password: form["password"] ?? "")
        } catch let refusal as ClubError {
            // Locked out (429) or too many checks at once (503): say so, and when to try again.
            var wait = 1.0
            if case .tooManyAttempts(_, let until) = refusal { wait = until.timeIntervalSince(club.now()) }
            var response = ServerResponse.html(ClubPage.login(next: next, message: refusal.description), status: refusal == .busy ? .serviceUnavailable : .tooManyRequests)
            response.headers[.retryAfter] = String(max(1, Int(wait.rounded(.up))))
            return response
        }
        guard let athlete else {
            return ServerResponse.html(ClubPage.login(next: next, message: "That name and password do not match an account."), status: .unauthorized)
        }
        let (secret, _) = try await club.openSession(for: athlete)
        var response = ServerResponse.redirect(to: next)
        response.headers[.setCookie] = "\(ClubViewer.cookieName)=\(secret); Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000\(secureCookies ? "; Secure" : "")"
        return response
    }

    func forbidden() -> Response {
        ServerResponse.error(.forbidden, api: false, title: "Refused", message: "This form is out of date or came from another site; reload the page and try again.")
    }

    /// A local path to go to after logging in; anything else is `/`.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return "/" }
        return next
    }

    /// An `application/x-www-form-urlencoded` body's fields (at most 64 KB).
    static func form(_ request: Request) async throws -> [String: String] {
        let body = try await request.body.collect(upTo: 64 << 10)
        var fields: [String: String] = [:]
        for pair in String(decoding: body.readableBytesView, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}
