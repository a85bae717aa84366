import Foundation

/// A flag one thread sets and another reads, to stop a loop running on a thread of its own.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// A flag not yet set.
    public init() {}

    /// Whether the flag is set.
    public var isSet: Bool { lock.withLock { value } }

    /// Sets the flag.
    public func set() { lock.withLock { value = true } }
}
