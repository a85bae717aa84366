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
        // Level for 1 km, then 10 km at 8 %: 800 m of gain, a score of 80,000: beyond category.
        let alpe = Plane.course([(0, 0), (0, 13_000)], altitude: { along in 700 + 0.08 * min(10_000, max(0, along - 1_000)) })
        #expect(Climb.climbs(of: alpe).map(\.category) == ["HC"])
        #expect(abs((Climb.climbs(of: alpe).first?.gain ?? 0) - 800) < 0.5)
        // A level road with ±2 m of altitude noise, from a fixed sequence: no climb.
        var state: UInt64 = 42
        let noisy = Plane.course([(0, 0), (0, 10_000)], altitude: { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 20 + Double(state >> 33) / Double(UInt64(1) << 31) * 4 - 2
        })
        #expect(Climb.climbs(of: noisy).isEmpty)
    }
}
