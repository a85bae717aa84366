public import Foundation

/// A Python server from `Tests/Fixtures` that prints `ready PORT` once it listens on loopback: the fake ride
/// services, the webhook receiver. Killed when stopped or released.
public final class FixtureServer: @unchecked Sendable {
    /// Its address, `http://127.0.0.1:PORT`.
    public let url: String
    private let process: Process

    /// Starts `Tests/Fixtures/<script>` with `arguments` and waits until it listens.
    public init(script: String, arguments: [String] = []) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/\(script)")
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        let line = Self.firstLine(of: output.fileHandleForReading)
        guard line.hasPrefix("ready "), let port = Int(line.dropFirst(6)) else {
            kill(process.processIdentifier, SIGKILL)
            throw SpawnError("\(script) did not start: \(line)")
        }
        url = "http://127.0.0.1:\(port)"
    }

    /// What a child writes before its first line break (its "ready" line), or all it wrote before closing.
    public static func firstLine(of handle: FileHandle) -> String {
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            text.append(chunk)
        }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The JSON `GET path` answers, read with curl off the cooperative pool.
    public func json(_ path: String) async throws -> Any {
        let url = url + path
        let answer = try await offThePool { try Spawn.run(["curl", "-sS", "--max-time", "10", url]) }
        guard answer.status == 0, let value = try? JSONSerialization.jsonObject(with: Data(answer.standardOutput.utf8)) else {
            throw SpawnError("\(url) cannot be read: \(answer.standardError)")
        }
        return value
    }

    /// Stops the server.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// `Tests/Fixtures/webhook-receiver.py`: keeps every POST's path and JSON body.
public final class WebhookReceiver: Sendable {
    private let server: FixtureServer

    /// Starts a receiver.
    public init() throws { server = try FixtureServer(script: "webhook-receiver.py") }

    /// Where to post (`http://127.0.0.1:PORT`).
    public var url: String { server.url }

    /// What was posted, in order: each body's JSON object (with its path under `"path"`, and its `X-OHK-Timestamp`
    /// under `"timestamp"`); with `secret`, whether its signature checks out with it under `"verified"` (`"true"` or
    /// `"false"`), as the receiver computes it in Python's `hmac`.
    public func received(secret: String? = nil) async throws -> [[String: String]] {
        let query = secret.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map { "?key=\($0)" } ?? ""
        let list = try await server.json("/_received" + query) as? [[String: Any]] ?? []
        return list.map { entry in
            var body = (entry["body"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
            body["path"] = entry["path"] as? String
            body["timestamp"] = entry["timestamp"] as? String
            if let verified = entry["verified"] as? Bool { body["verified"] = verified ? "true" : "false" }
            return body
        }
    }

    /// Stops the receiver.
    public func stop() { server.stop() }
}
