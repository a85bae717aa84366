public import Foundation

/// `Tests/Fixtures/fake-bluez.py` on a ``PrivateBus``: BlueZ's `org.bluez` objects for the devices a test
/// describes (see the script for the file's shape), so the BlueZ path runs end to end without a radio.
///
/// What the fake was asked (`StartDiscovery`, `Connect AA:…`, `StartNotify 2a63`, …) is in ``log``, one line each.
public final class FakeBlueZ: @unchecked Sendable {
    /// The bus the fake serves.
    public let bus: PrivateBus
    private let process: Process
    private let logFile: URL
    private let input = Pipe()

    /// The script's path.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake-bluez.py")

    /// Whether the fake can run here: `dbus-daemon`, and Python with dbus-fast (Scripts/setup installs both).
    public static var isAvailable: Bool { PrivateBus.executable != nil && ExternalTool.pythonHas("dbus_fast") }

    /// Starts a bus and the fake serving `devices` (the JSON the script reads), playing captures `speed` times
    /// faster than recorded, and waits until it owns `org.bluez`.
    public init(devices: String, speed: Double = 1) throws {
        bus = try PrivateBus()
        let file = Scratch.url("bluez-devices", extension: "json")
        try devices.write(to: file, atomically: true, encoding: .utf8)
        logFile = Scratch.url("bluez-log", extension: "txt")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--bus", bus.address, "--speed", String(speed), file.path]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        self.process = process
        guard FixtureServer.firstLine(of: output.fileHandleForReading).hasPrefix("ready") else {
            kill(process.processIdentifier, SIGKILL)
            bus.stop()
            throw SpawnError("fake-bluez.py did not start: \((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")")
        }
    }

    /// Lets the "held" characteristics notify: a sensor that was silent until the test said so.
    public func release() {
        input.fileHandleForWriting.write(Data("release\n".utf8))
    }

    /// What the fake was asked, one line each.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Stops the fake (its devices vanish from the bus), keeping the bus.
    public func stopService() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the fake and its bus.
    public func stop() {
        stopService()
        bus.stop()
    }

    deinit { stop() }
}
