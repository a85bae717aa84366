import Foundation
import TestSupport
import Testing

/// A club server for command tests: a new database of one kind, athletes ada and
/// bob with a token each, and `workout serve --database` running on it.
final class ClubFixture: @unchecked Sendable {
    let folder: URL
    let database: String
    let adaToken: String
    let bobToken: String
    private(set) var server: ServingProcess
    private(set) var port: Int
    /// What every server process of the fixture is started with besides `--database`.
    let serverArguments: [String]

    static let password = "correct horse battery"

    init(_ kind: ClubDatabaseKind, serverArguments: [String] = []) async throws {
        self.serverArguments = serverArguments
        folder = Scratch.url("club-\(kind)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try await offThePool { try kind.address() }
        self.database = database
        for name in ["ada", "bob"] {
            let added = try await offThePool { try WorkoutProcess.runBlocking(["serve", "users", "add", name, "--password-stdin", "--database", database], input: Self.password + "\n") }
            try #require(added.status == 0, "\(added.stderr)")
        }
        adaToken = try await Self.token(for: "ada", database: database)
        bobToken = try await Self.token(for: "bob", database: database)
        server = try await ServingProcess(["--database", database] + serverArguments)
        port = server.port
    }

    var url: String { server.url }

    static func token(for athlete: String, database: String, label: String = "recorder") async throws -> String {
        let made = try await offThePool { try WorkoutProcess.runBlocking(["serve", "tokens", "add", athlete, "--label", label, "--database", database]) }
        try #require(made.status == 0, "\(made.stderr)")
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Another server process on the same database, as a second instance behind a proxy.
    func secondServer() async throws -> ServingProcess {
        try await ServingProcess(["--database", database] + serverArguments)
    }

    /// A file holding ada's token, for `--sync-token-file`.
    func adaTokenFile() throws -> String {
        let path = folder.appendingPathComponent("token").path
        try adaToken.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Kills the server with SIGKILL and starts it again on the same port `after` seconds later.
    func restartServer(after seconds: Double = 0) async throws {
        server.stop()
        try await Task.sleep(for: .seconds(seconds))
        server = try await ServingProcess(["--database", database] + serverArguments, port: port)
    }

    /// A store holding the scenarios' workouts, replayed once each.
    func store(named name: String, scenarios: [String] = ["easy-run.yaml"]) async throws -> String {
        let store = folder.appendingPathComponent("\(name).sqlite").path
        for scenario in scenarios {
            let path = Self.root.appendingPathComponent("Scenarios/\(scenario)").path
            let replay = try await offThePool { try WorkoutProcess.runBlocking(["replay", path, "--store", store]) }
            try #require(replay.status == 0, "\(replay.stderr)")
        }
        return store
    }

    /// `workout sync` of `store` with `token`.
    func sync(_ store: String, token: String, extra: [String] = []) async throws -> WorkoutProcess.Output {
        let arguments = ["sync", "--to", url, "--token", token, "--store", store] + extra
        return try await offThePool { try WorkoutProcess.runBlocking(arguments) }
    }

    /// The workouts `token`'s athlete sees, by identifier, with their record counts.
    func workouts(token: String) async throws -> [String: Int] {
        let listed = try await HTTP.request(url + "api/workouts?limit=500", headers: ["Authorization: Bearer \(token)"])
        let workouts = listed.json["workouts"] as? [[String: Any]] ?? []
        return Dictionary(workouts.compactMap { w in (w["id"] as? String).map { ($0, w["recordCount"] as? Int ?? -1) } },
                          uniquingKeysWith: { a, _ in a })
    }

    /// Logs in through the form; the session cookie and the page's CSRF token.
    func logIn(_ name: String) async throws -> (cookie: String, csrf: String) {
        let jar = folder.appendingPathComponent("\(name)-\(UUID().uuidString).cookies").path
        let arguments = ["-s", "-c", jar, "-o", "/dev/null", "-w", "%{http_code}", "--data-urlencode", "name=\(name)", "--data-urlencode", "password=\(Self.password)",
                         url + "login"]
        let posted = try await offThePool { try ExternalTool.run("curl", arguments) }
        try #require(posted.standardOutput == "303", "login answered \(posted.standardOutput)")
        let cookies = try String(contentsOfFile: jar, encoding: .utf8)
        let line = try #require(cookies.split(separator: "\n").first { $0.contains("ohk_session") })
        let cookie = "ohk_session=" + (line.split(separator: "\t").last.map(String.init) ?? "")
        let page = try await HTTP.request(url, headers: ["Cookie: \(cookie)"])
        let csrf = try #require(page.body.range(of: "name=\"csrf-token\" content=\"").map { range in
            String(page.body[range.upperBound...].prefix { $0 != "\"" })
        })
        return (cookie, csrf)
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The browser steps that log `name` in on the login page already open, and wait for the list: its form filled
    /// with the fixture's password and sent.
    static func logInSteps(_ name: String) -> [Browser.Step] {
        [.evaluate("""
            var form = document.getElementById('login');
            form.querySelector('[name=name]').value = '\(name)'; form.querySelector('[name=password]').value = '\(password)';
            form.submit(); return true
            """),
         .waitUntil("return !!document.getElementById('athlete-name')", timeout: 30)]
    }

}
