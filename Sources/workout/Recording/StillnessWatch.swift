import Foundation
import OpenHealthKit

/// How long a rider has stood still, for `workout record --finish-after-stop`: moving is a speed at or above the
/// activity's auto-pause resume speed while the workout runs; anything else (a lower speed, no speed heard, the
/// workout paused) is standing still.
struct StillnessWatch {
    let thresholds: AutoPauseDetector.Thresholds
    /// The last moment the rider was moving (the start, before any reading).
    private(set) var lastMoving: Date

    /// A watch that counts stillness from `since`.
    init(thresholds: AutoPauseDetector.Thresholds, since: Date) {
        self.thresholds = thresholds
        lastMoving = since
    }

    /// Takes the current speed (metres per second, `nil` when no source has one now) and whether the workout is paused.
    mutating func take(speed: Double?, paused: Bool, at date: Date) {
        guard !paused, let speed, speed >= thresholds.resumeAtOrAbove else { return }
        lastMoving = max(lastMoving, date)
    }

    /// Seconds since the rider last moved.
    func stillFor(at date: Date) -> TimeInterval { max(0, date.timeIntervalSince(lastMoving)) }
}
