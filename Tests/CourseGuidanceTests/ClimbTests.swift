import Foundation
import Testing
import CourseGuidance

@Suite struct ClimbTests {
    @Test func aFivePercentRiseOfThreeKilometresIsOneCategoryFourClimb() {
        // 10 km north: level at 100 m to 2 km, rising 5 % to 250 m at 5 km, level after.
        let course = Plane.course([(0, 0), (0, 10_000)], altitude: { along in 100 + 0.05 * min(3_000, max(0, along - 2_000)) })
        let climbs = Climb.climbs(of: course)
        #expect(climbs.count == 1)
        let climb = climbs[0]
        // The 300-m moving mean starts the rise 150 m early and ends it 150 m late; the gain and the score
        // (length × grade = gain × 100) do not change: 150 m, 15,000, category 4 (8,000 to 16,000).
        #expect(abs(climb.gain - 150) < 0.5 && abs(climb.score - 15_000) < 50, "\(climb)")
        #expect((1_800...2_000).contains(climb.start) && (5_000...5_200).contains(climb.end), "\(climb)")
        #expect(climb.category == "4")
    }

    @Test func aLongSteepClimbIsBeyondCategoryAndNoiseIsNone() {
        // Level for 1 km, then 10 km at 8.5 %: 850 m of gain, a score of 85,000: beyond category (from 80,000).
        let alpe = Plane.course([(0, 0), (0, 13_000)], altitude: { along in 700 + 0.085 * min(10_000, max(0, along - 1_000)) })
        #expect(Climb.climbs(of: alpe).map(\.category) == ["HC"])
        #expect(abs((Climb.climbs(of: alpe).first?.gain ?? 0) - 850) < 0.5)
        // A climb from the course's very first point: 10 km at 6 % from the start, +600 m. The first smoothed altitude is
        // the mean of seven samples 50 m apart, the start's standing in for the three before it: 200 + (3 + 6 + 9) / 7,
        // so 600 − 18/7 = 597.43 m are counted (truncating the window instead would count 595.5).
        let fromTheStart = Plane.course([(0, 0), (0, 12_000)], altitude: { along in 200 + 0.06 * min(10_000, along) })
        #expect(abs((Climb.climbs(of: fromTheStart).first?.gain ?? 0) - (600 - 18.0 / 7)) < 0.01, "\(Climb.climbs(of: fromTheStart))")
        // A level road with ±2 m of altitude noise, from a fixed sequence: no climb.
        var state: UInt64 = 42
        let noisy = Plane.course([(0, 0), (0, 10_000)], altitude: { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 20 + Double(state >> 33) / Double(UInt64(1) << 31) * 4 - 2
        })
        #expect(Climb.climbs(of: noisy).isEmpty)
    }
}
