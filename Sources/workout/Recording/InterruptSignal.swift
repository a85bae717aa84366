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
