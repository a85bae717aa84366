import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import TestSupport
import Testing
import WorkoutClub
@testable import WorkoutServer

/// Safety alerts through two club servers on one PostgreSQL, driven in process on a clock the test sets: the
/// monitors of both servers look at once, one alert is raised and posted to the rider's webhook, the follower on the
/// other server sees it on its stream and sees it cleared when the rider moves on.
@Suite(.heavy, .timeLimit(.minutes(10))) struct LiveSafetyMonitorTests {
    final class Clock: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_795_775_832))  // 2026-11-27 10:37:12 UTC
        var date: Date { current.withLock { $0 } }
        func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static func point(_ sequence: Int, metresNorth: Double, ended: Bool = false) -> ByteBuffer {
        ByteBuffer(string: "{\"sequence\": \(sequence), \"ended\": \(ended), \"snapshot\": {\"status\": {\"state\": \"running\"}, \"points\": [[\(52.37 + metresNorth / 111_320), 4.89]]}}")
    }

    /// The `alert` events' data in a server-sent events body, in order.
    static func alertEvents(_ body: String) -> [String] {
        body.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard lines.contains("event: alert"), let data = lines.first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return String(data.dropFirst(6))
        }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup installs it)"),
          .enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func oneAlertIsRaisedPostedAndFollowedOnTheOtherServerThenCleared() async throws {
        let hooks = try WebhookReceiver()
        defer { hooks.stop() }
        let clock = Clock()
        let address = try ClubDatabaseKind.postgres.address()
        let clubs = try (0..<2).map { _ in
            Club(database: PostgresClubDatabase(address: try PostgresAddress(address)), passwordRounds: 1_000, now: { clock.date })
        }
        try await clubs[0].migrate()
        let ada = try await clubs[0].addAthlete(name: "ada", password: "correct horse")
        let token = try await clubs[0].issueToken(for: ada.id, label: "bike").secret
        let utc = TimeZone(identifier: "UTC")!
        let servers = clubs.map { club in
            var server = ClubServer(club: club, configuration: .init(host: "127.0.0.1", port: 0, timeZone: utc))
            server.liveIdleLook = .seconds(600)
            return server
        }
        let listening = servers.map { server in Task { await server.liveHub.listen(to: server.club.database.notifications(on: Club.liveChannel)) } }
        defer { for task in listening { task.cancel() } }
        for server in servers { while await !server.liveHub.listening { try await Task.sleep(for: .milliseconds(20)) } }
        let monitors = servers.map {
            LiveSafetyMonitor(club: $0.club, hub: $0.liveHub, metrics: $0.metrics, look: .seconds(600), timeZone: utc, logger: Logger(label: "test"))
        }
        let session = UUID().uuidString
        let recorder: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        try await Application(router: servers[0].router()).test(.router) { a in
            try await Application(router: servers[1].router()).test(.router) { b in
                let settings = "{\"stillMinutes\": 5, \"silentMinutes\": 8, \"webhook\": \"\(hooks.url)/ada\"}"
                try await a.execute(uri: "/api/safety", method: .put, headers: recorder, body: ByteBuffer(string: settings)) { #expect($0.status == .ok) }
                try await a.execute(uri: "/api/safety", method: .put, headers: recorder, body: ByteBuffer(string: "{\"stillMinutes\": 5, \"silentMinutes\": 8, \"webhook\": \"ftp://x\"}")) {
                    #expect($0.status == .unprocessableContent)
                }
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(1, metresNorth: 0)) { #expect($0.status == .created) }
                async let followed = b.execute(uri: "/api/live/\(session)/events", method: .get, headers: [.authorization: "Bearer \(token)"]) { String(buffer: $0.body) }
                // Five minutes and a second later, 30 m from where she stopped: not a move. Both servers look at once.
                clock.advance(by: 301)
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(2, metresNorth: 30)) { #expect($0.status == .created) }
                async let lookA: Void = monitors[0].check()
                async let lookB: Void = monitors[1].check()
                _ = await (lookA, lookB)
                let secret = try #require(try await clubs[0].safetySettings(of: ada.id).webhookSecret)
                var posted = try await hooks.received(secret: secret)
                #expect(posted.map { "\($0["event"] ?? "") \($0["kind"] ?? "") \($0["path"] ?? "")" } == ["alert.raised still /ada"], "\(posted)")
                // Signed with the rider's secret at the club's time, as the receiver checks it.
                #expect(posted.first?["verified"] == "true" && posted.first?["timestamp"] == String(Int(clock.date.timeIntervalSince1970)), "\(posted)")
                #expect(try await hooks.received(secret: "whsec_another").first?["verified"] == "false")
                #expect(posted.first?["message"] == "ada has not moved since 10:37" && posted.first?["session"] == session, "\(posted)")
                // She rides on: 100 m clears it; the next look announces the clearing.
                try await Task.sleep(for: .milliseconds(300))
                clock.advance(by: 20)
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(3, metresNorth: 100)) { #expect($0.status == .created) }
                await monitors[1].check()
                await monitors[0].check()
                posted = try await hooks.received()
                #expect(posted.map { $0["event"] ?? "" } == ["alert.raised", "alert.cleared"] && posted.last?["message"] == "ada is moving again", "\(posted)")
                try await Task.sleep(for: .milliseconds(300))
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(4, metresNorth: 200, ended: true)) { #expect($0.status == .created) }
                let alerts = Self.alertEvents(try await followed)
                #expect(alerts == [#"{"alerts":[{"kind":"still","message":"Not moved since 10:37","since":"2026-11-27T10:37:12Z"}]}"#, #"{"alerts":[]}"#],
                        "\(alerts)")
            }
        }
        // Counted by whichever server announced each: one raising, one clearing, two webhooks delivered, over both.
        let lines = servers.map(\.metrics.text).joined(separator: "\n").split(separator: "\n")
        func total(_ series: String) -> Double {
            lines.filter { $0.hasPrefix(series + " ") }.compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
        }
        #expect(total(#"openhealthkit_live_alerts_total{kind="still",event="raised"}"#) == 1)
        #expect(total(#"openhealthkit_live_alerts_total{kind="still",event="cleared"}"#) == 1)
        #expect(total(#"openhealthkit_live_webhooks_total{outcome="delivered"}"#) == 2 && total(#"openhealthkit_live_webhooks_total{outcome="failed"}"#) == 0)
        for server in servers { await server.club.database.close() }
    }
}
