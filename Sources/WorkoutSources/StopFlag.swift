import Synchronization

/// A flag a stream's consumer sets to stop the thread that feeds it.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the consumer has stopped.
    var isSet: Bool { value.load(ordering: .acquiring) }

    /// Stops the thread at its next check.
    func set() { value.store(true, ordering: .releasing) }
}
