import Foundation
import RideUploads
import Testing

@Suite struct UploadJobTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func failuresWaitThirtySecondsDoublingToAnHourThenGiveUp() {
        let policy = UploadRetryPolicy.standard
        var job = UploadJob(workoutID: UUID(), destination: .strava, now: start)
        var waits: [TimeInterval] = []
        var now = start
        while !job.state.isFinished {
            job = policy.after(.unreachable("no network"), job, now: now)
            if !job.state.isFinished { waits.append(job.nextAttempt.timeIntervalSince(now)) }
            now = job.nextAttempt
        }
        #expect(waits == [30, 60, 120, 240, 480, 960, 1_920, 3_600, 3_600])
        #expect(job.attempts == 10)
        guard case .failed(let reason) = job.state else { Issue.record("not failed: \(job.state)"); return }
        #expect(reason == "10 attempts failed, the last: no network")
    }

    @Test func aRateLimitWaitsWithoutCountingAnAttempt() {
        let job = UploadJob(workoutID: UUID(), destination: .strava, now: start)
        let after = UploadRetryPolicy.standard.after(.rateLimited(retryAt: start.addingTimeInterval(500), detail: "limit"), job, now: start)
        #expect(after.attempts == 0 && after.state == .queued && after.nextAttempt == start.addingTimeInterval(500))
        #expect(after.isDue(at: start.addingTimeInterval(499)) == false && after.isDue(at: start.addingTimeInterval(500)))
    }

    @Test func aRejectedRideFailsAtOnceAndRefusedCredentialsLeaveItQueued() {
        let job = UploadJob(workoutID: UUID(), destination: .intervals, now: start)
        let rejected = UploadRetryPolicy.standard.after(.rejected("unreadable file"), job, now: start)
        #expect(rejected.state == .failed(reason: "unreadable file"))
        let refused = UploadRetryPolicy.standard.after(.credentialsRefused("bad key"), job, now: start)
        #expect(refused.state == .queued && refused.attempts == 0 && refused.lastProblem == "bad key")
    }

    @Test func theExternalIDIsTheSameForEveryAttempt() {
        let id = UUID(uuidString: "9A1E0C52-6D7B-4C1A-8F3E-2B5D7C9E1F00")!
        let ride = RideUpload(workoutID: id, name: "Ride", fit: Data())
        #expect(ride.externalID == "openhealthkit-9a1e0c52-6d7b-4c1a-8f3e-2b5d7c9e1f00")
        #expect(ride.fileName == "9a1e0c52-6d7b-4c1a-8f3e-2b5d7c9e1f00.fit")
    }
}
