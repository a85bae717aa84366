public import Foundation

/// Decides when a workout has stopped moving, from the receiver's Doppler speed.
///
/// Speed derived from positions is useless when standing still: the peers'
/// measurements turned a five-minute stop with 3 m of jitter into 19.5 km/h.
/// This detector uses the receiver's own speed with hysteresis and dwell: it
/// pauses after speed stays below ``Thresholds/pauseBelow`` for
/// ``Thresholds/pauseAfter`` seconds and resumes after it stays at or above
/// ``Thresholds/resumeAtOrAbove`` for ``Thresholds/resumeAfter`` seconds;
/// speeds in between hold the current state.
public struct AutoPauseDetector: Sendable {
    /// Speeds (m/s) and dwell times (s).
    public struct Thresholds: Hashable, Sendable {
        /// Below this speed, moving stops counting.
        public var pauseBelow: Double
        /// How long speed must stay low.
        public var pauseAfter: TimeInterval
        /// At or above this speed, moving counts again.
        public var resumeAtOrAbove: Double
        /// How long speed must stay high.
        public var resumeAfter: TimeInterval

        /// Thresholds with the given values.
        public init(pauseBelow: Double, pauseAfter: TimeInterval, resumeAtOrAbove: Double, resumeAfter: TimeInterval) {
            precondition(pauseBelow <= resumeAtOrAbove, "The pause speed must not exceed the resume speed")
            self.pauseBelow = pauseBelow
            self.pauseAfter = pauseAfter
            self.resumeAtOrAbove = resumeAtOrAbove
            self.resumeAfter = resumeAfter
        }

        /// Defaults by activity: cycling pauses below 0.8 m/s for 5 s and resumes at
        /// 2.0 m/s for 2 s (open-bike-computer); on foot, below 0.5 m/s and at 0.9 m/s (UNA SDK).
        public static func `default`(for activity: HKWorkoutActivityType) -> Thresholds {
            switch activity {
            case .cycling, .handCycling:
                Thresholds(pauseBelow: 0.8, pauseAfter: 5, resumeAtOrAbove: 2.0, resumeAfter: 2)
            default:
                Thresholds(pauseBelow: 0.5, pauseAfter: 5, resumeAtOrAbove: 0.9, resumeAfter: 2)
            }
        }
    }

    /// The thresholds in use.
    public let thresholds: Thresholds
    /// Whether movement is currently considered stopped.
    public private(set) var isPaused = false
    private var candidateSince: Date?

    /// A detector with `thresholds`, starting in motion.
    public init(thresholds: Thresholds) {
        self.thresholds = thresholds
    }

    /// Feeds a speed reading; returns the event to record when the state changes:
    /// ``HKWorkoutEventType/motionPaused`` or ``HKWorkoutEventType/motionResumed``,
    /// dated when the dwell began. Negative (invalid) speeds are ignored.
    public mutating func add(speed: Double, at date: Date) -> (type: HKWorkoutEventType, date: Date)? {
        guard speed >= 0, speed.isFinite else { return nil }
        let wantsChange = isPaused ? speed >= thresholds.resumeAtOrAbove : speed < thresholds.pauseBelow
        guard wantsChange else {
            candidateSince = nil
            return nil
        }
        let since = candidateSince ?? date
        candidateSince = since
        let dwell = isPaused ? thresholds.resumeAfter : thresholds.pauseAfter
        guard date.timeIntervalSince(since) >= dwell else { return nil }
        isPaused.toggle()
        candidateSince = nil
        return (isPaused ? .motionPaused : .motionResumed, since)
    }
}
