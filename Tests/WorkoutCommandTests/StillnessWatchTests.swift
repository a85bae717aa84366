import Foundation
import OpenHealthKit
import Testing
@testable import workout

/// How long a rider has stood still, as `record --finish-after-stop` judges it.
@Suite struct StillnessWatchTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func movingAtTheResumeSpeedResetsTheStillness() {
        var watch = StillnessWatch(thresholds: .default(for: .cycling), since: start)
        #expect(watch.stillFor(at: start + 30) == 30)
        watch.take(speed: 6, paused: false, at: start + 30)
        #expect(watch.stillFor(at: start + 30) == 0)
        // Under the resume speed (2 m/s for cycling) is standing still, however long it lasts.
        for second in 31...100 { watch.take(speed: 1.5, paused: false, at: start + Double(second)) }
        #expect(watch.stillFor(at: start + 100) == 70)
    }

    @Test func noSpeedOrAPausedWorkoutIsStandingStill() {
        var watch = StillnessWatch(thresholds: .default(for: .running), since: start)
        watch.take(speed: nil, paused: false, at: start + 10)
        watch.take(speed: 3, paused: true, at: start + 20)
        #expect(watch.stillFor(at: start + 20) == 20)
        watch.take(speed: 3, paused: false, at: start + 25)
        #expect(watch.stillFor(at: start + 40) == 15)
    }

    @Test func aReadingFromBeforeTheLastMoveDoesNotMoveItBack() {
        var watch = StillnessWatch(thresholds: .default(for: .cycling), since: start)
        watch.take(speed: 8, paused: false, at: start + 50)
        watch.take(speed: 8, paused: false, at: start + 40)
        #expect(watch.lastMoving == start + 50)
    }
}
