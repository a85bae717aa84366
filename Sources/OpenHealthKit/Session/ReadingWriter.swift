import Foundation
import Synchronization

/// Writes a live workout's readings to the store in order, on a task of its own,
/// so that a reading's statistics are current before the store has written it.
///
/// Batches are written one at a time in the order they were handed over. The
/// backlog is bounded: ``enqueue(_:)`` waits while more than ``maximumBacklog``
/// batches are unwritten, so a replay faster than the disk slows to the disk's
/// pace instead of holding the whole workout in memory.
final class ReadingWriter: Sendable {
    /// One write: samples (grouped by type when written) and route positions.
    struct Batch: Sendable {
        var samples: [HKSample]
        var locations: [CLLocation]
    }

    /// Batches that may wait unwritten before ``enqueue(_:)`` waits.
    static let maximumBacklog = 8

    /// What was handed over and written, and who waits for a write; shared
    /// with the writing task, which must not keep the writer alive.
    private final class Ledger: Sendable {
        struct Counts {
            var enqueued = 0
            var written = 0
            var closed = false
            var waiters: [(ticket: Int, continuation: CheckedContinuation<Void, Never>)] = []
        }
        let counts = Mutex(Counts())

        func markWritten() {
            let ready = counts.withLock { c -> [CheckedContinuation<Void, Never>] in
                c.written += 1
                let ready = c.waiters.filter { $0.ticket <= c.written }.map(\.continuation)
                c.waiters.removeAll { $0.ticket <= c.written }
                return ready
            }
            for waiter in ready { waiter.resume() }
        }

        func wait(until ticket: Int) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = counts.withLock { c -> Bool in
                    guard c.written < ticket else { return true }
                    c.waiters.append((ticket, continuation))
                    return false
                }
                if done { continuation.resume() }
            }
        }
    }

    private let ledger = Ledger()
    private let continuation: AsyncStream<Batch>.Continuation

    /// A writer calling `write` for each batch, in order.
    init(write: @escaping @Sendable (Batch) async -> Void) {
        let (stream, continuation) = AsyncStream<Batch>.makeStream()
        self.continuation = continuation
        let ledger = self.ledger
        Task.detached {
            for await batch in stream {
                await write(batch)
                ledger.markWritten()
            }
        }
    }

    deinit {
        continuation.finish()
    }

    /// Hands `batch` over for writing; waits while the backlog is full. A closed
    /// writer drops the batch.
    func enqueue(_ batch: Batch) async {
        guard !batch.samples.isEmpty || !batch.locations.isEmpty else { return }
        let ticket = ledger.counts.withLock { c -> Int? in
            guard !c.closed else { return nil }
            c.enqueued += 1
            continuation.yield(batch)
            return c.enqueued
        }
        guard let ticket else { return }
        await ledger.wait(until: ticket - Self.maximumBacklog)
    }

    /// Waits until every batch handed over so far is written.
    func drain() async {
        await ledger.wait(until: ledger.counts.withLock { $0.enqueued })
    }

    /// Takes no more batches; those already handed over are still written.
    func close() {
        ledger.counts.withLock { $0.closed = true }
    }

    /// Batches handed over and not yet written.
    var backlog: Int { ledger.counts.withLock { $0.enqueued - $0.written } }
}
