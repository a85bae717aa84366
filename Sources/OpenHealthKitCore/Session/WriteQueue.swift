import Foundation

/// The store writer's queue as a pure state machine: which batches wait for
/// the next write, how many readings are handed over and not yet written, and
/// who waits for what. It does no I/O, holds no task and takes no lock;
/// ``ReadingWriter`` keeps one behind a lock and resumes the waiters that its
/// events return, after letting go of the lock.
///
/// Batches handed over while a write is under way are all taken by the next
/// write, in order (a group commit). Each batch handed over gets a ticket, its
/// number; a write of everything queued completes the ticket of the last
/// batch in it. Handing over is bounded by the readings unwritten, not by the
/// batches: a producer waits for room past its limit.
struct WriteQueue<Batch, Waiter> {
    /// Batches handed over so far: the ticket of the last one.
    private(set) var enqueued = 0
    /// The ticket of the last batch written.
    private(set) var written = 0
    /// Readings handed over and not yet written.
    private(set) var unwritten = 0
    /// Whether batches are refused (the writer closed); those handed over are still written.
    private(set) var closed = false
    /// Batches waiting for the next write, in the order handed over.
    private var queued: [Batch] = []
    /// Whether the writing task stops once the queue is empty.
    private var finished = false
    /// Who waits for a ticket to be written.
    private var ticketWaiters: [(ticket: Int, waiter: Waiter)] = []
    /// Who waits until at most `limit` readings are unwritten.
    private var roomWaiters: [(limit: Int, waiter: Waiter)] = []
    /// The writing task, parked until there is something to write.
    private var idle: Waiter?

    /// What the writing task does next.
    enum Next {
        /// Write these batches, in order, together; then complete `ticket`.
        case write([Batch], ticket: Int)
        /// Nothing is left and no more will come.
        case stop
        /// Nothing to write yet: park until woken.
        case park
    }

    /// Hands `batch`, of `readings` readings, over: `false` when closed. The
    /// parked writing task, if any, is returned to wake.
    mutating func add(_ batch: Batch, readings: Int) -> (accepted: Bool, wake: Waiter?) {
        guard !closed else { return (false, nil) }
        enqueued += 1
        unwritten += readings
        queued.append(batch)
        defer { idle = nil }
        return (true, idle)
    }

    /// The writing task's next step; `write` takes everything queued.
    mutating func next() -> Next {
        if !queued.isEmpty {
            defer { queued = [] }
            return .write(queued, ticket: enqueued)
        }
        return finished ? .stop : .park
    }

    /// Parks the writing task as `waiter`, unless there is already something
    /// to do: then `waiter` is returned, to resume at once.
    mutating func park(_ waiter: Waiter) -> Waiter? {
        guard queued.isEmpty, !finished else { return waiter }
        idle = waiter
        return nil
    }

    /// A write of `readings` readings completed `ticket`: returns whoever may go on.
    mutating func markWritten(through ticket: Int, readings: Int) -> [Waiter] {
        written = ticket
        unwritten -= readings
        var ready = ticketWaiters.filter { $0.ticket <= written }.map(\.waiter)
        ticketWaiters.removeAll { $0.ticket <= written }
        ready += roomWaiters.filter { unwritten <= $0.limit }.map(\.waiter)
        roomWaiters.removeAll { unwritten <= $0.limit }
        return ready
    }

    /// Refuses further batches.
    mutating func close() {
        closed = true
    }

    /// The writing task stops once the queue is empty; the parked task, if any, is returned to wake.
    mutating func finish() -> Waiter? {
        finished = true
        defer { idle = nil }
        return idle
    }

    /// Whether every batch up to `ticket` is written.
    func isWritten(_ ticket: Int) -> Bool { written >= ticket }

    /// Whether at most `limit` readings are unwritten.
    func hasRoom(within limit: Int) -> Bool { unwritten <= limit }

    /// `waiter` waits until `ticket` is written; returned at once when it already is.
    mutating func wait(_ waiter: Waiter, until ticket: Int) -> Waiter? {
        guard !isWritten(ticket) else { return waiter }
        ticketWaiters.append((ticket, waiter))
        return nil
    }

    /// `waiter` waits until at most `limit` readings are unwritten; returned at once when they are.
    mutating func wait(_ waiter: Waiter, forRoomWithin limit: Int) -> Waiter? {
        guard !hasRoom(within: limit) else { return waiter }
        roomWaiters.append((limit, waiter))
        return nil
    }
}
