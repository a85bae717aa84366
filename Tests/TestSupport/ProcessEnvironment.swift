import Foundation

/// The process's environment, which apps written for HealthKit read (`OPENHEALTHKIT_SOURCES`
/// names their data source's sensors): tests that set it take turns, across suites and targets,
/// since every test of the package runs in one process.
public actor ProcessEnvironment {
    private static let shared = ProcessEnvironment()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` with `variables` set in the environment, alone among callers, and
    /// restores what was there before.
    public static func with<T: Sendable>(_ variables: [String: String], _ body: @Sendable () async throws -> T) async rethrows -> T {
        await shared.acquire()
        let previous = variables.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (key, value) in variables { setenv(key, value, 1) }
        defer {
            for (key, value) in previous {
                if let value { setenv(key, value, 1) } else { unsetenv(key) }
            }
            Task { await shared.release() }
        }
        return try await body()
    }

    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
