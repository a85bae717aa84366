import Foundation
import Synchronization

/// A weak reference to a delegate, readable and writable from any thread.
package final class WeakDelegate<Delegate>: Sendable {
    /// The reference, weak, inside the lock. A delegate is HealthKit's plain protocol type, not `Sendable`:
    /// this keeps only the reference, which the lock guards; the delegate is called where its owner says.
    private struct Reference: @unchecked Sendable {
        weak var object: AnyObject?
    }

    private let reference = Mutex(Reference())

    package init() {}

    package var value: Delegate? {
        get { reference.withLock { $0.object as? Delegate } }
        set {
            let object = Reference(object: newValue.map { $0 as AnyObject })
            reference.withLock { $0 = object }
        }
    }
}
