import Synchronization

/// Commands from the keyboard and signal handlers, taken by the recording loop.
final class CommandQueue: Sendable {
    private let pending = Mutex<[RecordCommand]>([])

    func push(_ command: RecordCommand) { pending.withLock { $0.append(command) } }

    func take() -> [RecordCommand] { pending.withLock { commands in defer { commands = [] }; return commands } }
}
