import Foundation
import Synchronization

/// Runs async jobs one after another, in the order they were enqueued.
final class SerialExecutor: Sendable {
    private let continuation: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        let (stream, continuation) = AsyncStream<@Sendable () async -> Void>.makeStream()
        self.continuation = continuation
        Task.detached {
            for await job in stream { await job() }
        }
    }

    func enqueue(_ job: @escaping @Sendable () async -> Void) {
        continuation.yield(job)
    }

    deinit { continuation.finish() }
}
