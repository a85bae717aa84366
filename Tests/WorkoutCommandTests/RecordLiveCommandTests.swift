import Foundation
import SensorBridge
import TestSupport
import Testing

/// `workout record --live-to`: a recording on a strap bridge (a real socat pty) sends its snapshots to one club
/// server process, and a follower of another, on the same PostgreSQL, gets every one of them, in order, once.
@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct RecordLiveCommandTests {
    /// A strap bridge sending 120 bpm twice a second for `seconds`, on a thread of its own.
    static func feed(_ strap: SocatPair, for seconds: Double) {
        let started = Date()
        Thread {
            var index: UInt32 = 0
            while Date().timeIntervalSince(started) < seconds {
                _ = try? strap.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x00, 120]), sequence: index, milliseconds: UInt64(index) * 500))
                index += 1
                usleep(500_000)
            }
        }.start()
    }

    /// `workout record --live-to` the club's first server for `seconds`, on a strap bridge fed for `feeding` seconds:
    /// the recording, and the path of its live events it prints (`api/live/<UUID>/events`).
    static func liveRecording(_ club: ClubFixture, strap: SocatPair, seconds: Int, feeding: Double) async throws -> (RecordingProcess, path: String) {
        feed(strap, for: feeding)
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--duration", "\(seconds)",
                                              "--store", club.folder.appendingPathComponent("bike.sqlite").path, "--live-to", club.url,
                                              "--sync-token-file", try club.adaTokenFile()])
        try await recording.waitFor("live on the club: ")
        let line = try #require(recording.output.split(separator: "\n").first { $0.contains("live on the club: ") })
        // The page a person opens, then the stream a program reads: `live on the club: PAGE (its events: EVENTS)`.
        let events = try #require(line.range(of: "/api/live/").map { String(line[$0.lowerBound...].dropFirst().dropLast()) })
        let session = events.split(separator: "/")[2]
        #expect(line.contains("live on the club: \(club.url)live/session/\(session) (its events: \(club.url)api/live/\(session)/events)"), "\(line)")
        return (recording, events)
    }

    @Test(.enabled(if: PostgresCluster.isAvailable && SocatPair.executable != nil && ExternalTool.has("curl"),
                   "PostgreSQL, socat or curl is missing: run Scripts/setup"))
    func aRecordingSentToOneServerIsFollowedWholeOnTheOther() async throws {
        let club = try await ClubFixture(.postgres)
        defer { club.stop() }
        let second = try await club.secondServer()
        defer { second.stop() }
        let strap = try SocatPair()
        defer { strap.stop() }
        let (recording, path) = try await Self.liveRecording(club, strap: strap, seconds: 14, feeding: 30)
        // The follower, on the other server, from a few seconds in: what came before is filled from the table.
        try await Task.sleep(for: .seconds(4))
        let followed = try await offThePool {
            try ExternalTool.run("curl", ["-s", "-N", "--max-time", "60", "-H", "Authorization: Bearer \(club.adaToken)", second.url + path])
        }
        #expect(try await recording.finish() == 0, "\(recording.output)")
        let ids = followed.standardOutput.split(separator: "\n").compactMap { $0.hasPrefix("id: ") ? Int($0.dropFirst(4)) : nil }
        let sent = try #require(recording.output.split(separator: "\n").first { $0.hasPrefix("live: ") }.flatMap { Int($0.split(separator: " ")[1]) },
                                "\(recording.output)")
        // A snapshot every 2 s of 14 s, the state changes, and the end: every one acknowledged reached the follower, in order.
        #expect(sent >= 7 && ids == Array(1...sent), "\(ids) of \(sent)\n\(followed.standardOutput.suffix(600))")
        let last = followed.standardOutput.split(separator: "\n").last { $0.hasPrefix("data: ") } ?? ""
        #expect(last.contains("\"state\":\"ended\""), "\(last)")
    }

    /// The same recording followed on B while B's and A's listening connections are cut (`pg_terminate_backend`) and
    /// B itself is killed and started again: the follower reconnects with `Last-Event-ID`, as browsers do, and ends
    /// with every point, in order, once.
    @Test(.enabled(if: PostgresCluster.isAvailable && SocatPair.executable != nil && ExternalTool.has("curl"),
                   "PostgreSQL, socat or curl is missing: run Scripts/setup"))
    func aFollowerLosesNothingWhenListenersAreCutAndItsServerRestartsMidRide() async throws {
        let club = try await ClubFixture(.postgres)
        defer { club.stop() }
        var second = try await club.secondServer()
        defer { second.stop() }
        let port = second.port
        let strap = try SocatPair()
        defer { strap.stop() }
        let (recording, path) = try await Self.liveRecording(club, strap: strap, seconds: 40, feeding: 60)
        // The follower: curl again and again on B from the last id it had, until the session's end, on a thread of its
        // own (blocking the cooperative pool, it could start only after a busy suite let it); each connection's events
        // in a file of its own, so the test sees when the first has begun.
        let events = "http://127.0.0.1:\(port)/" + path, token = club.adaToken
        let folder = club.folder
        let following = Task {
            try await offThePool { () -> (ids: [Int], reconnections: Int, last: String) in
                var ids: [Int] = [], reconnections = -1, last = ""
                let deadline = Date().addingTimeInterval(120)
                while !last.contains("\"state\":\"ended\""), Date() < deadline {
                    reconnections += 1
                    let resume = ids.last.map { ["-H", "Last-Event-ID: \($0)"] } ?? []
                    let file = folder.appendingPathComponent("events-\(reconnections).txt")
                    _ = try ExternalTool.run("curl", ["-s", "-N", "--max-time", "60", "-o", file.path, "-H", "Authorization: Bearer \(token)"] + resume + [events])
                    let answer = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                    for line in answer.split(separator: "\n") {
                        if line.hasPrefix("id: "), let id = Int(line.dropFirst(4)) { ids.append(id) }
                        if line.hasPrefix("data: ") { last = String(line) }
                    }
                    if !last.contains("\"state\":\"ended\"") { usleep(300_000) }
                }
                return (ids, reconnections, last)
            }
        }
        // The follower has its first point from B before anything is cut (on its first connection, or a later one if
        // it asked before the rider's first point made the session).
        let connected = try await eventually(within: .seconds(60)) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.filter { $0.hasPrefix("events-") }.contains {
                ((try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) ?? "").contains("id: ")
            }
        }
        try #require(connected, "the follower got no point from B in a minute")
        // Early in the 40-s ride: every listening connection to the club's database cut, then B killed and started again.
        try await Task.sleep(for: .seconds(1))
        let database = try #require(club.database.split(separator: "/").last.map(String.init))
        let cut = try await offThePool {
            try #require(PostgresCluster.shared).psql("""
                SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()
                """, database: database)
        }
        #expect(cut.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "both servers' listeners cut: \(cut.standardOutput)\(cut.standardError)")
        try await Task.sleep(for: .seconds(3))
        second.stop()
        try await Task.sleep(for: .seconds(1))
        second = try await ServingProcess(["--database", club.database], port: port)
        #expect(try await recording.finish() == 0, "\(recording.output)")
        let followed = try await following.value
        let sent = try #require(recording.output.split(separator: "\n").first { $0.hasPrefix("live: ") }.flatMap { Int($0.split(separator: " ")[1]) },
                                "\(recording.output)")
        #expect(followed.ids == Array(1...sent), "\(followed.ids) of \(sent)")
        #expect(followed.reconnections >= 1 && followed.last.contains("\"state\":\"ended\""), "\(followed.reconnections) reconnections, last \(followed.last)")
    }

    /// A ride through a real gpsd, sent live to one server and to the club at the end; its share link opened in
    /// Chromium on the other server: the page follows the ride's track and state to the end and links the saved workout.
    @Test(.enabled(if: PostgresCluster.isAvailable && Browser.isAvailable && ExternalTool.has("curl"),
                   "PostgreSQL, Chromium or curl is missing: run Scripts/setup"))
    func aShareLinkOpensTheRideOnAnyServerAndLinksTheSavedWorkout() async throws {
        let club = try await ClubFixture(.postgres)
        defer { club.stop() }
        let second = try await club.secondServer()
        defer { second.stop() }
        let tokenFile = try club.adaTokenFile()
        let scenario = club.folder.appendingPathComponent("ride.yaml").path
        try SyncCommandTests.shortRide.replacingOccurrences(of: "duration: 14s", with: "duration: 24s").write(toFile: scenario, atomically: true, encoding: .utf8)
        let nmea = club.folder.appendingPathComponent("ride.nmea").path
        let simulated = try await offThePool { try WorkoutProcess.runBlocking(["simulate", scenario, "--nmea", nmea, "--start", "now"]) }
        try #require(simulated.status == 0, "\(simulated.stderr)")
        let ready = club.folder.appendingPathComponent("browser-ready").path, address = club.folder.appendingPathComponent("page-url").path
        let browsing = Task {
            try JSONSerialization.data(withJSONObject: try await Browser.run([
                .touch(ready),
                .openURL(inFile: address, timeout: 120),
                .waitUntil("return document.getElementById('live-state').textContent === 'ended'", timeout: 120),
                .evaluate("""
                    return {points: parseInt(document.getElementById('live-track').getAttribute('data-points') || '0'),
                            link: (document.getElementById('live-workout-link') || {}).href || null,
                            distance: document.getElementById('live-distance').textContent}
                    """),
            ]))
        }
        while !FileManager.default.fileExists(atPath: ready) { try await Task.sleep(for: .milliseconds(100)) }
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let recording = try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(feed.port)",
                                              "--store", club.folder.appendingPathComponent("bike.sqlite").path, "--live-to", club.url,
                                              "--sync-to", club.url, "--sync-token-file", tokenFile])
        // The ride to its end, then the recording finished, whatever the machine's load.
        let epochs = try GPSDFeed.epochs(ofLog: nmea)
        let riding = Task { try await recording.ride(epochs, on: feed) }
        try await recording.waitFor("live on the club: ")
        let line = try #require(recording.output.split(separator: "\n").first { $0.contains("live on the club: ") })
        let session = try #require(line.split(separator: "/").dropLast().last.map(String.init))
        // The link, once the first point has made the session.
        var page: String?
        for _ in 0..<100 where page == nil {
            let shared = try await HTTP.request(club.url + "api/live/\(session)/share?hours=1", method: "POST", headers: ["Authorization: Bearer \(club.adaToken)"])
            page = shared.status == 201 ? shared.json["page"] as? String : nil
            if page == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        try String(second.url.dropLast() + (try #require(page))).write(toFile: address, atomically: true, encoding: .utf8)
        try await riding.value
        #expect(try await recording.finish() == 0, "\(recording.output)")
        let end = try #require(try JSONSerialization.jsonObject(with: try await browsing.value) as? [Any]).first as? [String: Any]
        let saved = try #require(recording.output.split(separator: "\n").first { $0.hasPrefix("on the club: ") }.map { String($0.dropFirst("on the club: ".count)) },
                                 "\(recording.output)")
        #expect(end?["link"] as? String == saved, "\(String(describing: end))")
        // Every fix of the 1-Hz receiver on the map, in batches of two a point: not one position every 2 s.
        #expect((end?["points"] as? Int ?? 0) >= 14, "\(String(describing: end))")
    }
}
