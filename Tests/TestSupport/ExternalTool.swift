import Foundation

/// A program the tests run to check output with the official tools:
/// Python decoders (garmin-fit-sdk, fitdecode, gpxpy), xmllint, gpsbabel.
public enum ExternalTool {
    /// What a run printed and how it ended.
    public struct Output: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var standardOutput: String
        /// Standard error.
        public var standardError: String
    }

    /// Runs `executable` (looked up on PATH) with `arguments` and waits for it.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting, so a chatty tool cannot block on a full pipe.
        let errorData = Box()
        let reader = Thread { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(1000) }
        return Output(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData.data ?? Data(), as: UTF8.self))
    }

    /// Runs a Python 3 program given as text, with `arguments` in `sys.argv[1:]`.
    public static func python(_ program: String, _ arguments: [String]) throws -> Output {
        try run("python3", ["-c", program] + arguments)
    }

    /// Whether `python3` can import every module named.
    public static func pythonHas(_ modules: String...) -> Bool {
        (try? python("import " + modules.joined(separator: ","), []).status) == 0
    }

    /// The Python of the virtual environment `Scripts/setup` makes for sweat (GoldenCheetah's
    /// algorithms, which need pandas < 2 and so cannot share the system's Python with
    /// hrv-analysis); nil when it is not there.
    public static var sweatPython: String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/oracles/sweat/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Schemathesis, which checks a running server against an OpenAPI document, from the virtual environment
    /// `Scripts/setup` makes for it; nil when it is not there.
    public static var schemathesis: String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/oracles/schemathesis/bin/schemathesis").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Whether `name` is on PATH.
    public static func has(_ name: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(name)"]).status) == 0
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Data?
        var data: Data? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue; finished = true } }
        }
        private var finished = false
        var done: Bool { lock.withLock { finished } }
    }
}
