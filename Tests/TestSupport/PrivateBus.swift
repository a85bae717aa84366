public import Foundation

/// A private D-Bus daemon (Debian's `dbus-daemon`, with the session bus's policy), standing in for the system bus
/// that bluetoothd serves: a test connects to ``address``, and a child gets it as `DBUS_SYSTEM_BUS_ADDRESS`.
public final class PrivateBus: @unchecked Sendable {
    /// The bus's address, such as `unix:path=/tmp/dbus-…,guid=…`.
    public let address: String
    private let process: Process

    /// The daemon's path, or `nil` where it is not installed.
    public static var executable: URL? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/dbus-daemon") {
            return URL(fileURLWithPath: "\(folder)/dbus-daemon")
        }
        return nil
    }

    /// Starts a daemon and waits for its address.
    public init() throws {
        guard let executable = Self.executable else { throw SpawnError("dbus-daemon is not installed; run Scripts/setup (apt-get install dbus-daemon)") }
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("unix:") else {
            kill(process.processIdentifier, SIGKILL)
            throw SpawnError("dbus-daemon printed no address (got '\(text)')")
        }
        address = text
    }

    /// Stops the daemon with SIGKILL (a child of `swift test` inherits a blocked SIGTERM).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
