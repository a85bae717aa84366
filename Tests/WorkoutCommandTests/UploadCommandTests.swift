import Foundation
import TestSupport
import Testing

extension BlockingCommandSuites {
/// `workout upload` against fake Strava and intervals.icu servers written from their API documents
/// (Tests/Fixtures/fake-ride-services.py): token rotation kept across runs, multipart uploads, polling,
/// duplicates, rate limits, refused credentials, and a queue killed midway that sends each ride once.
@Suite(.heavy, .timeLimit(.minutes(10)), .enabled(if: ExternalTool.has("curl"), "curl is missing"))
struct UploadCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A store holding `scenarios` replayed, and its workouts' identifiers, oldest first.
    static func store(_ scenarios: [String]) async throws -> (path: String, ids: [String]) {
        let path = Scratch.url("upload").appendingPathComponent("health.sqlite").path
        for scenario in scenarios {
            let replay = try await WorkoutProcess.run(["replay", root.appendingPathComponent("Scenarios/\(scenario)").path, "--store", path])
            try #require(replay.status == 0, "\(replay.stderr)")
        }
        let listed = try await WorkoutProcess.run(["list", "--json", "--store", path])
        let workouts = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
        let ids = workouts.compactMap { $0["id"] as? String }.sorted()
        try #require(ids.count == scenarios.count)
        return (path, ids)
    }

    static func connectStrava(_ services: FakeRideServices, store: String, refreshToken: String = "r0") async throws -> WorkoutProcess.Output {
        try await WorkoutProcess.run(["upload", "connect", "strava", "--client-id", "1", "--client-secret", "s",
                                      "--refresh-token", refreshToken, "--server", services.url, "--store", store])
    }

    static func upload(_ arguments: [String], store: String) async throws -> WorkoutProcess.Output {
        try await WorkoutProcess.run(["upload"] + arguments + ["--store", store, "--poll-interval", "0.1"])
    }

