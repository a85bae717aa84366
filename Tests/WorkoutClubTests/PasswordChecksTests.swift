import Dispatch
import Foundation
import Testing
@testable import WorkoutClub

/// Password checks run off the cooperative threads, a bounded number at once, with a bounded backlog.
@Suite(.timeLimit(.minutes(10))) struct PasswordChecksTests {
    @Test func checksPastTheBacklogAreRefusedAtOnceAndTheOthersFinish() async throws {
        let checks = PasswordChecks(width: 1, backlog: 1)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let first = Task { await checks.run { started.signal(); gate.wait(); return 1 } }
        // Waits for the first check to hold the only lane, off the cooperative threads.
        await withCheckedContinuation { continuation in DispatchQueue.global().async { started.wait(); continuation.resume() } }
        let second = Task { await checks.run { 2 } }
        // The second waits its turn; then a third finds the backlog full.
        let deadline = ContinuousClock.now + .seconds(30)
        while checks.admittedCount < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try #require(checks.admittedCount == 2)
        let third = await checks.run { 3 }
        #expect(third == nil, "a third check was taken while one ran and one waited")
        gate.signal()
        #expect(await first.value == 1)
        #expect(await second.value == 2)
        #expect(await checks.run { 4 } == 4, "the lanes are free again")
    }
}
