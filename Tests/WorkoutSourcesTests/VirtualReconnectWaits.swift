import Foundation
import WorkoutSources

/// A source's reconnection waits on a virtual clock the test moves: the
/// source's thread parks in each wait until the test advances past it.
final class VirtualReconnectWaits: ReconnectWaits, @unchecked Sendable {
    // Every field is guarded by `condition`.
    private let condition = NSCondition()
    private var now = 0.0
    private var requested: [TimeInterval] = []

    /// Parks the calling thread until the virtual clock passes `seconds` from now, or `stop` is set.
    func wait(_ seconds: TimeInterval, stop: StopSignal) {
        condition.lock()
        defer { condition.unlock() }
        requested.append(seconds)
        condition.broadcast()
        let deadline = now + seconds
        // The stop signal cannot wake a condition: the wait rechecks it every 50 ms.
        while now < deadline, !stop.isSet { _ = condition.wait(until: Date().addingTimeInterval(0.05)) }
    }

    /// Blocks until the source has begun `count` waits (at most `timeout`
    /// seconds of real time), and returns the lengths asked for so far.
    func waitsBegun(_ count: Int, timeout: TimeInterval = 20) -> [TimeInterval] {
        condition.lock()
        defer { condition.unlock() }
        let end = Date().addingTimeInterval(timeout)
        while requested.count < count, Date() < end { _ = condition.wait(until: min(end, Date().addingTimeInterval(0.05))) }
        return requested
    }

    /// Moves the virtual clock forward, releasing the waits it passes.
    func advance(by seconds: TimeInterval) {
        condition.lock()
        now += seconds
        condition.broadcast()
        condition.unlock()
    }
}
