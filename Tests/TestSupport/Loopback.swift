public import Foundation

/// 127.0.0.1 and its TCP ports: addresses as the socket calls take them, and free ports for the daemons tests start.
public enum Loopback {
    /// Calls `body` with the address of 127.0.0.1:`port` and its length, for `bind` or `connect`.
    public static func withAddress<Result>(port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The next port to try, from 20000 up to 32767, below the kernel's ephemeral range (32768 and up): ports
    /// handed out here are never handed out twice in one run, and no socket bound to port 0 (every server a test
    /// starts on a port of the kernel's choosing) can take one between its choice and its daemon's bind.
    private static let nextPort = NSLock()
    nonisolated(unsafe) private static var candidate = 20_000 + Int(getpid() % 64) * 100

    /// A TCP port on 127.0.0.1 that nothing listens on now and that no other fixture of this run has been given.
    public static func freePort() throws -> Int {
        for _ in 0..<12_768 {
            let port: Int = nextPort.withLock {
                defer { candidate = candidate >= 32_767 ? 20_000 : candidate + 1 }
                return candidate
            }
            if isFree(port) { return port }
        }
        throw LoopbackError("no free port between 20000 and 32767 on 127.0.0.1: a test run holds them all, or one left its daemons behind (Scripts/check-test-cleanup lists them)")
    }

    /// Whether a socket can be bound to `port` on 127.0.0.1 now.
    private static func isFree(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        return Loopback.withAddress(port: port) { bind(descriptor, $0, $1) == 0 }
    }
}

/// No free port was left on 127.0.0.1.
public struct LoopbackError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public let description: String
    init(_ description: String) { self.description = description }
}
