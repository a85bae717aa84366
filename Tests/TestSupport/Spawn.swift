import Foundation

/// Runs a program and waits for it with `posix_spawn` and `waitpid`, for
/// programs that leave a daemon behind (`tmux new-session` starts its server):
/// Foundation's `Process` waits for every holder of a descriptor it passes
/// down to close it, and a daemon never does. The child gets an empty signal
/// mask (children of `swift test` otherwise inherit blocked signals), and none of the test process's descriptors
/// but its standard three: a daemon started here while another test holds a pipe open to its own helper would
/// otherwise keep that pipe's write end for good, and the helper would never see the end of its input (a whole
/// run hung that way, a PostgreSQL cluster holding GeographicLib's standard input).
public enum Spawn {
    /// What a run printed and how it ended.
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `arguments[0]`, looked up on PATH, with the rest as its arguments.
    public static func run(_ arguments: [String]) throws -> Output {
        let output = Scratch.url("spawn", extension: "out"), errors = Scratch.url("spawn", extension: "err")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard posix_spawn_file_actions_addclosefrom(&actions, 3) == 0 else { throw SpawnError("cannot keep the test's descriptors from \(arguments[0]): \(String(cString: strerror(errno)))") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw SpawnError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Output(status: exited, standardOutput: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
                      standardError: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Debian 12 has 2.36), which its headers
/// declare only for `_GNU_SOURCE`: the child closes every descriptor from `lowest` up.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func posix_spawn_file_actions_addclosefrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32

/// A program could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