    /// Whether Garmin's FIT SDK reads `file` as whole and sound, with records.
    static func passesGarminsDecoder(_ file: URL) async throws -> String {
        let read = try await offThePool { try ExternalTool.python("""
            import sys
            from garmin_fit_sdk import Decoder, Stream
            d = Decoder(Stream.from_file(sys.argv[1]))
            assert d.is_fit() and d.check_integrity(), 'not a sound FIT file'
            m, e = Decoder(Stream.from_file(sys.argv[1])).read()
            assert not e, e
            print(len(m['record_mesgs']), len(m['session_mesgs']))
            """, [file.path]) }
        return read.status == 0 ? read.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : "refused: \(read.standardError)"
    }

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func stravaTakesEachRideOnceWithTokensRotatedAndKept() async throws {
        // Tokens that expire within the minute: every run refreshes, and must use the refresh token the last one kept.
        let services = try FakeRideServices(config: #"{"strava": {"expires_in": 30, "processing_polls": 2}}"#)
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml", "easy-run.yaml"])
        let connect = try await Self.connectStrava(services, store: store)
        #expect(connect.status == 0 && connect.stdout.contains("connected Strava"), "\(connect.stdout)\(connect.stderr)")
        let queueFile = URL(fileURLWithPath: store).deletingPathExtension().path + ".uploads.sqlite"
        let mode = try FileManager.default.attributesOfItem(atPath: queueFile)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the queue keeps credentials: owner only, not \(String(mode ?? 0, radix: 8))")

        let first = try await Self.upload([ids[0], "--to", "strava"], store: store)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let second = try await Self.upload([ids[1], "--to", "strava"], store: store)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let again = try await Self.upload([ids[0], "--to", "strava"], store: store)
        #expect(again.status == 0 && again.stdout.contains("1 sent, 0 waiting, 0 failed"), "\(again.stdout)")

        let state = try await services.state()
        let activities = state["strava_activities"] as? [String: [String: Any]] ?? [:]
        #expect(activities.count == 2, "\(activities)")
        #expect(Set(activities.values.compactMap { $0["external_id"] as? String }) == Set(ids.map { "openhealthkit-\($0.lowercased())" }))
        for (activity, facts) in activities {
            let workout = ids.first { "openhealthkit-\($0.lowercased())" == facts["external_id"] as? String } ?? "?"
            let line = "sent \(workout.prefix(8).lowercased()) to Strava: activity \(activity)"
            #expect((first.stdout + second.stdout).contains(line), "no `\(line)` in:\n\(first.stdout)\(second.stdout)")
            // The file sent is `workout export`'s, byte for byte: one file, one computation.
            let exported = Scratch.url("upload-export").appendingPathComponent("ride.fit")
            try FileManager.default.createDirectory(at: exported.deletingLastPathComponent(), withIntermediateDirectories: true)
            let export = try await WorkoutProcess.run(["export", workout, "--format", "fit", "--output", exported.path, "--store", store])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(try Data(contentsOf: exported) == Data(contentsOf: services.folder.appendingPathComponent("strava-\(activity).fit")),
                    "the file sent to Strava differs from `workout export`'s")
            let figures = try await Self.passesGarminsDecoder(services.folder.appendingPathComponent("strava-\(activity).fit"))
            #expect(!figures.hasPrefix("refused") && figures.split(separator: " ").first.flatMap { Int($0) } ?? 0 > 100, "\(activity): \(figures)")
        }
        // connect, first and second each refreshed once, each with the token the one before was given; nothing more.
        let used = state["used_refresh_tokens"] as? [String] ?? []
        #expect(used.count == 3 && used[0] == "r0" && Set(used).count == 3, "\(used)")
        // Two questions about each upload before it was an activity, and the third run sent nothing.
        let requests = (state["requests"] as? [[String]] ?? []).map { $0.joined(separator: " ") }
        #expect(requests.filter { $0 == "POST /api/v3/uploads" }.count == 2, "\(requests)")
        #expect(requests.filter { $0.hasPrefix("GET /api/v3/uploads/") }.count == 4, "\(requests)")
    }

    @Test func aRideStravaAlreadyHasIsRecognisedAndNotMadeTwice() async throws {
        let services = try FakeRideServices(config: #"{"strava": {"processing_polls": 1}}"#)
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml"])
        #expect(try await Self.connectStrava(services, store: store).status == 0)
        #expect(try await Self.upload([ids[0], "--to", "strava"], store: store).status == 0)
        // A second queue (another machine, or one deleted) sends the same ride: Strava says it is a duplicate.
        let other = Scratch.url("upload-other").appendingPathComponent("queue.sqlite").path
        let state = try await services.state()
        let rotated = (state["refresh_tokens"] as? [String] ?? []).last ?? ""
        let connect = try await WorkoutProcess.run(["upload", "connect", "strava", "--client-id", "1", "--client-secret", "s",
                                                    "--refresh-token", rotated, "--server", services.url, "--store", store, "--queue", other])
        try #require(connect.status == 0, "\(connect.stderr)")
        let again = try await Self.upload([ids[0], "--to", "strava", "--queue", other], store: store)
        let activity = ((state["strava_activities"] as? [String: Any])?.keys.first) ?? "?"
        #expect(again.status == 0 && again.stdout.contains("had \(ids[0].prefix(8).lowercased()) on Strava already: activity \(activity)"),
                "\(again.stdout)\(again.stderr)")
        let after = try await services.state()
        #expect((after["strava_activities"] as? [String: Any])?.count == 1)
    }

    @Test func aRateLimitWaitsForStravasNextWindowAndARefusedTokenIsRefreshedOnce() async throws {
        // The first upload meets the 15-minute limit; the token is then revoked after one upload.
        let services = try FakeRideServices(config: #"{"strava": {"rate_limited_uploads": 1, "revoke_access_after_uploads": 2, "processing_polls": 1}}"#)
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml", "easy-run.yaml"])
        #expect(try await Self.connectStrava(services, store: store).status == 0)
        let limited = try await Self.upload([ids[0], "--to", "strava"], store: store)
        #expect(limited.status == 1, "a ride still waiting is not a success")
        #expect(limited.stdout.contains("waiting \(ids[0].prefix(8).lowercased()) for Strava: Strava's limit of 200 requests in 15 minutes is used (201); next try at "),
                "\(limited.stdout)")
        let status = try await WorkoutProcess.run(["upload", "status", "--json", "--store", store])
        let jobs = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]]) ?? []
        #expect(jobs.first?["state"] as? String == "waiting" && jobs.first?["service"] as? String == "strava", "\(status.stdout)")
        let next = (jobs.first?["nextAttempt"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
        let due = try #require(next, "\(status.stdout)")
        #expect(Int(due.timeIntervalSince1970) % 900 == 0 && due > Date() && due.timeIntervalSinceNow <= 900, "the next quarter hour, not \(due)")
        // Run now: not due, nothing sent.
        let early = try await Self.upload(["run"], store: store)
        #expect(early.status == 1 && early.stdout.contains("0 sent, 1 waiting"), "\(early.stdout)")
        #expect((try await services.state())["strava_upload_posts"] as? Int == 1)

        // The second ride goes; the third upload meets a revoked token, refreshes once, and goes too.
        #expect(try await Self.upload([ids[1], "--to", "strava"], store: store).status == 0)
        let state = try await services.state()
        #expect((state["used_refresh_tokens"] as? [String])?.count == 1, "only connect refreshed so far")
        let revoked = Scratch.url("upload-revoked").appendingPathComponent("queue.sqlite").path
        let rotated = (state["refresh_tokens"] as? [String] ?? []).last ?? ""
        _ = try await WorkoutProcess.run(["upload", "connect", "strava", "--client-id", "1", "--client-secret", "s", "--refresh-token", rotated,
                                          "--server", services.url, "--store", store, "--queue", revoked])
        let afterRevoke = try await Self.upload([ids[0], "--to", "strava", "--queue", revoked], store: store)
        #expect(afterRevoke.status == 0 && afterRevoke.stdout.contains("sent \(ids[0].prefix(8).lowercased()) to Strava"), "\(afterRevoke.stdout)\(afterRevoke.stderr)")
        let final = try await services.state()
        #expect((final["used_refresh_tokens"] as? [String])?.count == 3, "connect twice, then one refresh after the 401")
    }

    @Test func aBadRefreshTokenOrAPIKeySaysWhatToDoAndKeepsTheRidesQueued() async throws {
        let services = try FakeRideServices()
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml"])
        let connect = try await Self.connectStrava(services, store: store, refreshToken: "stolen")
        #expect(connect.status == 1 && connect.stderr.contains("Strava did not take these credentials") && connect.stderr.contains("workout upload connect strava"),
                "\(connect.stderr)")
        let unconnected = try await Self.upload([ids[0], "--to", "strava"], store: store)
        #expect(unconnected.status == 1 && unconnected.stderr.contains("No Strava account is connected"), "\(unconnected.stderr)")

        _ = try await WorkoutProcess.run(["upload", "connect", "intervals", "--athlete-id", "i42", "--api-key", "wrong", "--server", services.url, "--store", store])
        let refused = try await Self.upload([ids[0], "--to", "intervals"], store: store)
        #expect(refused.status == 1 && refused.stderr.contains("intervals.icu refused the API key for athlete i42") && refused.stdout.contains("0 sent, 1 waiting"),
                "\(refused.stdout)\(refused.stderr)")
        _ = try await WorkoutProcess.run(["upload", "connect", "intervals", "--athlete-id", "i42", "--api-key", "k", "--server", services.url, "--store", store])
        let sent = try await Self.upload(["run"], store: store)
        #expect(sent.status == 0 && sent.stdout.contains("sent \(ids[0].prefix(8).lowercased()) to intervals.icu: activity i"), "\(sent.stdout)\(sent.stderr)")
    }

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func intervalsRetriesAServerFailureAndMakesNoDuplicate() async throws {
        let services = try FakeRideServices(config: #"{"intervals": {"failed_uploads": 1}}"#)
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml", "mountain-hike.yaml"])
        let connect = try await WorkoutProcess.run(["upload", "connect", "intervals", "--athlete-id", "i42", "--api-key", "k", "--server", services.url, "--store", store])
        #expect(connect.status == 0, "\(connect.stderr)")
        let sent = try await Self.upload(ids + ["--to", "intervals", "--wait", "--first-retry-wait", "0.5"], store: store)
        #expect(sent.status == 0 && sent.stdout.contains("the service answered 500") && sent.stdout.contains("2 sent, 0 waiting, 0 failed"),
                "\(sent.stdout)\(sent.stderr)")
        // The same files from another queue: intervals.icu knows them by their hash.
        let other = Scratch.url("upload-other").appendingPathComponent("queue.sqlite").path
        _ = try await WorkoutProcess.run(["upload", "connect", "intervals", "--athlete-id", "i42", "--api-key", "k", "--server", services.url, "--store", store, "--queue", other])
        #expect(try await Self.upload(ids + ["--to", "intervals", "--queue", other], store: store).status == 0)
        let state = try await services.state()
        let activities = state["intervals_activities"] as? [String: [String: Any]] ?? [:]
        #expect(activities.count == 2 && state["intervals_posts"] as? Int == 5, "\(activities) \(state["intervals_posts"] ?? 0)")
        for activity in activities.keys {
            let figures = try await Self.passesGarminsDecoder(services.folder.appendingPathComponent("intervals-\(activity).fit"))
            #expect(!figures.hasPrefix("refused"), "\(activity): \(figures)")
        }
    }

    /// The network drops after the service took the upload: the ride is looked up by its external id before it is
    /// sent again, and each service makes it once, from one post.
    @Test(arguments: ["strava", "intervals"])
    func aRideWhoseAnswerWasLostIsAskedForNotSentAgain(_ service: String) async throws {
        let services = try FakeRideServices(config: #"{"strava": {"lost_answers": 1, "processing_polls": 2}, "intervals": {"lost_answers": 1}}"#)
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml"])
        let connect = service == "strava"
            ? try await Self.connectStrava(services, store: store)
            : try await WorkoutProcess.run(["upload", "connect", "intervals", "--athlete-id", "i42", "--api-key", "k", "--server", services.url, "--store", store])
        #expect(connect.status == 0, "\(connect.stderr)")
        let sent = try await Self.upload([ids[0], "--to", service, "--wait", "--first-retry-wait", "0.2", "--lost-answer-wait", "2"], store: store)
        #expect(sent.status == 0 && sent.stdout.contains("1 sent, 0 waiting, 0 failed"), "\(sent.stdout)\(sent.stderr)")
        #expect(sent.stdout.contains("cannot be reached"), "the first answer was lost: \(sent.stdout)")
        let state = try await services.state()
        #expect(state["lost_answers"] as? Int == 1)
        let activities = state[service == "strava" ? "strava_activities" : "intervals_activities"] as? [String: [String: Any]] ?? [:]
        #expect(activities.count == 1, "\(activities)")
        #expect(state[service == "strava" ? "strava_upload_posts" : "intervals_posts"] as? Int == 1, "one post, found again after the lost answer: \(state)")
        let requests = (state["requests"] as? [[String]] ?? []).map { $0.joined(separator: " ") }
        #expect(requests.contains { $0.hasPrefix("GET ") && $0.hasSuffix("/activities") }, "the ride was looked up: \(requests)")
        let activity = try #require(activities.keys.first)
        #expect(sent.stdout.contains("sent \(ids[0].prefix(8).lowercased()) to \(service == "strava" ? "Strava" : "intervals.icu"): activity \(activity)"), "\(sent.stdout)")
    }

    @Test func theQueueReadByAnotherProcessStillTakesEveryChange() async throws {
        // `upload status` (or the sync service's timer) reading the queue while `upload` commits a job's new state:
        // a reader holding its transaction must not make the writer's commit fail with "database is locked".
        let (store, _) = try await Self.store(["commute-ride.yaml"])
        let first = try await WorkoutProcess.run(["upload", "connect", "intervals", "--athlete-id", "i1", "--api-key", "k1", "--server", "http://127.0.0.1:9", "--store", store])
        #expect(first.status == 0, "\(first.stderr)")
        let queueFile = URL(fileURLWithPath: store).deletingPathExtension().path + ".uploads.sqlite"
        let executable = WorkoutProcess.executable.path
        let outcome = try await offThePool { try ExternalTool.python("""
            import sqlite3, subprocess, sys
            reader = sqlite3.connect(sys.argv[1], isolation_level=None)
            reader.execute('BEGIN')
            reader.execute('SELECT count(*) FROM accounts').fetchall()
            writer = subprocess.run(sys.argv[2:], capture_output=True, text=True)
            reader.execute('COMMIT')
            print(writer.returncode, writer.stderr.strip())
            """, [queueFile, executable, "upload", "connect", "intervals", "--athlete-id", "i2", "--api-key", "k2",
                  "--server", "http://127.0.0.1:9", "--store", store]) }
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "the change made while another process read: \(outcome.standardOutput)")
        let status = try await WorkoutProcess.run(["upload", "status", "--store", store])
        #expect(status.status == 0, "\(status.stderr)")
    }

    @Test func aQueueKilledMidwaySendsEachRideExactlyOnce() async throws {
        // Each upload is processed for 24 questions, 0.25 s apart (6 s, wide enough for a busy machine to see): the kill lands while one is in Strava's hands.
        let services = try FakeRideServices(config: #"{"strava": {"processing_polls": 24}}"#)
        defer { services.stop() }
        let (store, ids) = try await Self.store(["commute-ride.yaml", "easy-run.yaml", "track-intervals.yaml"])
        #expect(try await Self.connectStrava(services, store: store).status == 0)
        // A try that fails on a busy machine is tried again within moments, and an answer lost there is looked for.
        let sending = try RecordingProcess(["upload"] + ids + ["--to", "strava", "--store", store, "--poll-interval", "0.25",
                                                               "--first-retry-wait", "0.2", "--lost-answer-wait", "8"])
        try await sending.waitFor("sent ", timeout: 60)
        // The second upload is posted at once after the first is sent; kill once the queue keeps the upload id
        // Strava gave for it (a job `processing`). Waiting on Strava's count of posts instead could, on a busy
        // machine, kill between Strava's answer and the queue keeping it: that upload is rightly made again.
        let held = try await eventually(every: .milliseconds(50), within: .seconds(60)) {
            let status = try await WorkoutProcess.run(["upload", "status", "--json", "--store", store])
            let jobs = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]]) ?? []
            return jobs.contains { $0["state"] as? String == "processing" }
        }
        #expect(held, "no upload was ever processing on Strava:\n\(sending.output)")
        sending.kill()
        let killed = await sending.finalOutput()
        #expect(!killed.contains("1 sent") && !killed.contains("3 sent"), "the kill came too late to test anything:\n\(killed)")
        let resumed = try await Self.upload(["run", "--poll-interval", "0.25", "--wait", "--first-retry-wait", "0.2", "--lost-answer-wait", "8"], store: store)
        #expect(resumed.status == 0 && resumed.stdout.contains("2 sent, 0 waiting, 0 failed"), "\(resumed.stdout)\(resumed.stderr)")
        let state = try await services.state()
        let activities = state["strava_activities"] as? [String: [String: Any]] ?? [:]
        #expect(activities.count == 3, "\(activities)")
        #expect(Set(activities.values.compactMap { $0["external_id"] as? String }) == Set(ids.map { "openhealthkit-\($0.lowercased())" }))
        // The ride Strava held when the command died was asked about again, not sent again.
        #expect(state["strava_upload_posts"] as? Int == 3, "\(state["strava_upload_posts"] ?? 0) uploads posted")
    }
}
}
