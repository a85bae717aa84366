import Foundation
import TestSupport
import Testing

/// `workout sync` against a club server on SQLite and on a real PostgreSQL, with the server killed under it.
@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct SyncCommandTests {
    static let scenarios = ["easy-run.yaml", "commute-ride.yaml", "track-intervals.yaml", "treadmill-run.yaml", "mountain-hike.yaml"]

    /// Each workout's identifier and records in a local store, as `workout list --json` gives them.
    func local(_ store: String) async throws -> [String] {
        let listed = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
        let workouts = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
        return workouts.compactMap { $0["id"] as? String }
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func sendingTwiceOrPullingBackNeverDuplicates(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let store = try await club.store(named: "ada", scenarios: Array(Self.scenarios.prefix(2)))
        let first = try await club.sync(store, token: club.adaToken)
        #expect(first.status == 0 && first.stdout.contains("2 sent"), "\(first.stdout)\(first.stderr)")
        let second = try await club.sync(store, token: club.adaToken)
        #expect(second.status == 0 && second.stdout.contains("0 sent (0 samples), 2 already on"), "\(second.stdout)")
        // A second recorder with an empty store pulls both, then has nothing to send back.
        let other = club.folder.appendingPathComponent("other.sqlite").path
        let pulled = try await club.sync(other, token: club.adaToken, extra: ["--pull"])
        #expect(pulled.status == 0 && pulled.stdout.contains("2 pulled"), "\(pulled.stdout)\(pulled.stderr)")
        let again = try await club.sync(other, token: club.adaToken, extra: ["--pull"])
        #expect(again.stdout.contains("0 sent (0 samples), 2 already on") && again.stdout.contains("0 pulled"), "\(again.stdout)")
        let server = try await club.workouts(token: club.adaToken)
        #expect(Set(server.keys) == Set(try await local(store)), "the server holds the first store's workouts under their own UUIDs")
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func aSyncWhoseServerIsKilledMidwayFinishesWithoutADuplicateOrALostSample(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        // The 24-hour run goes last: its 86,400 records are read from the store and sent while the server is dead.
        let store = try await club.store(named: "ada", scenarios: Self.scenarios + ["ultra-24h.yaml"])
        let expected = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
        #expect(expected.status == 0)
        let sync = try RecordingProcess(["sync", "--to", club.url, "--token", club.adaToken, "--store", store, "--retry-for", "90"])
        // Kill the server as soon as the first workout is acknowledged; restart it a moment later.
        try await sync.waitFor("sent ")
        try await club.restartServer(after: 2)
        #expect(try await sync.finish() == 0, "\(sync.output)")
        #expect(sync.output.contains("retrying for up to 90 s"), "the sync met the dead server and waited for it:\n\(sync.output)")
        let server = try await club.workouts(token: club.adaToken)
        let ids = try await local(store)
        #expect(server.count == ids.count && Set(server.keys) == Set(ids), "every workout once: \(server.count) of \(ids.count)\n\(sync.output)")
        for id in ids {
            // Every series of every workout holds a value for each record: nothing was cut off.
            let detail = try await HTTP.request(club.url + "api/workouts/\(id)", headers: ["Authorization: Bearer \(club.adaToken)"]).json
            let samples = detail["stored"] as? [String: Int] ?? [:]
            let records = (detail["workout"] as? [String: Any])?["recordCount"] as? Int ?? -1
            #expect(records > 0 && samples["time"] == records && samples.allSatisfy { $0.key.hasPrefix("heartbeat") || $0.value == records },
                    "\(id): \(records) records, series \(samples)")
        }
        // Sending once more finds everything there, each with every sample the store holds.
        let again = try await club.sync(store, token: club.adaToken)
        #expect(again.stdout.contains("0 sent (0 samples), \(ids.count) already on"), "\(again.stdout)")
        let sent = sync.output.split(separator: "\n").filter { $0.hasPrefix("sent ") || $0.hasPrefix("had ") }
        for line in sent {
            let parts = line.split(separator: " ")
            #expect(server[String(parts[1])] == Int(parts[4]), "\(line): the server holds \(server[String(parts[1])] ?? -1) records")
        }
        #expect(Set(sent.map { String($0.split(separator: " ")[1]) }) == Set(ids))
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func twoRecordersSendingTheSameWorkoutsAtOnceLeaveOneCopy(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let store = try await club.store(named: "ada", scenarios: Array(Self.scenarios.prefix(3)))
        let copy = club.folder.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        let secondToken = try await ClubFixture.token(for: "ada", database: club.database, label: "second recorder")
        async let one = club.sync(store, token: club.adaToken)
        async let two = club.sync(copy, token: secondToken)
        let (a, b) = try await (one, two)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let server = try await club.workouts(token: club.adaToken)
        #expect(server.count == 3, "\(server)")
        let total = try await offThePool { try WorkoutProcess.runBlocking(["serve", "users", "list", "--database", club.database]) }
        #expect(total.status == 0)
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func aServerKilledUnderLoadKeepsEverythingItAcknowledged(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        var stores: [String] = []
        var tokens: [String] = []
        for index in 0..<4 {
            stores.append(try await club.store(named: "recorder\(index)", scenarios: [Self.scenarios[index], Self.scenarios[index + 1]]))
            tokens.append(try await ClubFixture.token(for: "ada", database: club.database, label: "recorder \(index)"))
        }
        // No retries: each sync stops at the kill; what it printed as sent is what the server acknowledged.
        let syncs = try (0..<4).map { try RecordingProcess(["sync", "--to", club.url, "--token", tokens[$0], "--store", stores[$0], "--retry-for", "0"]) }
        try await syncs[0].waitFor("sent ")
        club.server.stop()
        var acknowledged: [String: Int] = [:]
        for sync in syncs {
            _ = try await sync.finish()
            for line in sync.output.split(separator: "\n") where line.hasPrefix("sent ") {
                let parts = line.split(separator: " ")
                acknowledged[String(parts[1])] = Int(parts[4])
            }
        }
        try await club.restartServer()
        let server = try await club.workouts(token: club.adaToken)
        #expect(!acknowledged.isEmpty)
        for (id, records) in acknowledged {
            #expect(server[id] == records, "\(id) was acknowledged with \(records) records; the server holds \(server[id].map(String.init) ?? "nothing")")
        }
        // Whatever was cut off is sent whole by the next sync.
        for index in 0..<4 { #expect(try await club.sync(stores[index], token: tokens[index]).status == 0) }
        #expect(try await club.workouts(token: club.adaToken).count == 8)
    }

    static let shortRide = """
        name: short synced ride
        activity: running
        seed: 5
        route:
          loop: {center: [52.37, 4.89], length: 1km}
        sensors:
          gps: {noise: 0, accuracy: 4}
          heartRate: off
        timeline:
          - start
          - move: {duration: 14s, speed: 4}
          - stop
        """

    /// Records the short ride through a real gpsd (``GPSDFeed``) with `--sync-to`; returns the recording's output.
    func record(_ club: ClubFixture, store: String, tokenFile: String) async throws -> (status: Int32, output: String) {
        let scenario = club.folder.appendingPathComponent("ride.yaml").path
        try Self.shortRide.write(toFile: scenario, atomically: true, encoding: .utf8)
        let nmea = club.folder.appendingPathComponent("ride-\(UUID().uuidString).nmea").path
        let simulated = try await offThePool { try WorkoutProcess.runBlocking(["simulate", scenario, "--nmea", nmea, "--start", "now"]) }
        try #require(simulated.status == 0, "\(simulated.stderr)")
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let recording = try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(feed.port)",
                                              "--store", store, "--sync-to", club.url, "--sync-token-file", tokenFile, "--sync-retry-for", "1"])
        // The whole ride, then the receiver unplugged and the recording finished, however long the machine takes.
        try await recording.ride(try GPSDFeed.epochs(ofLog: nmea), on: feed)
        return (try await recording.finish(), recording.output)
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func aRecordingMadeOfflineIsSentWithTheNextOne() async throws {
        let club = try await ClubFixture(.sqlite)
        defer { club.stop() }
        let tokenFile = try club.adaTokenFile()
        let store = club.folder.appendingPathComponent("bike.sqlite").path
        club.server.stop()
        let offline = try await record(club, store: store, tokenFile: tokenFile)
        #expect(offline.status == 0, "the workout is saved even though the club cannot be reached: \(offline.output)")
        #expect(offline.output.contains("the store keeps"), "\(offline.output)")
        #expect(!offline.output.contains("on the club:"), "\(offline.output)")
        try await club.restartServer()
        #expect(try await club.workouts(token: club.adaToken).isEmpty)
        let online = try await record(club, store: store, tokenFile: tokenFile)
        #expect(online.status == 0, "\(online.output)")
        #expect(online.output.contains("2 sent"), "the queued workout goes with the new one: \(online.output)")
        let onClub = try await club.workouts(token: club.adaToken)
        #expect(Set(onClub.keys) == Set(try await local(store)))
        // The recording says where its workout now is on the club, as its live page links it.
        let line = try #require(online.output.split(separator: "\n").first { $0.hasPrefix("on the club: ") }, "\(online.output)")
        let address = line.dropFirst("on the club: ".count)
        let base = club.url.hasSuffix("/") ? String(club.url.dropLast()) : club.url
        #expect(address.hasPrefix("\(base)/workouts/"), "\(line)")
        #expect(onClub.keys.contains(String(address.split(separator: "/").last ?? "")), "\(line) names a workout the club lacks")
    }
}
