import Foundation
import Synchronization

/// Writes a live workout's readings to the store in order, on a task of its own,
/// so that a reading's statistics are current before the store has written it.
///
/// Batches handed over while a write is under way are merged, in order, into
/// the next write (a group commit): a replay faster than the disk makes fewer,
/// larger transactions instead of a queue of small ones. The backlog is bounded
/// in readings: ``enqueue(_:)`` waits while more than ``maximumBacklog``
/// samples and positions are unwritten, so such a replay slows to the disk's
/// pace instead of holding the whole workout in memory.
final class ReadingWriter: Sendable {
    /// One write: samples (grouped by type when written), quantities derived
    /// from readings, and route positions.
    struct Batch: Sendable {
        var samples: [HKSample]
        var derived: [DerivedQuantity] = []
        var locations: [CLLocation]

        /// Samples, derived quantities and positions together.
        var count: Int { samples.count + derived.count + locations.count }

        /// Adds `other`'s readings after these; an empty batch takes
        /// `other`'s buffers without copying them.
        mutating func append(_ other: Batch) {
            samples.adopt(other.samples)
            derived.adopt(other.derived)
            locations.adopt(other.locations)
        }

        /// `batches`' readings in order, as one batch whose arrays are each made once at their full
        /// size: merged one by one, the first batch's arrays (shared with the queue) would be copied,
        /// then copied again at every doubling.
        static func merged(_ batches: [Batch]) -> Batch {
            guard batches.count > 1 else { return batches.first ?? Batch(samples: [], locations: []) }
            var merged = Batch(samples: [], locations: [])
            merged.samples.reserveCapacity(batches.reduce(0) { $0 + $1.samples.count })
            merged.derived.reserveCapacity(batches.reduce(0) { $0 + $1.derived.count })
            merged.locations.reserveCapacity(batches.reduce(0) { $0 + $1.locations.count })
            for batch in batches {
                merged.samples += batch.samples
                merged.derived += batch.derived
                merged.locations += batch.locations
            }
            return merged
        }
    }

    /// Unwritten readings (samples and positions) beyond which ``enqueue(_:)``
    /// waits: about 6 MB of readings, a second or two of the store's work.
    static let defaultMaximumBacklog = 8_192

    /// Unwritten readings beyond which ``enqueue(_:)`` waits.
    let maximumBacklog: Int

    /// The queue (``WriteQueue``) behind a lock: thin storage shared with the
    /// writing task, which must not keep the writer alive. Waiters are resumed
    /// after the lock is let go.
    private final class Ledger: Sendable {
        typealias Waiter = CheckedContinuation<Void, Never>
        let queue = Mutex(WriteQueue<Batch, Waiter>())

        /// The next merged batch to write and the ticket it completes, or `nil`
        /// once the writer is finished and nothing is left.
        func next() async -> (Batch, ticket: Int, readings: Int)? {
            while true {
                switch queue.withLock({ $0.next() }) {
                case .write(let batches, let ticket):
                    let merged = Batch.merged(batches)
                    return (merged, ticket, merged.count)
                case .stop:
                    return nil
                case .park:
                    await withCheckedContinuation { (continuation: Waiter) in
                        queue.withLock { $0.park(continuation) }?.resume()
                    }
                }
            }
        }

        func markWritten(through ticket: Int, readings: Int) {
            for waiter in queue.withLock({ $0.markWritten(through: ticket, readings: readings) }) { waiter.resume() }
        }

        /// Hands `batch` to the writing task; `false` when closed.
        func add(_ batch: Batch) -> Bool {
            let (accepted, wake) = queue.withLock { $0.add(batch, readings: batch.count) }
            wake?.resume()
            return accepted
        }

        func finish() {
            queue.withLock { $0.finish() }?.resume()
        }

        func wait(until ticket: Int) async {
            // A continuation always suspends, and the task may then resume on
            // another thread: not worth it when there is nothing to wait for.
            guard !queue.withLock({ $0.isWritten(ticket) }) else { return }
            await withCheckedContinuation { (continuation: Waiter) in
                queue.withLock { $0.wait(continuation, until: ticket) }?.resume()
            }
        }

        func waitForRoom(limit: Int) async {
            // The common case, room in the backlog, returns without suspending:
            // the caller goes on on its own thread, with its data in that core's cache.
            guard !queue.withLock({ $0.hasRoom(within: limit) }) else { return }
            await withCheckedContinuation { (continuation: Waiter) in
                queue.withLock { $0.wait(continuation, forRoomWithin: limit) }?.resume()
            }
        }
    }

    private let ledger = Ledger()

    /// A writer calling `write` for each merged batch, in order; ``enqueue(_:)``
    /// waits while more than `maximumBacklog` readings are unwritten.
    init(maximumBacklog: Int = ReadingWriter.defaultMaximumBacklog, write: @escaping @Sendable (Batch) async -> Void) {
        self.maximumBacklog = maximumBacklog
        let ledger = self.ledger
        Task.detached {
            while let (batch, ticket, readings) = await ledger.next() {
                await write(batch)
                ledger.markWritten(through: ticket, readings: readings)
            }
        }
    }

    deinit {
        ledger.finish()
    }

    /// Hands `batch` over for writing; waits while the backlog is full. A closed
    /// writer drops the batch. An empty batch is written only `evenIfEmpty`
    /// (a write also retries what the store refused before).
    func enqueue(_ batch: Batch, evenIfEmpty: Bool = false) async {
        guard batch.count > 0 || evenIfEmpty, ledger.add(batch) else { return }
        await ledger.waitForRoom(limit: maximumBacklog)
    }

    /// Waits until every batch handed over so far is written.
    func drain() async {
        await ledger.wait(until: ledger.queue.withLock { $0.enqueued })
    }

    /// Takes no more batches; those already handed over are still written.
    func close() {
        ledger.queue.withLock { $0.close() }
    }

    /// Readings handed over and not yet written.
    var backlog: Int { ledger.queue.withLock { $0.unwritten } }
}

extension Array {
    /// Appends `other`, or takes its buffer when this array is empty.
    mutating func adopt(_ other: [Element]) {
        if isEmpty { self = other } else { self += other }
    }
}
