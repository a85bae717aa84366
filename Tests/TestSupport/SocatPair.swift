public import Foundation

/// A real pseudo-terminal pair from `socat`, standing in for a USB serial
/// bridge: bytes written to ``bridge`` come out of ``device``, which is read
/// exactly like `/dev/ttyUSB0`. Stopping socat hangs the device up, as an
/// unplugged bridge does; starting it again brings the same paths back.
public final class SocatPair: @unchecked Sendable {
    /// The folder holding both links.
    public let directory: URL
    /// The end a test writes to, as the bridge's firmware would.
    public var bridge: String { directory.appendingPathComponent("bridge").path }
    /// The end the reader opens.
    public var device: String { directory.appendingPathComponent("hrm").path }
    private var process: Process?

    /// Starts socat, or fails with what to install.
    public init() throws {
        directory = Scratch.url("pty")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try start()
    }

    public static var executable: URL? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/socat") {
            return URL(fileURLWithPath: "\(folder)/socat")
        }
        return nil
    }

    /// Starts socat and waits for both links to appear.
    public func start() throws {
        guard let executable = Self.executable else {
            throw SocatError("socat is not installed; run Scripts/setup (apt-get install socat)")
        }
        for path in [bridge, device] { try? FileManager.default.removeItem(atPath: path) }
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = executable
        process.arguments = ["pty,raw,echo=0,link=\(bridge)", "pty,raw,echo=0,link=\(device)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // socat makes both links within milliseconds; a machine busy with a whole suite can take seconds to run it.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: bridge), FileManager.default.fileExists(atPath: device) { return }
            usleep(25_000)
        }
        throw SocatError("socat did not create \(bridge) and \(device) within 30 s")
    }

    /// Stops socat with SIGKILL (a child of `swift test` inherits a blocked
    /// SIGTERM) and removes the links it leaves behind.
    public func stop() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
        for path in [bridge, device] { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Writes `bytes` into the bridge end.
    public func write(_ bytes: [UInt8]) throws {
        let descriptor = open(bridge, O_WRONLY | O_NOCTTY)
        guard descriptor >= 0 else { throw SocatError("cannot open \(bridge): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw SocatError("cannot write to \(bridge): \(String(cString: strerror(errno)))") }
            written += count
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

public struct SocatError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
