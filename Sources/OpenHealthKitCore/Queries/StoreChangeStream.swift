import Foundation

/// Builds live result streams from store change notifications.
enum StoreChangeStream {
    static func make<Element: Sendable>(store: HKHealthStore, typeIdentifier: String,
                                        next: @escaping @Sendable (Element?) async throws -> Element?) -> AsyncThrowingStream<Element, any Error> {
        make(store: store, typeIdentifiers: [typeIdentifier], next: next)
    }

    /// Yields `next(nil)` at once, then `next(previous)` after each relevant change;
    /// a `nil` from `next` means nothing changed.
    static func make<Element: Sendable>(store: HKHealthStore, typeIdentifiers: Set<String>,
                                        next: @escaping @Sendable (Element?) async throws -> Element?) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do {
                let database = try store.database()
                let observer = database.addObserver { types in
                    if let types, types.isDisjoint(with: typeIdentifiers) { return }
                    signal.yield()
                }
                defer { database.removeObserver(observer) }
                var last = try await next(nil)
                if let last { continuation.yield(last) }
                for await _ in signals {
                    if Task.isCancelled { break }
                    if let element = try await next(last) {
                        last = element
                        continuation.yield(element)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            signal.finish()
        }
        return stream
    }
}
