import Foundation
import TestSupport
import Testing

/// A club server sending its athletes' new rides on to fake Strava and intervals.icu servers
/// (Tests/Fixtures/fake-ride-services.py): set through the API, sent after `workout sync`, and each sent once
/// although the server is killed while Strava processes one.
extension BlockingCommandSuites {
@Suite(.heavy, .serialized, .timeLimit(.minutes(10)), .enabled(if: ExternalTool.has("curl"), "curl is missing"))
struct ClubForwardCommandTests {
    static func put(_ club: ClubFixture, _ service: String, _ body: String, token: String) async throws -> HTTP {
        let file = club.folder.appendingPathComponent("forward-\(service).json")
        try body.write(to: file, atomically: true, encoding: .utf8)
        return try await HTTP.request(club.url + "api/forwards/\(service)", method: "PUT",
                                      headers: ["Authorization: Bearer \(token)", "Content-Type: application/json"], bodyFile: file.path)
    }

    /// The rides `token`'s athlete has forwarded or waiting, by `workout/service`.
    static func rides(_ club: ClubFixture, token: String) async throws -> [String: [String: Any]] {
        let listing = try await HTTP.request(club.url + "api/forwards", headers: ["Authorization: Bearer \(token)"]).json
        let rides = listing["rides"] as? [[String: Any]] ?? []
        return Dictionary(rides.map { ("\(($0["workout"] as? String ?? "").lowercased())/\($0["service"] as? String ?? "")", $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"),
          arguments: ClubDatabaseKind.available)
    func eachSyncedRideGoesOnOnceAlthoughTheServerIsKilledMidway(_ kind: ClubDatabaseKind) async throws {
        // Strava processes each upload for 24 questions, 0.25 s apart (6 s, wide enough for a busy machine to see): the kill lands while it holds one.
        let services = try FakeRideServices(config: #"{"strava": {"processing_polls": 24}}"#)
        defer { services.stop() }
        let club = try await ClubFixture(kind, serverArguments: [
            "--strava-server", services.url, "--intervals-server", services.url,
            "--forward-look", "0.2", "--forward-poll-interval", "0.25", "--forward-retry-wait", "0.5", "--forward-lease", "3",
            // An upload whose answer a busy machine lost is looked for once Strava has had its 6 s to make it.
            "--forward-lost-answer-wait", "8",
        ])
        defer { club.stop() }
        let refused = try await Self.put(club, "strava", #"{"clientID": "1", "clientSecret": "wrong", "refreshToken": "r0"}"#, token: club.adaToken)
        #expect(refused.status == 422 && refused.body.contains("Strava did not take these credentials"), "\(refused.status) \(refused.body)")
        let strava = try await Self.put(club, "strava", #"{"clientID": "1", "clientSecret": "s", "refreshToken": "r0"}"#, token: club.adaToken)
        #expect(strava.status == 200, "\(strava.body)")
        let intervals = try await Self.put(club, "intervals", #"{"athleteID": "i42", "apiKey": "k"}"#, token: club.adaToken)
        #expect(intervals.status == 200, "\(intervals.body)")
        let listing = try await HTTP.request(club.url + "api/forwards", headers: ["Authorization: Bearer \(club.adaToken)"])
        #expect(!listing.body.contains("\"s\"") && !listing.body.contains("r0") && !listing.body.contains("\"k\""), "no secret is shown: \(listing.body)")
        #expect((listing.json["forwards"] as? [[String: Any]])?.count == 2)
        #expect(((try await HTTP.request(club.url + "api/forwards", headers: ["Authorization: Bearer \(club.bobToken)"])).json["forwards"] as? [Any])?.isEmpty == true)

        let store = try await club.store(named: "ada", scenarios: ["commute-ride.yaml", "easy-run.yaml", "track-intervals.yaml"])
        let sync = try await club.sync(store, token: club.adaToken)
        try #require(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
        let ids = Set(try await club.workouts(token: club.adaToken).keys.map { $0.lowercased() })
        // Kill the server as soon as the club has kept the upload Strava holds (a ride `processing`), and start it
        // again. Waiting on Strava's count of posts instead would, on a busy machine, kill the server between
        // Strava's answer and the club keeping it: that upload is rightly made again (and found a duplicate).
        // The waits are deadlines, not counts of tries, so a machine busy with the rest of the suite only slows them.
        let held = try await eventually(every: .milliseconds(50), within: .seconds(60)) {
            try await Self.rides(club, token: club.adaToken).values.contains { $0["state"] as? String == "processing" }
        }
        let servicesState = try await services.state()
        #expect(held, "no ride was ever processing on Strava: \(servicesState)")
        try await club.restartServer()
        var rides: [String: [String: Any]] = [:]
        _ = try await eventually(every: .milliseconds(250), within: .seconds(120)) {
            rides = try await Self.rides(club, token: club.adaToken)
            return rides.count == 6 && rides.values.allSatisfy { $0["state"] as? String == "sent" }
        }
        #expect(rides.count == 6 && rides.values.allSatisfy { $0["state"] as? String == "sent" }, "\(rides)")
        let state = try await services.state()
        let stravaActivities = state["strava_activities"] as? [String: [String: Any]] ?? [:]
        let intervalsActivities = state["intervals_activities"] as? [String: [String: Any]] ?? [:]
        #expect(Set(stravaActivities.values.compactMap { $0["external_id"] as? String }) == Set(ids.map { "openhealthkit-\($0)" }), "\(stravaActivities)")
        #expect(intervalsActivities.count == 3 && stravaActivities.count == 3)
        #expect(state["strava_upload_posts"] as? Int == 3, "the upload Strava held when the server died was asked about again, not sent again")
        for id in ids {
            let activity = rides["\(id)/strava"]?["activity"] as? String ?? "?"
            #expect(stravaActivities[activity]?["external_id"] as? String == "openhealthkit-\(id)", "\(id) → \(activity)")
        }
        // What Strava got is the club's own download of the workout, byte for byte: one file, one computation.
        let first = try #require(ids.sorted().first)
        let downloaded = club.folder.appendingPathComponent("downloaded.fit")
        let download = try await HTTP.request(club.url + "api/workouts/\(first)/file?format=fit", headers: ["Authorization: Bearer \(club.adaToken)"],
                                              output: downloaded.path)
        #expect(download.status == 200)
        let sentActivity = try #require(rides["\(first)/strava"]?["activity"] as? String)
        #expect(try Data(contentsOf: downloaded) == Data(contentsOf: services.folder.appendingPathComponent("strava-\(sentActivity).fit")),
                "the file sent to Strava differs from the club's download")
        for activity in stravaActivities.keys {
            let figures = try await UploadCommandTests.passesGarminsDecoder(services.folder.appendingPathComponent("strava-\(activity).fit"))
            #expect(!figures.hasPrefix("refused"), "\(activity): \(figures)")
        }
        let metrics = try await HTTP.request(club.url + "metrics")
        #expect(metrics.body.contains("openhealthkit_forward_attempts_total{"), "\(metrics.body.prefix(400))")
        // Removing a service stops it; removing it twice finds nothing.
        let removed = try await HTTP.request(club.url + "api/forwards/strava", method: "DELETE", headers: ["Authorization: Bearer \(club.adaToken)"])
        #expect(removed.status == 204)
        let again = try await HTTP.request(club.url + "api/forwards/strava", method: "DELETE", headers: ["Authorization: Bearer \(club.adaToken)"])
        #expect(again.status == 404)
    }
}
}
