import Foundation
import OpenHealthKit
import WorkoutSources

/// What wakes the recording loop, in the order it happened: a command from the
/// keyboard or a signal, a source's status or a failure from the data source,
/// a change of the session, or the clock's tick.
enum RecordWake: Sendable {
    case command(RecordCommand)
    case source(LiveDataSourceEvent)
    case session(HKWorkoutSession.Update)
    /// The smart trainer answered, connected or went away.
    case trainer(TrainerLink.Message)
    /// A second went by, or the recording's duration ran out.
    case tick
    /// The receiver saw the rider move off, at this time (`--wait-for-rider`).
    case moved(Date)
}

/// The recording loop's one queue of ``RecordWake``s: the keyboard's thread and
/// the signal handler push commands; ``forward(events:updates:trainer:clock:deadline:)``
/// brings in the data source's events, the session's updates, the trainer's messages and the ticks.
final class RecordWakes: Sendable {
    let stream: AsyncStream<RecordWake>
    private let continuation: AsyncStream<RecordWake>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    /// A command, from any thread.
    func push(_ command: RecordCommand) { continuation.yield(.command(command)) }

    /// Something other than a command, from any task.
    func push(_ wake: RecordWake) { continuation.yield(wake) }

    /// Brings `events`, `updates` and `trainer`'s messages in as they come, and a tick each second, or
    /// at `deadline` on `clock` if that comes first; returns when cancelled.
    func forward(events: AsyncStream<LiveDataSourceEvent>, updates: AsyncStream<HKWorkoutSession.Update>, trainer: TrainerLink?,
                 clock: any WorkoutClock, deadline: Date?) async {
        let continuation = continuation
        await withDiscardingTaskGroup { group in
            if let trainer { group.addTask { for await message in trainer.messages { continuation.yield(.trainer(message)) } } }
            group.addTask { for await event in events { continuation.yield(.source(event)) } }
            group.addTask { for await update in updates { continuation.yield(.session(update)) } }
            group.addTask {
                while !Task.isCancelled {
                    let left = deadline.map { $0.timeIntervalSince(clock.now) } ?? 1
                    do { try await Task.sleep(for: .seconds(min(1, max(0.01, left)))) } catch { return }
                    continuation.yield(.tick)
                }
            }
        }
    }
}

extension RecordWake {
    /// Whether the session's state changed (started, paused, resumed, ended).
    var isStateChange: Bool {
        if case .session(.stateChanged) = self { return true }
        return false
    }
}
