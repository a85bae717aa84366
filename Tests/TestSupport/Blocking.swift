import Foundation

/// Runs blocking work (a process to wait for, a pipe to read) on a thread of
/// its own and waits for it without holding one of Swift's cooperative
/// threads: on a 2-core machine, two tests blocking those would stall every
/// other test until their time limits ran out.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
