import Foundation

/// A weak reference that a task can carry without keeping its object alive.
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
    /// The object, while something else keeps it alive.
    weak var value: Object?

    /// A weak reference to `value`.
    init(_ value: Object?) {
        self.value = value
    }
}
