import Foundation
import Testing
import WorkoutClub

/// The throttle's lockout lengths (the counting itself is the club's, in its database: `ClubTests`).
@Suite struct LoginThrottleTests {
    @Test func eachLockoutLastsTwiceTheOneBeforeUpToTheLongest() {
        let throttle = LoginThrottle(allowedFailures: 2, firstLockout: 60, longestLockout: 600)
        #expect((0..<7).map(throttle.lockoutLength(afterLockouts:)) == [60, 120, 240, 480, 600, 600, 600])
        #expect(throttle.growingLengths == [60, 120, 240, 480])
        #expect(throttle.lockoutLength(afterLockouts: 1_000) == 600 && throttle.lockoutLength(afterLockouts: -1) == 60)
        #expect(LoginThrottle(firstLockout: 60, longestLockout: 60).growingLengths == [])
    }
}
