package import Foundation

/// Where a source's thread waits between tries to reach its device: on the
/// real clock (``RealReconnectWaits``), or on a virtual one that a test moves,
/// so that reconnections run deterministically without sleeping.
package protocol ReconnectWaits: Sendable {
    /// Blocks the calling thread for `seconds`, or less once `stop` is set.
    func wait(_ seconds: TimeInterval, stop: StopSignal)
}

/// Waits on the real clock, waking at once when the source is stopped.
package struct RealReconnectWaits: ReconnectWaits {
    /// Real waits.
    package init() {}

    /// Blocks for `seconds` of real time, or until `stop` is set.
    package func wait(_ seconds: TimeInterval, stop: StopSignal) {
        stop.sleep(seconds)
    }
}
