import Dispatch
import Synchronization

/// Where the club's PBKDF2 work runs: on threads of its own, a bounded number
/// at a time, with a bounded backlog.
///
/// A password check is a few hundred milliseconds of one core. Run on Swift's
/// cooperative threads (one per core), a handful of logins at once would stop
/// every other request, recorders' uploads included; a flood of them would
/// queue without end. Here at most ``width`` checks run at once, at most
/// ``backlog`` more wait, and anything past that is refused at once.
final class PasswordChecks: Sendable {
    /// Checks that run at once.
    let width: Int
    /// Checks that may wait for a turn.
    let backlog: Int
    private let queue: DispatchQueue
    private let lanes: DispatchSemaphore
    private let admitted = Mutex(0)

    init(width: Int, backlog: Int) {
        precondition(width >= 1 && backlog >= 0)
        self.width = width
        self.backlog = backlog
        queue = DispatchQueue(label: "club.password-checks", attributes: .concurrent)
        lanes = DispatchSemaphore(value: width)
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
        return await withCheckedContinuation { continuation in
            queue.async { [self] in
                lanes.wait()
                let result = work()
                lanes.signal()
                admitted.withLock { $0 -= 1 }
                continuation.resume(returning: result)
            }
        }
    }
}
