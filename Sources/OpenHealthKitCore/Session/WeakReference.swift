import Foundation

/// A weak reference that a task can carry without keeping its object alive.
package struct WeakReference<Object: AnyObject & Sendable>: Sendable {
    /// The object, while something else keeps it alive.
    package weak var value: Object?

    /// A weak reference to `value`.
    package init(_ value: Object?) {
        self.value = value
    }
}
