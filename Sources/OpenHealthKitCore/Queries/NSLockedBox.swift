import Foundation
internal import GRDB

/// A value behind a lock.
final class NSLockedBox<Value>: @unchecked Sendable {
    // Every access goes through `lock`.
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }

    func mutate<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&_value) } }
}
