public import Foundation

/// `Tests/Fixtures/fake-ride-services.py`: Strava's and intervals.icu's upload endpoints on loopback,
/// written from their published API documents (see the script for what each does and how a test
/// scripts its failures), so uploads run end to end with no network.
public final class FakeRideServices: @unchecked Sendable {
    /// The server's address (`http://127.0.0.1:PORT`), both services' `--server`.
    public let url: String
    /// Where the services write each activity's file (`strava-<id>.fit`, `intervals-<id>.fit`).
    public let folder: URL
    private let process: Process

    /// The script's path.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake-ride-services.py")

    /// Starts the services with `config` (the JSON the script reads) and waits until they listen.
    public init(config: String = "{}") throws {
        folder = Scratch.url("ride-services")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try config.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, file.path, folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        var text = Data()
        let handle = output.fileHandleForReading
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            text.append(chunk)
        }
        let line = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("ready "), let port = Int(line.dropFirst(6)) else {
            kill(process.processIdentifier, SIGKILL)
            throw SpawnError("fake-ride-services.py did not start: \(line)")
        }
        url = "http://127.0.0.1:\(port)"
    }

    /// What the services saw and made: the JSON of `GET /_state`.
    public struct State: @unchecked Sendable {
        /// The state's top-level values.
        public let values: [String: Any]
        /// The value named `key`.
        public subscript(key: String) -> Any? { values[key] }
    }

    /// What the services saw and made (`GET /_state`): requests, tokens, uploads and activities.
    public func state() async throws -> State {
        let url = url
        let answer = try await offThePool { try Spawn.run(["curl", "-sS", "--max-time", "10", url + "/_state"]) }
        guard answer.status == 0, let value = try JSONSerialization.jsonObject(with: Data(answer.standardOutput.utf8)) as? [String: Any] else {
            throw SpawnError("the fake services' state cannot be read: \(answer.standardError)")
        }
        return State(values: value)
    }

    /// Stops the services.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
