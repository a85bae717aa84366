import Foundation
import Testing
import WorkoutClub

/// The throttle on its own, on a time the tests set.
@Suite struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func theFifthWrongPasswordLocksForAMinute() {
        var throttle = LoginThrottle()
        for second in 0..<4 { #expect(throttle.failed("ada", at: start + Double(second)) == nil) }
        #expect(throttle.lockedUntil("ada", at: start + 4) == nil)
        #expect(throttle.failed("ada", at: start + 4) == start + 64)
        #expect(throttle.lockedUntil("ada", at: start + 63.9) == start + 64)
        #expect(throttle.lockedUntil("ada", at: start + 64) == nil)
        #expect(throttle.lockedUntil("bob", at: start + 5) == nil, "one name's lockout is its own")
    }

    @Test func wrongPasswordsFurtherApartThanTheWindowDoNotAddUp() {
        var throttle = LoginThrottle(window: 900)
        for attempt in 0..<20 { #expect(throttle.failed("ada", at: start + Double(attempt) * 300) == nil, "attempt \(attempt)") }
    }

    @Test func eachLockoutLastsTwiceTheOneBeforeUpToTheLongest() {
        var throttle = LoginThrottle(allowedFailures: 2, firstLockout: 60, longestLockout: 600)
        var now = start
        var lengths: [TimeInterval] = []
        for _ in 0..<7 {
            _ = throttle.failed("ada", at: now)
            let until = throttle.failed("ada", at: now)
            lengths.append(until.map { $0.timeIntervalSince(now) } ?? -1)
            now = until ?? now
        }
        #expect(lengths == [60, 120, 240, 480, 600, 600, 600])
    }

    @Test func theRightPasswordStartsTheCountOver() {
        var throttle = LoginThrottle(allowedFailures: 3)
        _ = throttle.failed("ada", at: start)
        _ = throttle.failed("ada", at: start)
        throttle.succeeded("ada")
        #expect(throttle.failed("ada", at: start) == nil)
        #expect(throttle.failed("ada", at: start) == nil)
        #expect(throttle.failed("ada", at: start) != nil)
    }

    /// A flood of made-up names keeps the memory bounded and forgets the names with nothing left to hold first.
    @Test func manyNamesAreBoundedByTheCapacity() {
        var throttle = LoginThrottle(allowedFailures: 2, capacity: 100)
        _ = throttle.failed("ada", at: start)
        #expect(throttle.failed("ada", at: start) != nil)
        for index in 0..<10_000 { _ = throttle.failed("name\(index)", at: start + 3_600 + Double(index) * 0.01) }
        #expect(throttle.count <= 100)
        #expect(throttle.lockedUntil("name9999", at: start + 3_700) == nil)
        var later = throttle
        #expect(later.failed("name9999", at: start + 3_700) != nil, "the newest names are still counted")
    }
}
