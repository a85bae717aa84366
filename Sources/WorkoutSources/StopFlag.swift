import Foundation
import Synchronization

/// A flag a stream's consumer sets to stop the thread that feeds it.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the consumer has stopped.
    var isSet: Bool { value.load(ordering: .acquiring) }

    /// Stops the thread at its next check.
    func set() { value.store(true, ordering: .releasing) }

    /// Sleeps the calling thread for `seconds` in steps of 50 ms, waking early once set.
    func sleep(_ seconds: TimeInterval) {
        var left = seconds
        while left > 0, !isSet {
            let step = min(left, 0.05)
            usleep(useconds_t(step * 1_000_000))
            left -= step
        }
    }
}
