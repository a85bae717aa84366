import Foundation
import Synchronization

/// The companion's handler and listener, per store object.
final class CompanionSlot: Sendable {
    /// The handler the app set, and the listener that runs while there is one. The handler is HealthKit's
    /// plain closure type, which the store calls as HealthKit does, from any thread.
    private struct State: @unchecked Sendable {
        var handler: ((HKWorkoutSession) -> Void)?
        var listener: CompanionListener?
    }

    private let state = Mutex(State())

    var currentHandler: ((HKWorkoutSession) -> Void)? { state.withLock { $0.handler } }

    /// Sets the handler; listening starts with the first and stops without one.
    func set(_ newHandler: ((HKWorkoutSession) -> Void)?, store: HKHealthStore) {
        let old = state.withLock { state -> CompanionListener? in
            state.handler = newHandler
            guard newHandler == nil else { return nil }
            defer { state.listener = nil }
            return state.listener
        }
        old?.close()
        guard newHandler != nil, state.withLock({ $0.listener == nil }) else { return }
        let path = store.companionSocketPath
        do {
            let made = try CompanionListener(path: path) { [weak store] connection in
                guard let store else { return }
                store.companion.adopt(connection, store: store)
            }
            state.withLock { $0.listener = made }
        } catch {
            FileHandle.standardError.write(Data("OpenHealthKit: \(error)\n".utf8))
        }
    }

    /// Makes the mirrored session for a primary that connected, once its start message arrives.
    func adopt(_ connection: MirrorConnection, store: HKHealthStore) {
        let made = MirroredSessionSlot()
        connection.startReading { [weak self] message in
            if case .start(let start) = message, made.session.withLock({ $0 == nil }) {
                let session = HKWorkoutSession(mirroring: start, connection: connection, healthStore: store)
                session.startMirrored(in: HKWorkoutSessionState(rawValue: start.state) ?? .notStarted, since: start.startDate)
                made.session.withLock { $0 = session }
                self?.currentHandler?(session)
                return
            }
            made.session.withLock { $0 }?.receive(message)
        } onClose: { error in
            made.session.withLock { $0 }?.remoteWentAway(connection, error: error)
        }
    }
}

extension HKHealthStore {
    /// Called with each session a primary on another process mirrors to this one, as a
    /// phone's store hears its watch. Setting it makes this process the companion: it
    /// listens at ``companionSocketPath`` until it is set to nil. Called on a background thread.
    public var workoutSessionMirroringStartHandler: ((HKWorkoutSession) -> Void)? {
        get { companion.currentHandler }
        set { companion.set(newValue, store: self) }
    }

    /// Where a primary session and its companion meet: `OPENHEALTHKIT_COMPANION` when set,
    /// else `companion.sock` beside a file store (in the temporary folder, named after the
    /// store's path, when that is too long for a Unix socket), else one per user in the
    /// temporary folder.
    public var companionSocketPath: String {
        if let path = ProcessInfo.processInfo.environment["OPENHEALTHKIT_COMPANION"], !path.isEmpty { return path }
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory())
        switch location {
        case .file(let path):
            let beside = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("companion.sock").path
            if beside.utf8.count < 100 { return beside }
            // FNV-1a: the same in every process, unlike Swift's seeded hashes.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return temporary.appendingPathComponent("openhealthkit-companion-\(getuid())-\(String(hash, radix: 16)).sock").path
        case .inMemory:
            return temporary.appendingPathComponent("openhealthkit-companion-\(getuid()).sock").path
        }
    }
}

/// The session a primary's connection made, once its start message arrived; read by the connection's later messages.
private final class MirroredSessionSlot: Sendable {
    let session = Mutex<HKWorkoutSession?>(nil)
}
