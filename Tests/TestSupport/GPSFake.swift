public import Foundation

/// A real gpsd fed by `gpsfake -n` on a free port, as a receiver would feed it.
public final class GPSFake: @unchecked Sendable {
    /// The port gpsd listens on.
    public let port: Int
    private var process: Process
    private let executable: String
    private let arguments: [String]

    /// Starts gpsfake on `log`, one sentence every `delay` seconds (four
    /// sentences an epoch: 0.25 s is real time), on `port` or a free one.
    public init(log: String, delay: Double = 0.25, port: Int? = nil) throws {
        guard let executable = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first(where: FileManager.default.isExecutableFile) else {
            throw GPSFakeError("gpsfake is not installed; run Scripts/setup (apt-get install gpsd gpsd-clients)")
        }
        self.port = try port ?? Loopback.freePort()
        self.executable = executable
        // -n: gpsd opens the device at once, or it drops the start of the log; -1: play it once.
        arguments = ["-n", "-q", "-1", "-P", String(self.port), "-c", String(delay), log]
        process = try Self.start(executable, arguments)
    }

    private static func start(_ executable: String, _ arguments: [String]) throws -> Process {
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until gpsd accepts connections (it starts about 0.3 s after gpsfake, and much later on a machine busy
    /// with a whole suite) and has the log's device, at most `timeout` seconds.
    ///
    /// gpsfake adds its device through gpsd's control socket as soon as the socket's file exists; on a busy machine
    /// gpsd may not be listening on it yet, and gpsfake then goes on without a device (`add_device` in gps/fake.py
    /// gives up silently): gpsd answers and never reads the log. Such a start is made again, at most twice.
    public func waitUntilListening(timeout: TimeInterval = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        for attempt in 1...3 {
            while Date() < deadline, !answers() { usleep(20_000) }
            if hasDevice(before: min(deadline, Date().addingTimeInterval(10))) || attempt == 3 { return }
            stop()
            guard let restarted = try? Self.start(executable, arguments) else { return }
            process = restarted
        }
    }

    /// Whether gpsd accepts a connection.
    private func answers() -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        return Loopback.withAddress(port: port) { connect(descriptor, $0, $1) == 0 }
    }

    /// Whether gpsd lists a device (`?DEVICES;`) before `deadline`, asked every 0.2 s.
    private func hasDevice(before deadline: Date) -> Bool {
        repeat {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var wait = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            if Loopback.withAddress(port: port, { connect(descriptor, $0, $1) == 0 }) {
                let ask = Array("?DEVICES;\n".utf8)
                _ = ask.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
                var received = ""
                var buffer = [UInt8](repeating: 0, count: 4096)
                // The answer's line, whole (gpsd's VERSION line comes first).
                while !(received.range(of: "\"class\":\"DEVICES\"").map { received[$0.upperBound...].contains("\n") } ?? false) {
                    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    received += String(decoding: buffer[0..<count], as: UTF8.self)
                }
                if let line = received.split(separator: "\n").first(where: { $0.contains("\"class\":\"DEVICES\"") }), !line.contains("\"devices\":[]") {
                    return true
                }
            }
            usleep(200_000)
        } while Date() < deadline
        return false
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
