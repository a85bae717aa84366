import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One end of a mirroring link: a Unix stream socket between a primary session's process
/// and its companion's. Writes are whole frames under a lock; a thread of its own reads
/// (blocking reads stay off Swift's cooperative pool).
final class MirrorConnection: Sendable {
    /// The socket (closed at most once: -1 after) and whether the link was stopped on purpose.
    private struct State {
        var descriptor: Int32
        var stopped = false
    }

    private let state: Mutex<State>
    /// The socket's path, for messages.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.state = Mutex(State(descriptor: descriptor))
        self.path = path
    }

    deinit { close() }

    /// A `sockaddr_un` for `path`, or nil when the path is too long for one.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// Connects to the companion listening at `path`.
    static func connect(to path: String) throws(HKError) -> MirrorConnection {
        guard var address = address(path) else {
            throw HKError(.errorInvalidArgument, "The companion's socket path \(path) is too long for a Unix socket; set OPENHEALTHKIT_COMPANION to a shorter one.")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HKError(.errorHealthDataUnavailable, "Cannot make a socket to reach the companion: \(String(cString: strerror(errno))).") }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw HKError(.errorHealthDataUnavailable,
                          "No companion is listening at \(path) (\(reason)): start the companion (an app that sets workoutSessionMirroringStartHandler on a store at the same place, or `workout companion`) first.")
        }
        return MirrorConnection(descriptor: descriptor, path: path)
    }

    /// A connection a listener accepted.
    static func accepted(_ descriptor: Int32, path: String) -> MirrorConnection {
        MirrorConnection(descriptor: descriptor, path: path)
    }

    /// Sends one message, whole.
    ///
    /// - Throws: ``HKError/Code/errorDataSizeExceeded`` for data over ``MirrorMessage/maximumFrame``;
    ///   an error saying the other side is gone when the socket is closed.
    func send(_ message: MirrorMessage) throws(HKError) {
        if case .data(let data) = message, data.count > MirrorMessage.maximumFrame {
            throw HKError(.errorDataSizeExceeded, "\(data.count) bytes is more than a remote workout session takes at once (\(MirrorMessage.maximumFrame)); send it in parts.")
        }
        let frame = message.framed()
        let failure: String? = state.withLock { state in
            let descriptor = state.descriptor
            guard descriptor >= 0 else { return "the link is closed" }
            var sent = 0
            while sent < frame.count {
                let written = frame.withUnsafeBytes { raw in Glibc.send(descriptor, raw.baseAddress! + sent, frame.count - sent, Int32(MSG_NOSIGNAL)) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                sent += written
            }
            return nil
        }
        if let failure { throw HKError(.errorHealthDataUnavailable, "Cannot reach the remote workout session through \(path): \(failure).") }
    }

    /// Reads messages on a thread of its own until the other side closes or sends bytes
    /// that cannot be read; `onClose` then says why (nil after a ``MirrorMessage/stop``).
    func startReading(onMessage: @escaping @Sendable (MirrorMessage) -> Void, onClose: @escaping @Sendable (HKError?) -> Void) {
        let thread = Thread { [self] in
            var decoder = MirrorMessage.Decoder()
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            var reason: HKError?
            reading: while true {
                let descriptor = state.withLock { $0.descriptor }
                guard descriptor >= 0 else { break }
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    if !state.withLock({ $0.stopped }) {
                        reason = HKError(.errorHealthDataUnavailable, "The remote workout session disconnected (its process ended or its link at \(path) closed).")
                    }
                    break
                }
                do {
                    for message in try decoder.feed(Data(buffer[0..<count])) {
                        if message == .stop { state.withLock { $0.stopped = true } }
                        onMessage(message)
                    }
                } catch {
                    reason = HKError(.errorHealthDataUnavailable, "The remote workout session sent what cannot be read: \(error).")
                    break reading
                }
            }
            close()
            onClose(reason)
        }
        thread.name = "org.openhealthkit.mirroring"
        thread.start()
    }

    /// Marks the link as stopped on purpose, so its closing is no disconnection.
    func markStopped() {
        state.withLock { $0.stopped = true }
    }

    /// Closes the socket; the reading thread then ends.
    func close() {
        state.withLock { Self.shutDown(&$0.descriptor) }
    }

    /// Shuts a socket down (waking a thread blocked on it) and closes it, once: `descriptor` becomes -1.
    static func shutDown(_ descriptor: inout Int32) {
        guard descriptor >= 0 else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
        descriptor = -1
    }
}
