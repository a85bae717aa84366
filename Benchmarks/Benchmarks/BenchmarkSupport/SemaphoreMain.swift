import Foundation

/// Runs `body` to its end from top-level code, the main thread waiting on a semaphore rather than running an async
/// main: valgrind 3.19 dies on the dispatch main thread's sigsuspend that an async main parks in, so the programs
/// callgrind counts start this way. An error is printed and ends the process with status 1.
public func runWaitingOnSemaphore(_ body: @escaping @Sendable () async throws -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        defer { done.signal() }
        do { try await body() } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }
    done.wait()
}
