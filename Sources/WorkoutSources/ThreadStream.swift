import Foundation

/// A stream fed from a thread of its own, never from Swift's cooperative pool: how a source reads a blocking
/// socket, serial port or D-Bus connection. When the consumer stops, the ``StopSignal`` the thread watches is set,
/// which wakes it wherever it waits.
package enum ThreadStream {
    /// Starts `body` on a thread named `name` and returns what it yields, kept by `bufferingPolicy` for a consumer
    /// that lags. `body` finishes the stream (or the consumer's stopping ends it).
    package static func make<Element: Sendable>(
        of _: Element.Type, named name: String, bufferingPolicy: AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy,
        _ body: @escaping @Sendable (StopSignal, AsyncThrowingStream<Element, any Error>.Continuation) -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
        let stop = StopSignal()
        let thread = Thread { body(stop, continuation) }
        thread.name = name
        continuation.onTermination = { _ in stop.set() }
        thread.start()
        return stream
    }
}
