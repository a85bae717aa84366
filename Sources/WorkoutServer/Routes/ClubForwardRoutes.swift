import Foundation
import Hummingbird
import RideUploads
import WorkoutClub

/// Where an athlete's new rides go on to: Strava and intervals.icu accounts kept with the club, and the rides on
/// their way. The club sends rides out and never reads Strava's back (Strava's API agreement lets a user's Strava
/// data be shown to that user only).
///
/// - `GET /api/forwards`: the services the athlete forwards to (no secrets) and the last 100 rides forwarded or waiting.
/// - `PUT /api/forwards/strava`: `{"clientID", "clientSecret", "refreshToken"}` (or `"code"` from Strava's
///   authorization page); the club asks Strava for a token at once, so credentials Strava refuses answer 422.
/// - `PUT /api/forwards/intervals`: `{"athleteID", "apiKey"}`.
/// - `DELETE /api/forwards/{service}`: stops forwarding there; rides not yet sent there are dropped.
struct ClubForwardRoutes {
    let club: Club
    let settings: ForwardingSettings

    struct Service: Encodable {
        var service: String
        /// Strava: the athlete's name there, when Strava said it; intervals.icu: the athlete id.
        var account: String?
    }

    struct Row: Encodable {
        var workout: String
        var service: String
        var state: String
        var activity: String?
        var attempts: Int
        var nextAttempt: Date?
        var problem: String?
    }

    struct Listing: Encodable {
        var forwards: [Service]
        var rides: [Row]
    }

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        let club = club
        routes.get("/api/forwards") { request, context in
            let viewer = try context.viewer(for: request)
            return ServerResponse.json(try await listing(of: viewer.athlete.id))
        }
        routes.put("/api/forwards/:service") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let destination = try Self.destination(try context.parameters.require("service"))
            let body = try await request.collectBody(upTo: 16 << 10, what: "An account")
            let fields = ((try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]) ?? [:]).compactMapValues { $0 as? String }
            return ServerResponse.json(try await connect(destination, fields: fields, for: viewer.athlete.id))
        }
        routes.delete("/api/forwards/:service") { request, context in
            let viewer = try context.viewer(for: request, changing: true)
            let destination = try Self.destination(try context.parameters.require("service"))
            guard try await club.removeForward(destination, of: viewer.athlete.id) else {
                throw WebError(.notFound, title: "Not found", message: "You do not forward rides to \(destination).")
            }
            return Response(status: .noContent)
        }
        return routes
    }

    /// Keeps the account `fields` give for `destination` (Strava's checked with Strava first), for `athleteID`.
    ///
    /// - Throws: `WebError` 400 for a field missing, 422 for credentials Strava refuses.
    func connect(_ destination: UploadDestination, fields: [String: String], for athleteID: Int64) async throws -> Service {
        func field(_ name: String) -> String? { fields[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } }
        let account: UploadAccount
        switch destination {
        case .intervals:
            guard let athlete = field("athleteID"), let key = field("apiKey") else {
                throw WebError.badRequest("Bad request", "intervals.icu needs {\"athleteID\": \"i12345\", \"apiKey\": \"…\"} from https://intervals.icu/settings.")
            }
            account = .intervals(IntervalsAccount(server: settings.intervalsServer, athleteID: athlete, apiKey: key))
        case .strava:
            guard let clientID = field("clientID"), let secret = field("clientSecret"), field("refreshToken") != nil || field("code") != nil else {
                throw WebError.badRequest("Bad request", "Strava needs {\"clientID\", \"clientSecret\", and \"refreshToken\" or \"code\"} of an application with the activity:write scope.")
            }
            let given = StravaAccount(server: settings.stravaServer, clientID: clientID, clientSecret: secret, refreshToken: field("refreshToken") ?? "")
            do {
                // Checked now, so a mistyped secret shows here rather than at the first ride.
                account = .strava(try await StravaClient().connect(given, code: field("code"), now: club.now()))
            } catch .unreachable(let why) {
                // Not the credentials' fault: the club could not reach Strava (no network, no DNS).
                throw WebError(.badGateway, title: "Strava cannot be reached",
                               message: "\(why). The credentials were not checked and nothing was saved; try again once the club's server is online.")
            } catch {
                throw WebError(.unprocessableContent, title: "Refused by Strava", message: "Strava did not take these credentials: \(error)")
            }
        }
        try await club.setForward(account, for: athleteID)
        let shown: String? = switch account {
        case .strava(let strava): strava.athlete
        case .intervals(let intervals): intervals.athleteID
        }
        return Service(service: destination.rawValue, account: shown)
    }

    /// The services `athleteID` forwards to, and their last rides.
    func listing(of athleteID: Int64) async throws -> Listing {
        let forwards = try await club.forwards(of: athleteID).map { account in
            switch account {
            case .strava(let strava): Service(service: "strava", account: strava.athlete)
            case .intervals(let intervals): Service(service: "intervals", account: intervals.athleteID)
            }
        }
        return Listing(forwards: forwards, rides: try await club.forwardJobs(of: athleteID).map { Self.row($0.job) })
    }

    static func destination(_ text: String) throws -> UploadDestination {
        guard let destination = UploadDestination(rawValue: text) else {
            throw WebError(.notFound, title: "Not found", message: "'\(text)' is not a service rides go to: strava or intervals.")
        }
        return destination
    }

    static func row(_ job: UploadJob) -> Row {
        var row = Row(workout: job.workoutID.uuidString, service: job.destination.rawValue, state: "waiting", attempts: job.attempts,
                      nextAttempt: job.nextAttempt, problem: job.lastProblem)
        switch job.state {
        case .done(let activity, let duplicate):
            row.state = duplicate ? "had" : "sent"
            row.activity = activity
            row.nextAttempt = nil
        case .processing: row.state = "processing"
        case .sending: row.state = "sending"
        case .queued: row.state = "waiting"
        case .failed(let reason):
            row.state = "failed"
            row.problem = reason
            row.nextAttempt = nil
        }
        return row
    }
}
