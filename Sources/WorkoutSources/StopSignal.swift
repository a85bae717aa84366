#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import Foundation
import Synchronization

/// A stream consumer's request that the thread feeding it stop, which wakes
/// the thread wherever it waits: a read of gpsd's socket or a serial port
/// polls ``descriptor`` beside its own, and a wait between reconnections polls
/// it alone, so the thread stops at once rather than at its next check.
///
/// The descriptor is the read end of a pipe that ``set()`` writes a byte to;
/// it stays readable from then on. Both ends close when the signal is released.
package final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    /// Readable once the signal is set: poll it beside the descriptor a thread waits on.
    package let descriptor: Int32
    private let writeEnd: Int32

    /// A signal not yet set.
    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Whether the consumer has asked the thread to stop.
    package var isSet: Bool { flag.load(ordering: .acquiring) }

    /// Asks the thread to stop, waking it if it waits.
    package func set() {
        guard !flag.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits `seconds`, or less once the signal is set.
    package func sleep(_ seconds: TimeInterval) {
        guard !isSet, seconds > 0 else { return }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, Int32(min(seconds, 86_400) * 1000))
    }
}
