import Foundation

/// Readings counted but not yet handed to the writer, and when to hand them
/// over: pure bookkeeping, read at dates its owner passes in.
///
/// The buffer goes to the writer once its first reading is ``flushInterval``
/// old, or it holds ``flushCount`` readings, or at once when the last hand-over
/// was ``immediateWriteSpacing`` ago: a live 1 Hz receiver's readings are
/// written within a millisecond, a fast replay's in batches, and a crash loses
/// at most a second.
struct PendingWrites: Sendable {
    /// Readings are written at most this far apart, in seconds, however fast a
    /// replay runs.
    static let flushInterval: TimeInterval = 1
    /// …and at least every this many readings.
    static let flushCount = 512
    /// A reading arriving this long after the last hand-over is written at once.
    static let immediateWriteSpacing: TimeInterval = 0.05

    /// What is waiting to be written.
    private(set) var batch = ReadingWriter.Batch(samples: [], locations: [])
    /// Types counted since the builder's delegate last heard of a batch.
    private(set) var collected: Set<HKQuantityType> = []
    /// When the first reading now waiting arrived.
    private(set) var firstBuffered: Date?
    /// When the buffer was last handed over.
    private(set) var lastHandOver: Date?

    /// Adds readings counted at `now` (samples and derived quantities only when
    /// `writesQuantities`; positions only when `writesLocations`) and says whether
    /// the buffer is due to be handed over.
    mutating func add(samples: [HKSample], derived: [DerivedQuantity], locations: [CLLocation], types: Set<HKQuantityType>,
                      writesQuantities: Bool, writesLocations: Bool, at now: Date) -> Bool {
        if writesQuantities {
            // Room for the rest of a hand-over at the first append, so the arrays are not copied at every doubling.
            if !batch.derived.isEmpty, batch.derived.capacity < batch.derived.count + derived.count {
                batch.derived.reserveCapacity(Swift.max(2 * (batch.derived.count + derived.count), 2 * Self.flushCount))
            }
            batch.samples.adopt(samples)
            batch.derived.adopt(derived)
        }
        if writesLocations { batch.locations.adopt(locations) }
        collected.formUnion(types)
        let first = firstBuffered ?? now
        if firstBuffered == nil { firstBuffered = now }
        let quiet = lastHandOver.map { now.timeIntervalSince($0) >= Self.immediateWriteSpacing } ?? true
        return quiet || now.timeIntervalSince(first) >= Self.flushInterval || batch.count >= Self.flushCount
    }

    /// Whether what waits has waited ``flushInterval`` at `now`: a source that
    /// falls silent must not leave its last readings unwritten.
    func isOverdue(at now: Date) -> Bool {
        firstBuffered.map { now.timeIntervalSince($0) >= Self.flushInterval } ?? false
    }

    /// Takes what waits, and the types counted since the last hand-over, at `now`.
    mutating func handOver(at now: Date) -> (batch: ReadingWriter.Batch, types: Set<HKQuantityType>) {
        defer {
            batch = ReadingWriter.Batch(samples: [], locations: [])
            collected = []
            firstBuffered = nil
            lastHandOver = now
        }
        return (batch, collected)
    }
}
