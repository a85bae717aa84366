import Foundation

/// One message from gpsd that matters to a recorder.
package enum GPSDMessage: Sendable, Hashable {
    /// gpsd's release, on connecting.
    case version(String)
    /// A receiver was activated or went away.
    case device(path: String, active: Bool)
    /// A TPV message with a fix and its time.
    case fix(GPSDFix)
    /// A TPV message without a fix (mode 0 or 1), or whose position is not a place on Earth.
    case noFix
    /// A SKY message: satellites used in the solution and in view.
    case satellites(used: Int, visible: Int)
    /// Anything else (WATCH, DEVICES, POLL, TPVs without time): proof of life only.
    case other
}
