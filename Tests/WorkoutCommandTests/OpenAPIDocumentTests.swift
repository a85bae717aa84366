import Foundation
import TestSupport
import Testing

/// `docs/openapi.yaml` holds for both running servers: Schemathesis sends each operation generated valid and
/// invalid requests, follows the list to a real workout, and checks that nothing answers 500, every status and
/// content type is one the document gives, every body matches its schema, and invalid input is refused.
@Suite(.heavy, .timeLimit(.minutes(14))) struct OpenAPIDocumentTests {
    static let document = ClubFixture.root.appendingPathComponent("docs/openapi.yaml").path
    /// The checks that hold for both servers. Left out: `positive_data_acceptance` (a schema cannot say which
    /// bytes are a FIT file, so a valid-looking upload is refused), and the 405 checks (unknown methods answer 404).
    static let checks = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection"

    /// Runs Schemathesis against `url` with `arguments`; its exit status and the end of its report.
    static func schemathesis(_ url: String, _ arguments: [String]) async throws -> (status: Int32, report: String) {
        let executable = try #require(ExternalTool.schemathesis)
        // Seeded, so a run is repeatable; nothing kept between runs, and nothing written beside the package.
        let all = ["--no-color", "run", document, "--url", url, "--checks", checks, "--exclude-method", "DELETE", "--max-examples", "25",
                   "--seed", "20261126", "--workers", "1", "--generation-database", "none"] + arguments
        let folder = Scratch.url("schemathesis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await offThePool { try Spawn.run(["sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, executable] + all) }
        return (output.status, String((output.standardOutput + output.standardError).suffix(6_000)))
    }

    @Test(.enabled(if: ExternalTool.schemathesis != nil, "schemathesis is missing: Scripts/setup installs it in .build/oracles"))
    func theStoreServerAnswersAsTheDocumentSays() async throws {
        let folder = Scratch.url("openapi-store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("store.sqlite").path
        let replay = try await WorkoutProcess.run(["replay", ClubFixture.root.appendingPathComponent("Scenarios/easy-run.yaml").path, "--store", store])
        try #require(replay.status == 0, "\(replay.stderr)")
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let (status, report) = try await Self.schemathesis(server.url, ["--exclude-tag", "club"])
        #expect(status == 0, "\(report)")
        #expect(report.contains(" passed"), "\(report)")
        print("store: " + (report.split(separator: "\n").first { $0.contains(" generated, ") }.map(String.init) ?? report.suffix(300).description))
    }

    @Test(.enabled(if: ExternalTool.schemathesis != nil, "schemathesis is missing: Scripts/setup installs it in .build/oracles"),
          // One back end: the club's code is the same on both, and each run is half a minute of a core.
          arguments: [ClubDatabaseKind.available.last ?? .sqlite])
    func theClubServerAnswersAsTheDocumentSays(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let store = try await club.store(named: "ada")
        #expect(try await club.sync(store, token: club.adaToken).status == 0)
        let (status, report) = try await Self.schemathesis(club.url, ["--exclude-tag", "store", "-H", "Authorization: Bearer \(club.adaToken)"])
        #expect(status == 0, "\(kind): \(report)")
        #expect(report.contains(" passed"), "\(report)")
        print("club on \(kind): " + (report.split(separator: "\n").first { $0.contains(" generated, ") }.map(String.init) ?? report.suffix(300).description))
    }
}
