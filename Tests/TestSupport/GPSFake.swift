public import Foundation

/// A real gpsd fed by `gpsfake -n` on a free port, as a receiver would feed it.
public final class GPSFake: @unchecked Sendable {
    /// The port gpsd listens on.
    public let port: Int
    private let process: Process

    /// Starts gpsfake on `log`, one sentence every `delay` seconds (four
    /// sentences an epoch: 0.25 s is real time), on `port` or a free one.
    public init(log: String, delay: Double = 0.25, port: Int? = nil) throws {
        guard let executable = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first(where: FileManager.default.isExecutableFile) else {
            throw GPSFakeError("gpsfake is not installed; run Scripts/setup (apt-get install gpsd gpsd-clients)")
        }
        self.port = try port ?? Loopback.freePort()
        _ = TestRunReaper.started
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // -n: gpsd opens the device at once, or it drops the start of the log; -1: play it once.
        process.arguments = ["-n", "-q", "-1", "-P", String(self.port), "-c", String(delay), log]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits until gpsd accepts connections (it starts about 0.3 s after gpsfake, and much later on a machine busy
    /// with a whole suite), at most `timeout` seconds.
    public func waitUntilListening(timeout: TimeInterval = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let connected = Loopback.withAddress(port: port) { connect(descriptor, $0, $1) == 0 }
            close(descriptor)
            if connected { return }
            usleep(20_000)
        }
    }

    /// Sends `signal` to the gpsd that gpsfake started (SIGSTOP hangs it, SIGCONT lets it go on).
    public func signalDaemon(_ signal: Int32) {
        _ = TestRunReaper.started
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        daemon.arguments = ["-\(signal)", "-P", String(process.processIdentifier), "-x", "gpsd"]
        try? daemon.run()
        daemon.waitUntilExit()
    }

    /// Kills gpsd and gpsfake with SIGKILL: children of `swift test` inherit a blocked SIGTERM.
    public func stop() {
        _ = TestRunReaper.started
        let children = Process()
        children.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        children.arguments = ["-9", "-P", String(process.processIdentifier)]
        try? children.run()
        children.waitUntilExit()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Killed, gpsfake cannot remove the control socket it gave gpsd.
        try? FileManager.default.removeItem(atPath: "/tmp/gpsfake-\(process.processIdentifier).sock")
    }

    deinit { stop() }
}

/// gpsfake is missing or could not start.
public struct GPSFakeError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
