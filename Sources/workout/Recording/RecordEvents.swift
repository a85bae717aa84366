import OpenHealthKit

/// What moves a recording on, in the order it happens: a key or a signal, a change of the session, or a tick
/// of the clock (the dashboard's second and the live page's refresh).
enum RecordEvent: Sendable {
    /// A key or a signal asked for something.
    case command(RecordCommand)
    /// The session changed: a pause, a resume, an automatic pause, an end.
    case session(HKWorkoutSession.Update)
    /// A source reported its status: connected, a fix, contact lost, …
    case source(WorkoutSourceStatus)
    /// Half a second passed.
    case tick
}

/// Where the keyboard, the signals, the session and the clock send a recording's events, and where the
/// recording reads them, one at a time and in order.
struct RecordEvents: Sendable {
    /// The events, for the recording's loop.
    let stream: AsyncStream<RecordEvent>
    private let sink: AsyncStream<RecordEvent>.Continuation

    init() { (stream, sink) = AsyncStream.makeStream(of: RecordEvent.self) }

    /// Asks the recording for `command`.
    func push(_ command: RecordCommand) { sink.yield(.command(command)) }

    /// Sends `event`.
    func send(_ event: RecordEvent) { sink.yield(event) }

    /// Ends the stream: the recording has finished.
    func finish() { sink.finish() }
}
