import Foundation

/// Runs `body` for a HealthKit completion-handler API and reports `(true, nil)` or
/// `(false, error)`: the one bridge from the async form of a call to its handler form.
func completing(_ completion: @escaping @Sendable (Bool, (any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> Void) {
    Task.detached {
        do {
            try await body()
            completion(true, nil)
        } catch {
            completion(false, error)
        }
    }
}

/// Runs `body` for a HealthKit completion-handler API and reports `(value, nil)` or `(nil, error)`.
func completing<Value>(_ completion: @escaping @Sendable (Value?, (any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> Value) {
    Task.detached {
        do {
            completion(try await body(), nil)
        } catch {
            completion(nil, error)
        }
    }
}

/// Runs `body`, whose answer may be nil, for a HealthKit completion-handler API and reports
/// `(value, nil)` or `(nil, error)`.
func completing<Value>(_ completion: @escaping @Sendable (Value?, (any Error)?) -> Void, optional body: @escaping @Sendable () async throws -> Value?) {
    Task.detached {
        do {
            completion(try await body(), nil)
        } catch {
            completion(nil, error)
        }
    }
}
