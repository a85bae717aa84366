import Foundation

/// Where a live data source is in its life, and what each stage holds: one
/// value behind the data source's lock, moved one event at a time
/// (``attach(_:)``, ``started(_:)``, ``sourceEnded()``, ``stop()``).
///
/// A data source is idle until it is set on a builder; it then reads its
/// sources into that builder through a writer of its own; taken off the
/// builder (another data source set, the workout finished or discarded), it
/// stops: the sources are cancelled, and the writer writes what it was handed
/// and takes nothing more. A stopped data source keeps its builder for a last
/// flush, as finishing the workout does, and may be attached again.
enum LiveDataSourceLifecycle {
    /// What an attached data source holds.
    struct Attachment {
        /// The builder readings go to; held weakly, as the builder holds the data source.
        let builder: WeakReference<HKLiveWorkoutBuilder>
        /// Writes the readings to the store, in order, on a task of its own.
        let writer: ReadingWriter
        /// The task reading every source, once started.
        var reading: Task<Void, Never>?
        /// Sources still running.
        var running: Int
    }

    /// Not set on a builder yet: readings delivered now are dropped.
    case idle
    /// Set on a builder: the sources are read into it.
    case reading(Attachment)
    /// Taken off its builder: the sources are cancelled, the writer finishes.
    case stopped(Attachment)

    private var attachment: Attachment? {
        switch self {
        case .idle: nil
        case .reading(let attachment), .stopped(let attachment): attachment
        }
    }

    /// The builder, reading or stopped.
    var builder: HKLiveWorkoutBuilder? { attachment?.builder.value }

    /// The writer, reading or stopped.
    var writer: ReadingWriter? { attachment?.writer }

    /// Sources still running: none unless reading.
    var running: Int {
        guard case .reading(let attachment) = self else { return 0 }
        return attachment.running
    }

    /// Starts reading into `attachment`'s builder. The writer of an earlier
    /// attachment is closed (it still writes what it was handed); its reading
    /// task, if it still reads, is returned to cancel.
    mutating func attach(_ attachment: Attachment) -> Task<Void, Never>? {
        let earlier = stop()
        self = .reading(attachment)
        return earlier
    }

    /// The task reading the sources started.
    mutating func started(_ task: Task<Void, Never>) {
        guard case .reading(var attachment) = self else { return task.cancel() }
        attachment.reading = task
        self = .reading(attachment)
    }

    /// One source ended.
    mutating func sourceEnded() {
        guard case .reading(var attachment) = self else { return }
        attachment.running = max(0, attachment.running - 1)
        self = .reading(attachment)
    }

    /// Stops reading: returns the task to cancel. The writer takes no more
    /// batches; those handed over are still written.
    mutating func stop() -> Task<Void, Never>? {
        guard case .reading(var attachment) = self else { return nil }
        attachment.writer.close()
        let task = attachment.reading
        attachment.reading = nil
        attachment.running = 0
        self = .stopped(attachment)
        return task
    }
}
