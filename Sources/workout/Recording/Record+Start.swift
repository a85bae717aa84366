import Foundation
import OpenHealthKit
import WorkoutSources
import GPSDReceiver

extension Record {
    /// Waits for the rider (`--wait-for-rider`): the receiver's first moment of moving off, or a start from the keys or
    /// the live page. Returns when the workout starts, or `nil` when the rider finished (q, SIGINT, SIGTERM) first.
    func riderStart(gps: GPSDSource?, activity: HKWorkoutActivityType, wakes: RecordWakes, clock: any WorkoutClock,
                    display: RecordDisplay) async -> Date? {
        let thresholds = AutoPauseDetector.Thresholds.default(for: activity)
        let how = [gps.map { _ in "moving off (\(formatNumber(thresholds.resumeAtOrAbove * 3.6)) km/h for \(formatNumber(thresholds.resumeAfter)) s)" },
                   display.plain ? nil : "s or space", serve.map { _ in "the live page's Start button" }].compactMap { $0 }
        display.log("waiting for the rider: the workout starts on " + (how.isEmpty ? "SIGINT or SIGTERM only, which stop it" : how.joined(separator: " or ")))
        let watch = gps.map { gps in
            Task {
                if let moved = await gps.movementStart(thresholds) { wakes.push(.moved(moved)) }
            }
        }
        defer { watch?.cancel() }
        for await wake in wakes.stream {
            switch wake {
            case .command(.start), .command(.pauseOrResume):
                display.log("started by the rider")
                return clock.now
            case .command(.finish):
                return nil
            case .moved(let date):
                // The moment of moving off, on the receiver's time, unless the clock has not followed it.
                let now = clock.now
                display.log("the rider moved off")
                return abs(now.timeIntervalSince(date)) < 30 ? min(date, now) : now
            default:
                continue
            }
        }
        return nil
    }
}
