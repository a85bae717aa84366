import Foundation
import TestSupport
import Testing

/// Safety alerts through two `workout serve` processes on one PostgreSQL, each with its own monitor: a rider who
/// stops is shown in red on a follower's page in Chromium opened on the other server and on the club's map of who
/// rides now, the rider's webhook gets the alert and its clearing once each, and the banner goes when the rider moves on.
extension BlockingCommandSuites {
@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct LiveSafetyCommandTests {
    /// A point at `metresNorth` of a place in Amsterdam, with the snapshot fields the live page shows.
    static func point(_ sequence: Int, metresNorth: Double, ended: Bool = false) -> String {
        let status = """
            {"state": "\(ended ? "ended" : "running")", "activity": "cycling", "showsPace": false, "elapsedSeconds": \(600 + sequence), \
            "distanceMeters": 4200, "lap": 1, "lapSeconds": 600, "lapDistanceMeters": 4200, "speed": 0, "averageSpeed": 7, \
            "maximumSpeed": 11, "heartRate": 96, "gps": {"name": "gpsd", "text": "3D fix, 8 satellites"}}
            """
        return "{\"sequence\": \(sequence), \"ended\": \(ended), \"snapshot\": {\"status\": \(status), \"points\": [[\(52.37 + metresNorth / 111_320), 4.89]]}}"
    }

    @Test(.enabled(if: PostgresCluster.isAvailable && Browser.isAvailable && ExternalTool.has("curl"),
                   "PostgreSQL, Chromium or curl is missing: run Scripts/setup"))
    func aStoppedRiderIsShownToFollowersAndTheirWebhookToldOnceUntilTheyMoveOn() async throws {
        let hooks = try WebhookReceiver()
        defer { hooks.stop() }
        let club = try await ClubFixture(.postgres, serverArguments: ["--live-safety-look", "0.3"])
        defer { club.stop() }
        let second = try await club.secondServer()
        defer { second.stop() }
        let auth = "Authorization: Bearer \(club.adaToken)"
        let settings = club.folder.appendingPathComponent("safety.json")
        try "{\"stillMinutes\": 0.05, \"silentMinutes\": 5, \"webhook\": \"\(hooks.url)/ada\"}".write(to: settings, atomically: true, encoding: .utf8)
        let set = try await HTTP.request(club.url + "api/safety", method: "PUT", headers: [auth, "Content-Type: application/json"], bodyFile: settings.path)
        #expect(set.status == 200, "\(set.body)")
        let session = UUID().uuidString
        let body = club.folder.appendingPathComponent("point.json")
        func post(_ sequence: Int, metresNorth: Double, ended: Bool = false) async throws {
            try Self.point(sequence, metresNorth: metresNorth, ended: ended).write(to: body, atomically: true, encoding: .utf8)
            let posted = try await HTTP.request(club.url + "api/live/\(session)", method: "POST", headers: [auth, "Content-Type: application/json"], bodyFile: body.path)
            #expect(posted.status == 201, "\(posted.body)")
        }
        // Bob rides with ada in a group where both share their workouts: he sees her on the club's map of who rides now.
        for arguments in [["groups", "add", "riders"], ["groups", "join", "riders", "ada", "--share"], ["groups", "join", "riders", "bob", "--share"]] {
            let done = try await WorkoutProcess.run(["serve"] + arguments + ["--database", club.database])
            try #require(done.status == 0, "\(done.stderr)")
        }
        try await post(1, metresNorth: 0)
        let shared = try await HTTP.request(club.url + "api/live/\(session)/share?hours=1", method: "POST", headers: [auth])
        let pageAddress = second.url.dropLast() + (try #require(shared.json["page"] as? String, "\(shared.body)"))
        let ready = club.folder.appendingPathComponent("browser-ready").path, mapSeen = club.folder.appendingPathComponent("map-seen").path
        let movedOnSeen = club.folder.appendingPathComponent("moved-on-seen").path
        let picture = Screenshots.path("live-alert.png"), map = Screenshots.path("riding-now.png")
        let page = String(pageAddress)
        let onTheSharePage: [Browser.Step] = [
            .open(page),
            .touch(ready),
            .waitUntil("var box = document.getElementById('live-alerts'); return !box.hidden && /Not moved since/.test(box.textContent)", timeout: 60),
            .screenshot(picture),
            .evaluate("return document.getElementById('live-alerts').textContent"),
            .open(second.url + "login"),
        ]
        let onTheMap: [Browser.Step] = [
            .open(second.url + "live"),
            .waitUntil("var li = document.querySelector('#riding-list li[data-athlete=ada]'); return !!li && li.className === 'alert'", timeout: 30),
            .screenshot(map),
            .evaluate("""
                var dot = document.querySelector('#riding-marks circle[data-athlete=ada]');
                return document.getElementById('riding-list').textContent + ' | ' + (dot ? dot.getAttribute('fill') : 'no mark')
                """),
            .touch(mapSeen),
        ]
        // She rides on: the map takes her alert away at its next look.
        let movedOn: [Browser.Step] = [
            .waitUntil("var li = document.querySelector('#riding-list li[data-athlete=ada]'); return !!li && li.className !== 'alert'", timeout: 60),
            .evaluate("return document.querySelector('#riding-list li[data-athlete=ada]').textContent"),
            .touch(movedOnSeen),
        ]
        let steps = onTheSharePage + ClubFixture.logInSteps("bob") + onTheMap + movedOn
        let browsing = Task { try JSONSerialization.data(withJSONObject: try await Browser.run(steps)) }
        while !FileManager.default.fileExists(atPath: ready) { try await Task.sleep(for: .milliseconds(100)) }
        // Stopped: a point a second within 20 m, until the alert has been posted.
        var sequence = 1
        var posted: [[String: String]] = []
        for _ in 0..<40 {
            try await Task.sleep(for: .seconds(1))
            sequence += 1
            try await post(sequence, metresNorth: Double(sequence % 3) * 10)
            posted = try await hooks.received()
            if !posted.isEmpty { break }
        }
        #expect(posted.map { "\($0["event"] ?? "") \($0["kind"] ?? "") \($0["athlete"] ?? "") \($0["path"] ?? "")" } == ["alert.raised still ada /ada"], "\(posted)")
        // Still stopped until bob has seen her on the map, then she rides on: 80 m is a move, and the clearing is posted.
        while !FileManager.default.fileExists(atPath: mapSeen) {
            try await Task.sleep(for: .seconds(1))
            sequence += 1
            try await post(sequence, metresNorth: Double(sequence % 3) * 10)
            if Task.isCancelled { break }
        }
        // Riding on, 80 m a second, until the map has seen it.
        var north = 0.0
        for _ in 0..<90 where !FileManager.default.fileExists(atPath: movedOnSeen) {
            north += 80
            sequence += 1
            try await post(sequence, metresNorth: north)
            try await Task.sleep(for: .seconds(1))
        }
        let results = try #require(try JSONSerialization.jsonObject(with: try await browsing.value) as? [Any])
        #expect((results.first as? String)?.hasPrefix("⚠ Not moved since ") == true, "\(results)")
        let listed = results.dropFirst().first { ($0 as? String)?.contains(" | ") == true } as? String ?? "\(results)"
        #expect(listed.hasPrefix("ada · heard ") && listed.hasSuffix(" · ⚠ not moving | #b00020"), "\(listed)")
        #expect(Screenshots.isPicture(map, largerThan: 5_000), "\(map)")
        #expect((results.last as? String)?.hasPrefix("ada · heard ") == true && (results.last as? String)?.contains("⚠") == false,
                "her alert went from the map when she moved on: \(results)")
        #expect(Screenshots.isPicture(picture), "\(picture)")
        sequence += 1
        try await post(sequence, metresNorth: north + 80, ended: true)
        try await Task.sleep(for: .seconds(1))
        posted = try await hooks.received()
        // Two processes looked every 0.3 s throughout: each event was posted once. (On a loaded machine she may stand
        // still 3 s again between two of her last points: that is a new alert, also posted once.)
        let events = posted.map { "\($0["event"] ?? "") since \($0["since"] ?? "")" }
        #expect(Set(events).count == events.count, "\(events)")
        #expect(posted.prefix(2).map { $0["event"] ?? "" } == ["alert.raised", "alert.cleared"] && posted.dropFirst().first?["message"] == "ada is moving again", "\(posted)")
    }
}
}
