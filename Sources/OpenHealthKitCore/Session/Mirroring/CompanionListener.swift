import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The companion's side of mirroring: a Unix socket a primary session connects to, each
/// connection becoming a mirrored session handed to the store's
/// ``HKHealthStore/workoutSessionMirroringStartHandler``.
final class CompanionListener: Sendable {
    /// The listening socket, closed at most once: -1 after.
    private let descriptor: Mutex<Int32>
    let path: String

    /// Listens at `path` (a stale socket file there is replaced), handing each accepted
    /// connection to `accept` on the listener's thread.
    init(path: String, accept: @escaping @Sendable (MirrorConnection) -> Void) throws(HKError) {
        guard var address = MirrorConnection.address(path) else {
            throw HKError(.errorInvalidArgument, "The companion's socket path \(path) is too long for a Unix socket; set OPENHEALTHKIT_COMPANION to a shorter one.")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HKError(.errorHealthDataUnavailable, "Cannot make the companion's socket: \(String(cString: strerror(errno))).") }
        unlink(path)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw HKError(.errorHealthDataUnavailable, "Cannot listen for a primary workout session at \(path): \(reason). Check that its folder exists and is writable.")
        }
        chmod(path, 0o600)
        self.descriptor = Mutex(descriptor)
        self.path = path
        let thread = Thread { [self] in
            while true {
                let listening = self.descriptor.withLock { $0 }
                guard listening >= 0 else { return }
                let connection = Glibc.accept(listening, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                accept(MirrorConnection.accepted(connection, path: path))
            }
        }
        thread.name = "org.openhealthkit.companion"
        thread.start()
    }

    deinit { close() }

    /// Stops listening and removes the socket file.
    func close() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            MirrorConnection.shutDown(&descriptor)
            unlink(path)
        }
    }
}
