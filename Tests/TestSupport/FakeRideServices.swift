public import Foundation

/// `Tests/Fixtures/fake-ride-services.py`: Strava's and intervals.icu's upload endpoints on loopback,
/// written from their published API documents (see the script for what each does and how a test
/// scripts its failures), so uploads run end to end with no network.
public final class FakeRideServices: Sendable {
    /// Where the services write each activity's file (`strava-<id>.fit`, `intervals-<id>.fit`).
    public let folder: URL
    private let server: FixtureServer

    /// Starts the services with `config` (the JSON the script reads) and waits until they listen.
    public init(config: String = "{}") throws {
        folder = Scratch.url("ride-services")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try config.write(to: file, atomically: true, encoding: .utf8)
        server = try FixtureServer(script: "fake-ride-services.py", arguments: [file.path, folder.path])
    }

    /// The server's address (`http://127.0.0.1:PORT`), both services' `--server`.
    public var url: String { server.url }

    /// What the services saw and made: the JSON of `GET /_state`.
    public struct State: @unchecked Sendable {
        /// The state's top-level values.
        public let values: [String: Any]
        /// The value named `key`.
        public subscript(key: String) -> Any? { values[key] }
    }

    /// What the services saw and made (`GET /_state`): requests, tokens, uploads and activities.
    public func state() async throws -> State {
        State(values: try await server.json("/_state") as? [String: Any] ?? [:])
    }

    /// Stops the services.
    public func stop() { server.stop() }
}
