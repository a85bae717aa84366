import Foundation
import TestSupport
import Testing

/// The run's reaper: started once, in a session of its own, and leaving no child of the run behind it.
@Suite struct TestRunReaperTests {
    /// The children of this process, with their state and name, from `/proc`.
    static func children() -> [(pid: Int32, state: String, name: String)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let pids = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        }
        return pids.compactMap { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let name = String(stat[stat.index(after: open)..<close])
            let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
            return (pid, String(state), name)
        }
    }

    /// The launcher is waited for: a zombie left for the whole run would hide the exit tests' children from Swift
    /// Testing's monitor, which waits for any child without reaping it, and the run would never end.
    @Test func startingTheReaperLeavesNoZombie() throws {
        _ = TestRunReaper.started
        let launchers = Self.children().filter { $0.name == "setsid" }
        #expect(launchers.isEmpty, "the reaper's launcher is still a child of the run: \(launchers)")
    }

    /// The reaper runs, apart from the run, with the run's mark in its environment, in a session of its own, so a
    /// signal to the run's group does not reach it.
    @Test func theReaperIsUpWithTheRunsMark() throws {
        let mark = TestRunReaper.started
        // The processes whose command line names the reaper and this run's mark and that lead their own session
        // (the fields after the name in /proc/PID/stat: state, parent, process group, session).
        func reapers() -> [Int32] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
                guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                      command.contains("reaper.py") && command.contains(mark),
                      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                return fields.count > 3 && Int32(fields[3]) == pid
            }
        }
        // The launcher has left once `started` returns, but its child may still be between fork, setsid and exec:
        // wait until it is through, a bound against a hang and not a goal.
        let deadline = Date().addingTimeInterval(30)
        while reapers().isEmpty && Date() < deadline { usleep(10_000) }
        let found = reapers()
        #expect(found.count == 1, "expected one reaper for the run \(mark), in a session of its own; found \(found)")
    }
}
