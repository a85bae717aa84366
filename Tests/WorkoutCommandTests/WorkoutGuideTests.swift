import Foundation
import OpenHealthKit
import PlanGuidance
import Testing
import WorkoutFormats
@testable import workout

/// A recording's guidance through a structured workout, snapshot by snapshot, as `record --workout` feeds it: the
/// workout line the dashboard draws, what it logs, the laps it asks for and the summary at the end.
@Suite struct WorkoutGuideTests {
    /// 2 min at 88–93 % of 250 W, 1 km recovery at 150 W (± 5 %), then until lap at 90 rpm.
    static let plan = WorkoutPlan(name: "Test", blocks: [
        .step(.init(name: "Sweet spot", extent: .time(120), target: .power(low: .ftp(0.88), high: .ftp(0.93)))),
        .step(.init(intensity: .recovery, extent: .distance(1_000), target: .power(low: .watts(150), high: .watts(150)))),
        .step(.init(intensity: .cooldown, extent: .open, target: .cadence(low: 85, high: 95))),
    ])

    static func snapshot(_ second: Int, power: Double, cadence: Double = 90, state: LiveSnapshot.State = .running) -> LiveSnapshot {
        var snapshot = LiveSnapshot(state: state, activity: "cycling", showsPace: false, date: Date(timeIntervalSince1970: 1_790_000_000 + Double(second)))
        snapshot.elapsedSeconds = Double(second)
        snapshot.distanceMeters = 10 * Double(second)
        snapshot.power = power
        snapshot.cadence = cadence
        snapshot.speed = 10
        return snapshot
    }

    @Test func theLineTellsTheStepItsTargetTheValueAndWhatIsLeft() throws {
        var guide = try WorkoutGuide(plan: Self.plan, athlete: PlanAthlete(functionalThresholdPower: 250))
        var messages: [String] = [], laps: [Int] = []
        for second in 0...250 {
            // 226 W, except 200 W from 60 s to 79 s.
            let taken = guide.take(Self.snapshot(second, power: (60..<80).contains(second) ? 200 : second >= 120 ? 150 : 226))
            messages += taken.messages
            if taken.newStep { laps.append(second) }
            if second == 30 {
                #expect(guide.line == "STEP 1/3 Sweet spot  220–233 W  now 226 ok  1:30 left  next: Recovery 143–158 W")
            }
            if second == 70 {
                #expect(guide.line == "STEP 1/3 Sweet spot  220–233 W  now 200 LOW  0:50 left  next: Recovery 143–158 W")
            }
            if second == 150 { #expect(guide.line == "STEP 2/3 Recovery  143–158 W  now 150 ok  700 m left  next: Cooldown 85–95 rpm") }
        }
        // The 3-s power is under 220 W from 60 s (226, 226, 200): five seconds later an alert; back at 82 s. 1 km from 1,200 m is 220 s.
        #expect(laps == [120, 220])
        #expect(messages == [
            "step 1/3: Sweet spot, 2:00 at 220–233 W",
            "below target: 200 against 220–233 W",
            "back in target",
            "step 2/3: Recovery, 1.00 km at 143–158 W",
            "step 3/3: Cooldown, lap at 85–95 rpm",
        ])
        #expect(guide.line == "STEP 3/3 Cooldown  85–95 rpm  now 90 ok  lap ends it")
        // A paused session's snapshots move nothing.
        #expect(guide.take(Self.snapshot(300, power: 0, cadence: 0, state: .paused)).messages.isEmpty)
        #expect(guide.lap() == ["workout done: Test"])
        #expect(guide.line == "WORKOUT DONE  Test")
        #expect(guide.summary == [
            "workout Test: 3 of 3 steps, 90 % in target",
            "  1  2:00  Sweet spot  220–233 W  80 % in target  average 222 W  1 alert",
            "  2  1:40  Recovery  143–158 W  100 % in target  average 150 W",
            "  3  0:30  Cooldown  85–95 rpm  100 % in target  average 90 rpm",
        ])
    }

    @Test func aTargetTheAthleteHasNoFigureForIsToldBeforeRecording() {
        #expect(throws: RecordingsError.self) { _ = try WorkoutGuide(plan: Self.plan, athlete: PlanAthlete()) }
    }
}
