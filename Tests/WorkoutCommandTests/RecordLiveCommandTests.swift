import Foundation
import SensorBridge
import TestSupport
import Testing

/// `workout record --live-to`: a recording on a strap bridge (a real socat pty) sends its snapshots to one club
/// server process, and a follower of another, on the same PostgreSQL, gets every one of them, in order, once.
@Suite(.timeLimit(.minutes(10))) struct RecordLiveCommandTests {
    @Test(.enabled(if: PostgresCluster.isAvailable && SocatPair.executable != nil && ExternalTool.has("curl"),
                   "PostgreSQL, socat or curl is missing: run Scripts/setup"))
    func aRecordingSentToOneServerIsFollowedWholeOnTheOther() async throws {
        let club = try await ClubFixture(.postgres)
        defer { club.stop() }
        let second = try await ServingProcess(["--database", club.database])
        defer { second.stop() }
        let tokenFile = club.folder.appendingPathComponent("token").path
        try club.adaToken.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let strap = try SocatPair()
        defer { strap.stop() }
        let started = Date()
        let sending = Thread {
            var index: UInt32 = 0
            while Date().timeIntervalSince(started) < 30 {
                _ = try? strap.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x00, 120]), sequence: index, milliseconds: UInt64(index) * 500))
                index += 1
                usleep(500_000)
            }
        }
        sending.start()
        let recording = try RecordingProcess(["record", "--indoor", "--activity", "cycling", "--hrm", strap.device, "--plain", "--duration", "14",
                                              "--store", club.folder.appendingPathComponent("bike.sqlite").path, "--live-to", club.url,
                                              "--sync-token-file", tokenFile])
        try await recording.waitFor("live on the club: ")
        let line = try #require(recording.output.split(separator: "\n").first { $0.contains("live on the club: ") })
        let path = try #require(line.range(of: "/api/live/").map { String(line[$0.lowerBound...].dropFirst()) })
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
}
