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

    /// What was handed over and written, and who waits for a write; shared
    /// with the writing task, which must not keep the writer alive.
    private final class Ledger: Sendable {
        struct Counts {
            /// Batches handed over, and batches written (merged ones count each).
            var enqueued = 0
            var written = 0
            /// Readings handed over and not yet written.
            var unwritten = 0
            /// Batches waiting for the next write, in the order handed over;
            /// the writing task merges them, so handing over never copies.
            var queued: [Batch] = []
            var closed = false
            var finished = false
            /// Waits for a batch to be written, by ticket.
            var waiters: [(ticket: Int, continuation: CheckedContinuation<Void, Never>)] = []
            /// Waits for room in the backlog.
            var roomWaiters: [(limit: Int, continuation: CheckedContinuation<Void, Never>)] = []
            /// The writing task, parked until there is something to write.
            var idle: CheckedContinuation<Void, Never>?
        }
        let counts = Mutex(Counts())

        /// The next merged batch to write and the ticket it completes, or `nil`
        /// once the writer is finished and nothing is left.
        func next() async -> (Batch, ticket: Int, readings: Int)? {
            while true {
                enum Step { case write([Batch], Int), stop, park }
                let step = counts.withLock { c -> Step in
                    if !c.queued.isEmpty {
                        defer { c.queued = [] }
                        return .write(c.queued, c.enqueued)
                    }
                    return c.finished ? .stop : .park
                }
                switch step {
                case .write(let batches, let ticket):
                    let merged = Batch.merged(batches)
                    return (merged, ticket, merged.count)
                case .stop: return nil
                case .park:
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let ready = counts.withLock { c -> Bool in
                            guard c.queued.isEmpty, !c.finished else { return true }
                            c.idle = continuation
                            return false
                        }
                        if ready { continuation.resume() }
                    }
                }
            }
        }

        func markWritten(through ticket: Int, readings: Int) {
            let ready = counts.withLock { c -> [CheckedContinuation<Void, Never>] in
                c.written = ticket
                c.unwritten -= readings
                var ready = c.waiters.filter { $0.ticket <= c.written }.map(\.continuation)
                c.waiters.removeAll { $0.ticket <= c.written }
                ready += c.roomWaiters.filter { c.unwritten <= $0.limit }.map(\.continuation)
                c.roomWaiters.removeAll { c.unwritten <= $0.limit }
                return ready
            }
            for waiter in ready { waiter.resume() }
        }

        /// Hands `batch` to the writing task; `false` when closed.
        func add(_ batch: Batch) -> Bool {
            let (accepted, idle) = counts.withLock { c -> (Bool, CheckedContinuation<Void, Never>?) in
                guard !c.closed else { return (false, nil) }
                c.enqueued += 1
                c.unwritten += batch.count
                c.queued.append(batch)
                defer { c.idle = nil }
                return (true, c.idle)
            }
            idle?.resume()
            return accepted
        }

        func finish() {
            let idle = counts.withLock { c -> CheckedContinuation<Void, Never>? in
                c.finished = true
                defer { c.idle = nil }
                return c.idle
            }
            idle?.resume()
        }

        func wait(until ticket: Int) async {
            // A continuation always suspends, and the task may then resume on
            // another thread: not worth it when there is nothing to wait for.
            guard counts.withLock({ $0.written < ticket }) else { return }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = counts.withLock { c -> Bool in
                    guard c.written < ticket else { return true }
                    c.waiters.append((ticket, continuation))
                    return false
                }
                if done { continuation.resume() }
            }
        }

        func waitForRoom(limit: Int) async {
            // The common case, room in the backlog, returns without suspending:
            // the caller goes on on its own thread, with its data in that core's cache.
            guard counts.withLock({ $0.unwritten > limit }) else { return }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let room = counts.withLock { c -> Bool in
                    guard c.unwritten > limit else { return true }
                    c.roomWaiters.append((limit, continuation))
                    return false
                }
                if room { continuation.resume() }
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
        await ledger.wait(until: ledger.counts.withLock { $0.enqueued })
    }

    /// Takes no more batches; those already handed over are still written.
    func close() {
        ledger.counts.withLock { $0.closed = true }
    }

    /// Readings handed over and not yet written.
    var backlog: Int { ledger.counts.withLock { $0.unwritten } }
}

extension Array {
    /// Appends `other`, or takes its buffer when this array is empty.
    mutating func adopt(_ other: [Element]) {
        if isEmpty { self = other } else { self += other }
    }
}
