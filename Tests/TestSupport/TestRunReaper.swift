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
        // `setsid --fork` leaves at once, its child in a session of its own, and is waited for here: a child left
        // unreaped would be a zombie for the whole run, and Swift Testing's exit-test monitor, which waits for any
        // child without reaping it, would see that one zombie forever and never the exit tests' own children.
        do {
            let launch = try Spawn.run(["setsid", "--fork", "python3", script.path, mark, String(getpid())])
            if launch.status != 0 { throw SpawnError("setsid exited with \(launch.status): \(launch.standardError)") }
        } catch {
            FileHandle.standardError.write(Data("warning: the test run's reaper did not start (\(error)): a run stopped midway may leave its daemons behind\n".utf8))
        }
        return mark
    }()
}
