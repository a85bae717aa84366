import NIOPosix
import Synchronization

/// Where the club's PBKDF2 work runs: on a pool of threads of its own, a
/// bounded number at a time, with a bounded backlog.
///
/// A password check is a few hundred milliseconds of one core. Run on Swift's
/// cooperative threads (one per core), a handful of logins at once would stop
/// every other request, recorders' uploads included; a flood of them would
/// queue without end. Here at most ``width`` checks run at once (the pool has
/// that many threads), at most ``backlog`` more wait in the pool's queue
/// without holding a thread, and anything past that is refused at once.
final class PasswordChecks: Sendable {
    /// Checks that run at once.
    let width: Int
    /// Checks that may wait for a turn.
    let backlog: Int
    private let pool: NIOThreadPool
    private let admitted = Mutex(0)

    init(width: Int, backlog: Int) {
        precondition(width >= 1 && backlog >= 0)
        self.width = width
        self.backlog = backlog
        pool = NIOThreadPool(numberOfThreads: width)
        pool.start()
    }

    deinit {
        pool.shutdownGracefully { _ in }
    }

    /// Checks running or waiting now.
    var admittedCount: Int { admitted.withLock { $0 } }

    /// The result of `work`, run on the checks' threads; nil when ``width`` are running and ``backlog`` are waiting.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result? {
        let taken = admitted.withLock { count in
            guard count < width + backlog else { return false }
            count += 1
            return true
        }
        guard taken else { return nil }
        defer { admitted.withLock { $0 -= 1 } }
        return try? await pool.runIfActive(work)
    }
}
