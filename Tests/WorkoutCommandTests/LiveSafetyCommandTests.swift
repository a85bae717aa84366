import Foundation
import TestSupport
import Testing

/// Safety alerts through two `workout serve` processes on one PostgreSQL, each with its own monitor: a rider who
/// stops is shown in red on a follower's page in Chromium opened on the other server, the rider's webhook gets the
/// alert and its clearing once each, and the banner goes when the rider moves on.
@Suite(.serialized, .timeLimit(.minutes(10))) struct LiveSafetyCommandTests {
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
        try await post(1, metresNorth: 0)
        let shared = try await HTTP.request(club.url + "api/live/\(session)/share?hours=1", method: "POST", headers: [auth])
        let page = try #require(shared.json["page"] as? String, "\(shared.body)")
        let ready = club.folder.appendingPathComponent("browser-ready").path, address = club.folder.appendingPathComponent("page-url").path
        let picture = Screenshots.path("live-alert.png")
        let browsing = Task {
            try JSONSerialization.data(withJSONObject: try await Browser.run([
                .touch(ready),
                .openURL(inFile: address, timeout: 60),
                .waitUntil("var box = document.getElementById('live-alerts'); return !box.hidden && /Not moved since/.test(box.textContent)", timeout: 60),
                .screenshot(picture),
                .evaluate("return document.getElementById('live-alerts').textContent"),
                .waitUntil("return document.getElementById('live-alerts').hidden", timeout: 60),
                .evaluate("return document.getElementById('live-alerts').hidden"),
            ]))
        }
        while !FileManager.default.fileExists(atPath: ready) { try await Task.sleep(for: .milliseconds(100)) }
        try String(second.url.dropLast() + page).write(toFile: address, atomically: true, encoding: .utf8)
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
        // Give the page a moment to show it, then ride on: 80 m is a move, and the clearing is posted.
        try await Task.sleep(for: .seconds(3))
        for step in 1...4 {
            sequence += 1
            try await post(sequence, metresNorth: Double(step) * 80)
            try await Task.sleep(for: .seconds(1))
        }
        let results = try #require(try JSONSerialization.jsonObject(with: try await browsing.value) as? [Any])
        #expect((results.first as? String)?.hasPrefix("⚠ Not moved since ") == true, "\(results)")
        #expect(results.last as? Bool == true, "the banner went when she moved on")
        #expect(Screenshots.isPicture(picture), "\(picture)")
        sequence += 1
        try await post(sequence, metresNorth: 400, ended: true)
        try await Task.sleep(for: .seconds(1))
        posted = try await hooks.received()
        // Two processes looked every 0.3 s throughout: each event was posted once.
        #expect(posted.map { $0["event"] ?? "" } == ["alert.raised", "alert.cleared"] && posted.last?["message"] == "ada is moving again", "\(posted)")
    }
}
