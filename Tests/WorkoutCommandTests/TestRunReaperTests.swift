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

    /// The reaper runs, apart from the run, with the run's mark in its environment.
    @Test func theReaperIsUpWithTheRunsMark() throws {
        let mark = TestRunReaper.started
        let reapers = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
            guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            return command.contains("reaper.py") && command.contains(mark)
        }
        #expect(reapers.count == 1, "expected one reaper for the run \(mark), found \(reapers)")
        if let reaper = reapers.first, let stat = try? String(contentsOfFile: "/proc/\(reaper)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            // Fields after the name: state, parent, process group, session: its own session, so a signal to the
            // run's group does not reach it.
            #expect(fields.count > 3 && Int32(fields[3]) == reaper, "the reaper is not in a session of its own: \(stat)")
        }
    }
}
