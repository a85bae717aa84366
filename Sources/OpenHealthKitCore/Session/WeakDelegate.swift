import Foundation

/// A weak reference to a delegate, readable and writable from any thread.
package final class WeakDelegate<Delegate>: @unchecked Sendable {
    // `reference` is only touched while `lock` is held.
    private let lock = NSLock()
    private weak var reference: AnyObject?

    package init() {}

    package var value: Delegate? {
        get { lock.withLock { reference as? Delegate } }
        set { lock.withLock { reference = newValue.map { $0 as AnyObject } } }
    }
}
