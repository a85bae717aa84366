import Foundation

/// What ends every process a test run starts once the run is gone, however it ended: `Tests/Fixtures/reaper.py`,
/// started once a run, in a session of its own.
///
/// The run marks its own environment with ``variable`` (a mark of its own), which every process it starts inherits,
/// daemons that leave their parent included; the reaper notes the run's descendants while it lives, and kills them
/// and every marked process once it has gone. Every helper that starts a process reads ``started`` first.
public enum TestRunReaper {
    /// The environment variable that marks this run's processes.
    public static let variable = "OPENHEALTHKIT_TEST_RUN"

    /// The run's mark, set in its environment, and its reaper started (once).
    public static let started: String = {
        let mark = UUID().uuidString
        setenv(variable, mark, 1)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/reaper.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["python3", script.path, mark, String(getpid())]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("warning: the test run's reaper did not start (\(error)): a run stopped midway may leave its daemons behind\n".utf8))
        }
        return mark
    }()
}
