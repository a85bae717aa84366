import Foundation
import TestSupport
import Testing

/// Two club server processes on one PostgreSQL behind a real HAProxy (from Debian) that checks each one's `/readyz`:
/// any instance answers any request, and one killed under ten recorders' syncs loses nothing it acknowledged.
@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct ClubProxyTests {
    /// HAProxy in the foreground, round robin over `servers`, each checked on `/readyz` every half second.
    final class Proxy: @unchecked Sendable {
        let port: Int
        private let process = Process()

        static var executable: String? { ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"].first(where: FileManager.default.isExecutableFile) }

        init(servers: [Int], folder: URL) throws {
            _ = TestRunReaper.started
            port = try Loopback.freePort()
            let configuration = folder.appendingPathComponent("haproxy.cfg")
            try """
                global
                  maxconn 512
                defaults
                  mode http
                  timeout connect 1s
                  timeout client 60s
                  timeout server 60s
                  retries 3
                  option redispatch
                  retry-on conn-failure empty-response response-timeout
                frontend club
                  bind 127.0.0.1:\(port)
                  default_backend instances
                backend instances
                  balance roundrobin
                  option httpchk GET /readyz
                  http-check expect status 200
                  default-server inter 500ms fall 2 rise 1
                \(servers.enumerated().map { "  server instance\($0.offset) 127.0.0.1:\($0.element) check" }.joined(separator: "\n"))

                """.write(to: configuration, atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: try #require(Self.executable))
            process.arguments = ["-f", configuration.path, "-db"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        var url: String { "http://127.0.0.1:\(port)/" }

        /// SIGKILL: a child of `swift test` inherits a blocked SIGTERM.
        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        deinit { stop() }
    }

    /// Waits until the proxy answers `/readyz` through an instance.
    static func waitUntilReady(_ proxy: Proxy) async throws {
        let ready = try await eventually(within: .seconds(60)) { (try? await HTTP.request(proxy.url + "readyz"))?.status == 200 }
        if !ready { throw RecordTestError("HAProxy on \(proxy.port) did not answer /readyz within 60 s") }
    }

    static var available: Bool { PostgresCluster.isAvailable && Proxy.executable != nil && ExternalTool.has("curl") }

    @Test(.enabled(if: available, "PostgreSQL, HAProxy or curl is missing: run Scripts/setup"))
    func wrongPasswordsThroughTheProxyLockTheNameOnEveryInstance() async throws {
        let club = try await ClubFixture(.postgres)
        defer { club.stop() }
        let second = try await club.secondServer()
        defer { second.stop() }
        let ports = [club.port, second.port]
        let proxy = try Proxy(servers: ports, folder: club.folder)
        defer { proxy.stop() }
        try await Self.waitUntilReady(proxy)
        // Five wrong passwords through the proxy, which sends them to both instances in turn.
        for _ in 0..<5 {
            let answer = try await HTTP.request(proxy.url + "login", method: "POST", headers: ["Content-Type: application/x-www-form-urlencoded"],
                                                bodyFile: try Self.form("name=ada&password=wrong+one", in: club.folder))
            #expect(answer.status == 401, "a wrong password shows the form again, with 401: \(answer.status)")
        }
        // Each instance, asked directly, refuses the right password now.
        for port in ports {
            let answer = try await HTTP.request("http://127.0.0.1:\(port)/login", method: "POST", headers: ["Content-Type: application/x-www-form-urlencoded"],
                                                bodyFile: try Self.form("name=ada&password=\(ClubFixture.password.replacingOccurrences(of: " ", with: "+"))", in: club.folder))
            #expect(answer.status == 429, "instance on \(port): \(answer.status) \(answer.body.prefix(200))")
        }
    }

    @Test(.enabled(if: available, "PostgreSQL, HAProxy or curl is missing: run Scripts/setup"))
    func anInstanceKilledUnderTenSyncsLosesNothingAndTheRecordersCarryOnThroughTheOther() async throws {
        let club = try await ClubFixture(.postgres)
        defer { club.stop() }
        let second = try await club.secondServer()
        defer { second.stop() }
        let proxy = try Proxy(servers: [club.port, second.port], folder: club.folder)
        defer { proxy.stop() }
        try await Self.waitUntilReady(proxy)
        var stores: [String] = []
        for index in 0..<10 { stores.append(try await club.store(named: "recorder\(index)", scenarios: [SyncCommandTests.scenarios[index % 5]])) }
        // Ten recorders at once through the proxy, each retrying for a minute when its request fails.
        let syncs = try stores.map { try RecordingProcess(["sync", "--to", proxy.url, "--token", club.adaToken, "--store", $0, "--retry-for", "60"]) }
        try await syncs[0].waitFor("sent ")
        let cutShort = syncs.filter(\.isRunning).count
        club.server.stop()
        try #require(cutShort > 0, "every sync was over before the instance was killed: nothing was tested")
        var statuses: [Int32] = []
        for sync in syncs { statuses.append(try await sync.finish()) }
        #expect(statuses.allSatisfy { $0 == 0 }, "\(syncs.map(\.output).joined(separator: "\n---\n"))")
        // Every workout of every store is on the club, whole, as the surviving instance serves it.
        var expected: [String: Int] = [:]
        for store in stores {
            let listed = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
            for workout in try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) {
                expected[try #require(workout["id"] as? String)] = -1
            }
        }
        let onClub = try await Self.workouts(at: proxy.url, token: club.adaToken)
        #expect(Set(onClub.keys) == Set(expected.keys), "\(onClub.count) on the club, \(expected.count) recorded")
        #expect(onClub.values.allSatisfy { $0 > 0 }, "\(onClub)")
    }

    /// The workouts `token`'s athlete sees at `url`, by identifier, with their record counts.
    static func workouts(at url: String, token: String) async throws -> [String: Int] {
        let listed = try await HTTP.request(url + "api/workouts?limit=500", headers: ["Authorization: Bearer \(token)"])
        let workouts = listed.json["workouts"] as? [[String: Any]] ?? []
        return Dictionary(workouts.compactMap { w in (w["id"] as? String).map { ($0, w["recordCount"] as? Int ?? -1) } }, uniquingKeysWith: { a, _ in a })
    }

    /// A form body in a file, for curl.
    static func form(_ body: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("form-\(UUID().uuidString)").path
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
