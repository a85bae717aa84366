import Foundation
import UnixSignals

/// Runs `action` on SIGINT or SIGTERM instead of ending the process at once;
/// ``cancel()`` gives both signals their default handling back.
final class InterruptSignal {
    private let listening: Task<Void, Never>

    init(_ action: @escaping @Sendable () -> Void) async {
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        listening = Task { for await _ in signals { action() } }
    }

    func cancel() {
        listening.cancel()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

extension InterruptSignal {
    /// Waits for `task`, cancelling it on SIGINT or SIGTERM, or after `seconds` where given: how `workout hrm` and
    /// `workout sensors watch` run until the rider stops them.
    static func value<T: Sendable>(of task: Task<T, Never>, cancelledAfter seconds: Double?) async -> T {
        let interrupt = await InterruptSignal { task.cancel() }
        defer { interrupt.cancel() }
        let timer = seconds.map { seconds in
            Task {
                try await Task.sleep(for: .seconds(seconds))
                task.cancel()
            }
        }
        defer { timer?.cancel() }
        return await task.value
    }
}
