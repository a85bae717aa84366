import ClubArchive
import Foundation
import RideUploads
import TestSupport
import Testing
import WorkoutClub

/// The club's queue of rides sent on to Strava and intervals.icu, on SQLite and a real PostgreSQL: a job per new
/// workout and account, claimed by one server process at a time, let go when its claim lapses.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubForwardTests {
    static let intervals = UploadAccount.intervals(IntervalsAccount(athleteID: "i42", apiKey: "k"))
    static let strava = UploadAccount.strava(StravaAccount(clientID: "1", clientSecret: "s", refreshToken: "r0"))

    @Test(arguments: ClubBackend.available)
    func eachNewWorkoutIsQueuedForEachServiceItsAthleteForwardsTo(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        let before = try SampleWorkout.archive(seconds: 60)
        _ = try await club.store(before, owner: ada.id)
        try await club.setForward(Self.intervals, for: ada.id)
        try await club.setForward(Self.strava, for: ada.id)
        #expect(try await club.forwards(of: ada.id) == [Self.strava, Self.intervals].sorted { $0.destination.rawValue < $1.destination.rawValue })
        let ride = try SampleWorkout.archive(seconds: 60)
        #expect(try await club.store(ride, owner: ada.id) == .stored)
        // Sent again: stored once, queued once.
        #expect(try await club.store(ride, owner: ada.id) == .alreadyStored)
        _ = try await club.store(try SampleWorkout.archive(seconds: 60), owner: bob.id)
        let jobs = try await club.forwardJobs(of: ada.id)
        #expect(Set(jobs.map { "\($0.job.workoutID)/\($0.job.destination.rawValue)" }) == ["\(ride.id)/strava", "\(ride.id)/intervals"],
                "the workout stored before forwarding began is not sent, nor bob's")
        #expect(jobs.allSatisfy { $0.job.state == .queued && $0.athleteID == ada.id })
        #expect(try await club.forwardJobs(of: bob.id).isEmpty)
        await club.database.close()
    }

    @Test(arguments: ClubBackend.available)
    func twoServerProcessesNeverHoldOneJobAndALapsedClaimIsTakenAgain(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let clubs = try await backend.clubs(2, clock: clock)
        let ada = try await clubs[0].addAthlete(name: "ada", password: "correct horse")
        try await clubs[0].setForward(Self.intervals, for: ada.id)
        for _ in 0..<12 { _ = try await clubs[0].store(try SampleWorkout.archive(seconds: 30), owner: ada.id) }
        // Both processes claim at once, again and again, until nothing is due.
        async let first = Self.claimAll(clubs[0])
        async let second = Self.claimAll(clubs[1])
        let (a, b) = try await (first, second)
        #expect(a.count + b.count == 12 && Set(a).isDisjoint(with: Set(b)), "\(a.count) and \(b.count), overlapping \(Set(a).intersection(Set(b)))")
        #expect(try await clubs[1].claimForwardJobs().isEmpty, "all held")
        // One is sent and kept; another's process dies: its claim lapses after the lease and it is due again.
        var sent = try #require(try await clubs[0].forwardJobs(of: ada.id).first?.job)
        sent.state = .done(activityID: "i1", duplicate: false)
        try await clubs[0].keepForwardJob(sent)
        clock.advance(by: 301)
        let again = try await clubs[1].claimForwardJobs(limit: 100)
        #expect(again.count == 11 && !again.contains { $0.job.workoutID == sent.workoutID }, "\(again.count)")
        // A job waiting for its next try is not due before it.
        var waiting = again[0].job
        waiting = UploadRetryPolicy.standard.after(.unreachable("down"), waiting, now: clock.date)
        try await clubs[1].keepForwardJob(waiting)
        clock.advance(by: 301)
        let third = try await clubs[0].claimForwardJobs(limit: 100)
        #expect(third.count == 11 && third.first { $0.job.workoutID == waiting.workoutID }?.job.attempts == 1)
        for club in clubs { await club.database.close() }
    }

    @Test(arguments: ClubBackend.available)
    func removingAForwardDropsWhatWasNotSentThereAndKeepsTheRest(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        try await club.setForward(Self.intervals, for: ada.id)
        try await club.setForward(Self.strava, for: ada.id)
        let sentRide = try SampleWorkout.archive(seconds: 30), waitingRide = try SampleWorkout.archive(seconds: 30)
        _ = try await club.store(sentRide, owner: ada.id)
        _ = try await club.store(waitingRide, owner: ada.id)
        var sent = UploadJob(workoutID: sentRide.id, destination: .strava, now: club.now())
        sent.state = .done(activityID: "77", duplicate: false)
        try await club.keepForwardJob(sent)
        // Strava rotated the refresh token: kept.
        try await club.keepForwardAccount(.strava(StravaAccount(clientID: "1", clientSecret: "s", refreshToken: "r1")), for: ada.id)
        guard case .strava(let kept)? = try await club.forwards(of: ada.id).first(where: { $0.destination == .strava }) else {
            Issue.record("no Strava account")
            return
        }
        #expect(kept.refreshToken == "r1")
        #expect(try await club.removeForward(.strava, of: ada.id))
        #expect(try await club.removeForward(.strava, of: ada.id) == false)
        let left = try await club.forwardJobs(of: ada.id).map { "\($0.job.destination) \($0.job.state == .queued ? "queued" : "done")" }.sorted()
        #expect(left == ["Strava done", "intervals.icu queued", "intervals.icu queued"], "\(left)")
        await club.database.close()
    }

    static func claimAll(_ club: Club) async throws -> [UUID] {
        var claimed: [UUID] = []
        while true {
            let jobs = try await club.claimForwardJobs(limit: 2)
            if jobs.isEmpty { return claimed }
            claimed += jobs.map(\.job.workoutID)
        }
    }
}
