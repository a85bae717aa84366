import ClubArchive
import Foundation
import TestSupport
import Testing
@testable import WorkoutClub
import WorkoutFormats
import WorkoutCatalog
import TrainingMetrics
import OpenHealthKit

/// The club's logic on both databases: the same tests against an SQLite file and a real PostgreSQL.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubTests {
    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup and .ci/run install it): the club's tests ran on SQLite only"))
    func postgresIsThereForTheOtherHalf() throws {
        #expect(PostgresCluster.shared != nil, "PostgreSQL is installed but its cluster did not start")
    }

    @Test(arguments: ClubBackend.available)
    func migrationsApplyOnceEvenWhenTwoServersOpenANewDatabase(_ backend: ClubBackend) async throws {
        let database = try backend.database()
        defer { Task { await database.close() } }
        async let first = ClubSchema.migrate(database, at: Date(timeIntervalSince1970: 0))
        async let second = ClubSchema.migrate(database, at: Date(timeIntervalSince1970: 0))
        let applied = try await first + second
        #expect(applied.sorted() == Array(1...ClubSchema.latestVersion))
        #expect(try await ClubSchema.migrate(database, at: Date(timeIntervalSince1970: 0)).isEmpty)
        let versions = try await database.read("SELECT version, name FROM club_migrations")
        #expect(versions.count == ClubSchema.latestVersion)
    }

    /// A club made before the legs column (schema 1, with a workout in it) is brought up to date when opened:
    /// migration 2 alone runs, the old workout reads with no legs, and a multisport workout stored after keeps its legs.
    @Test(arguments: ClubBackend.available)
    func aClubFromTheFirstSchemaUpgradesAndKeepsItsWorkouts(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        // Back to schema 1: the column migration 2 added, and its record, taken out again.
        try await club.database.execute("ALTER TABLE workouts DROP COLUMN legs")
        try await club.database.execute("DELETE FROM club_migrations WHERE version = 2")
        let old = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_000_000))
        try await club.database.execute("""
            INSERT INTO workouts (id, athlete_id, activity, start_time, end_time, duration, pauses, record_count, facts, received_at)
            VALUES ($1, $2, 'running', $3, $4, 600, 0, 0, $5, $3)
            """, [.text(old.id.uuidString), .integer(ada.id), .date(old.summary.start), .date(old.summary.end), .text(old.factsJSON)])
        #expect(try await club.migrate() == [2])
        #expect(try await club.workouts(visibleTo: ada.id).page.map(\.summary.legs) == [nil])
        var triathlon = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_100_000), activityName: "swimBikeRun")
        triathlon.summary.legs = ["swimming", "transition", "cycling", "transition", "running"]
        _ = try await club.store(triathlon, owner: ada.id)
        let listed = try await club.workouts(visibleTo: ada.id).page
        #expect(listed.map(\.summary.legs) == [triathlon.summary.legs, nil])
        #expect(try await club.migrate().isEmpty)
    }

    @Test(arguments: ClubBackend.available)
    func aPasswordLogsInAndNothingElseDoes(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        #expect(try await club.logIn(name: "ada", password: "correct horse") == ada)
        #expect(try await club.logIn(name: "ada", password: "correct horsE") == nil)
        #expect(try await club.logIn(name: "bob", password: "correct horse") == nil)
        await #expect(throws: ClubError.nameTaken("ada")) { try await club.addAthlete(name: "ada", password: "another one") }
        let stored = try await club.database.read("SELECT password_hash FROM athletes")
        #expect(stored.first?["password_hash"].text?.hasPrefix("pbkdf2-sha256$1000$") == true)
        #expect(stored.first?["password_hash"].text?.contains("correct") == false)
    }

    /// Five wrong passwords lock the name, right password included, until the lockout ends; unknown names the same
    /// way (a lockout tells nothing of which names exist); another name is not touched.
    @Test(arguments: ClubBackend.available)
    func wrongPasswordsLockTheNameForAWhile(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        for name in ["ada", "nobody"] {
            for _ in 1...5 { #expect(try await club.logIn(name: name, password: "wrong one") == nil) }
        }
        let until = clock.date.addingTimeInterval(60)
        await #expect(throws: ClubError.tooManyAttempts(name: "ada", until: until)) { try await club.logIn(name: "ada", password: "correct horse") }
        await #expect(throws: ClubError.tooManyAttempts(name: "nobody", until: until)) { try await club.logIn(name: "nobody", password: "wrong one") }
        #expect(try await club.logIn(name: "bob", password: "battery staple") == bob)
        clock.advance(by: 60)
        #expect(try await club.logIn(name: "ada", password: "correct horse") == ada)
    }

    /// Two server processes on one database count the same wrong passwords: three on one and two on the other lock the
    /// name on both; the next lockout is twice as long; the right password starts the count over; wrong passwords further
    /// apart than the window never add up.
    @Test(arguments: ClubBackend.available)
    func twoServersOnOneDatabaseCountTheSameWrongPasswords(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let clubs = try await backend.clubs(2, clock: clock)
        let ada = try await clubs[0].addAthlete(name: "ada", password: "correct horse")
        for attempt in 0..<5 { #expect(try await clubs[attempt < 3 ? 0 : 1].logIn(name: "ada", password: "wrong one") == nil) }
        for club in clubs {
            await #expect(throws: ClubError.tooManyAttempts(name: "ada", until: clock.date.addingTimeInterval(60))) {
                try await club.logIn(name: "ada", password: "correct horse")
            }
        }
        clock.advance(by: 60)
        for attempt in 0..<5 { #expect(try await clubs[attempt % 2].logIn(name: "ada", password: "wrong one") == nil) }
        await #expect(throws: ClubError.tooManyAttempts(name: "ada", until: clock.date.addingTimeInterval(120))) {
            try await clubs[0].logIn(name: "ada", password: "correct horse")
        }
        clock.advance(by: 120)
        #expect(try await clubs[1].logIn(name: "ada", password: "correct horse") == ada)
        // Counted afresh, and lockouts start again at a minute.
        for attempt in 0..<4 { #expect(try await clubs[attempt % 2].logIn(name: "ada", password: "wrong one") == nil) }
        #expect(try await clubs[0].logIn(name: "ada", password: "correct horse") == ada)
        for _ in 0..<20 {
            clock.advance(by: 300)
            #expect(try await clubs[1].logIn(name: "ada", password: "wrong one") == nil, "five minutes apart, three within the window at most")
        }
        #expect(try await clubs[0].logIn(name: "ada", password: "correct horse") == ada)
        for _ in 0..<5 { _ = try await clubs[0].logIn(name: "ada", password: "wrong one") }
        await #expect(throws: ClubError.tooManyAttempts(name: "ada", until: clock.date.addingTimeInterval(60))) {
            try await clubs[1].logIn(name: "ada", password: "correct horse")
        }
        for club in clubs { await club.database.close() }
    }

    /// The list sorts as the one-athlete server's does, on both databases: by the figure either way, a missing
    /// figure last when the largest come first, ties newest first; the activity by code points.
    @Test(arguments: ClubBackend.available)
    func theListSortsByAnyFigureTheSameOnBothDatabases(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let day = 86_400.0, start = Date(timeIntervalSince1970: 1_789_000_000)
        var ids: [String] = []
        for (index, (seconds, activity, hasDistance)) in [(600, "running", true), (300, "cycling", true), (900, "running", false), (300, "walking", true)].enumerated() {
            var archive = try SampleWorkout.archive(start: start.addingTimeInterval(Double(index) * day), seconds: seconds, activityName: activity)
            if !hasDistance { archive.summary.distanceMeters = nil }
            _ = try await club.store(archive, owner: ada.id)
            ids.append(archive.id.uuidString)
        }
        func listed(_ key: ClubListOrder.Key, descending: Bool) async throws -> [Int] {
            try await club.workouts(visibleTo: ada.id, order: ClubListOrder(key, descending: descending)).page.map { ids.firstIndex(of: $0.summary.id) ?? -1 }
        }
        #expect(try await club.workouts(visibleTo: ada.id).page.map { ids.firstIndex(of: $0.summary.id) ?? -1 } == [3, 2, 1, 0])
        #expect(try await listed(.distance, descending: true) == [0, 3, 1, 2])
        #expect(try await listed(.distance, descending: false) == [2, 3, 1, 0])
        #expect(try await listed(.activity, descending: false) == [1, 2, 0, 3])
        #expect(try await listed(.duration, descending: true) == [2, 0, 3, 1])
        #expect(try await listed(.start, descending: false) == [0, 1, 2, 3])
        #expect(try await club.workouts(visibleTo: ada.id, order: ClubListOrder(.distance, descending: true), limit: 2, offset: 2).page.map(\.summary.id) == [ids[1], ids[2]])
    }

    /// An uploaded file's workout is found again by its owner, activity and starting second (whoever sent it),
    /// and gets a UUID of its own that the same file always gets.
    @Test(arguments: ClubBackend.available)
    func theSameWorkoutIsFoundByItsOwnerActivityAndStartingSecond(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        let start = Date(timeIntervalSince1970: 1_789_990_000)
        let archive = try SampleWorkout.archive(start: start)
        _ = try await club.store(archive, owner: ada.id)
        #expect(try await club.workout(ownedBy: ada.id, activity: "running", startingAt: start.addingTimeInterval(0.3))?.summary.id == archive.id.uuidString)
        #expect(try await club.workout(ownedBy: ada.id, activity: "running", startingAt: start.addingTimeInterval(1)) == nil)
        #expect(try await club.workout(ownedBy: ada.id, activity: "cycling", startingAt: start) == nil)
        #expect(try await club.workout(ownedBy: bob.id, activity: "running", startingAt: start) == nil)
        let id = Club.uploadedWorkoutID(owner: ada.id, activity: "running", start: start.addingTimeInterval(0.4))
        #expect(id == Club.uploadedWorkoutID(owner: ada.id, activity: "running", start: start))
        #expect(Set([id, Club.uploadedWorkoutID(owner: bob.id, activity: "running", start: start), Club.uploadedWorkoutID(owner: ada.id, activity: "cycling", start: start),
                     Club.uploadedWorkoutID(owner: ada.id, activity: "running", start: start.addingTimeInterval(1))]).count == 4)
        #expect(id.uuidString.dropFirst(14).first == "8", "version 8: name-based")
    }

    /// Two server processes in front of one database, each hearing it as a server does: a token revoked, or its
    /// account removed, on one stops on the other at once; on PostgreSQL a token found is kept (a change made
    /// behind the club's back is not seen), on SQLite never.
    @Test(arguments: ClubBackend.available)
    func aTokenRevokedOnOneServerProcessStopsOnTheOthersAtOnce(_ backend: ClubBackend) async throws {
        let clubs = try await backend.clubs(2)
        let (a, b) = (clubs[0], clubs[1])
        let listeners = clubs.map { club in
            Task { for await notice in club.database.notifications(on: Club.liveChannel) { club.heard(notice) } }
        }
        defer { listeners.forEach { $0.cancel() } }
        #expect(try await eventually(every: .milliseconds(20), within: .seconds(60)) { clubs.allSatisfy { $0.tokenCache.isTrusted == (backend == .postgres) } })
        let ada = try await a.addAthlete(name: "ada", password: "correct horse")
        let bob = try await a.addAthlete(name: "bob", password: "battery staple")
        let bike = try await a.issueToken(for: ada.id, label: "bike"), phone = try await a.issueToken(for: ada.id, label: "phone")
        let bobs = try await a.issueToken(for: bob.id, label: "bike")
        for token in [bike.secret, phone.secret] { #expect(try await b.athlete(forToken: token) == ada) }
        #expect(try await b.athlete(forToken: bobs.secret) == bob)
        // Behind the club's back (no notification): kept on PostgreSQL, looked up each time on SQLite.
        try await a.database.execute("UPDATE api_tokens SET revoked_at = $1 WHERE id = $2", [.date(a.now()), .integer(phone.token.id)])
        #expect(try await b.athlete(forToken: phone.secret) == (backend == .postgres ? ada : nil))
        #expect(try await a.revokeToken(bike.token.id))
        #expect(try await eventually(every: .milliseconds(20), within: .seconds(10)) { try await b.athlete(forToken: bike.secret) == nil })
        #expect(try await b.athlete(forToken: phone.secret) == nil, "every token kept is forgotten")
        #expect(try await b.athlete(forToken: bobs.secret) == bob, "and found again")
        #expect(try await a.removeAthlete(bob.id, keepingWorkouts: true))
        #expect(try await eventually(every: .milliseconds(20), within: .seconds(10)) { try await b.athlete(forToken: bobs.secret) == nil })
    }

    @Test(arguments: ClubBackend.available)
    func anExpiredOrRevokedTokenOpensNothing(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bike = try await club.issueToken(for: ada.id, label: "bike pi", expiresAt: clock.date.addingTimeInterval(3_600))
        let ci = try await club.issueToken(for: ada.id, label: "ci")
        #expect(try await club.athlete(forToken: bike.secret) == ada)
        #expect(try await club.athlete(forToken: ci.secret) == ada)
        #expect(try await club.revokeToken(ci.token.id))
        #expect(try await club.athlete(forToken: ci.secret) == nil, "revoked")
        #expect(try await club.revokeToken(ci.token.id) == false, "revoked once")
        clock.advance(by: 3_601)
        #expect(try await club.athlete(forToken: bike.secret) == nil, "expired")
        #expect(try await club.athlete(forToken: "ohk_" + String(bike.secret.dropFirst(4).reversed())) == nil)
        let hashes = try await club.database.read("SELECT token_hash FROM api_tokens").compactMap { $0["token_hash"].text }
        #expect(!hashes.contains(bike.secret) && hashes.allSatisfy { $0.count == 64 }, "only hashes are kept")
        #expect(try await club.tokens(of: ada.id).map(\.label) == ["bike pi", "ci"])
    }

    @Test(arguments: ClubBackend.available)
    func aWorkoutSentManyTimesAtOnceIsStoredOnceWithEverySample(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let archive = try SampleWorkout.archive(seconds: 3_600)
        let outcomes = try await withThrowingTaskGroup(of: StoreOutcome.self) { group in
            for _ in 0..<8 { group.addTask { try await club.store(archive, owner: ada.id) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .stored }.count == 1 && outcomes.filter { $0 == .alreadyStored }.count == 7, "\(outcomes)")
        #expect(try await club.store(archive, owner: ada.id) == .alreadyStored)
        let rows = try await club.database.read("SELECT COUNT(*) AS total FROM workouts")
        #expect(rows.first?["total"].integer == 1)
        let counts = try await club.seriesCounts(of: archive.id)
        #expect(counts[.time] == 3_600 && counts[.heartRate] == 3_600 && counts[.latitude] == 3_600 && counts[.heartbeatSeconds] == 50, "\(counts)")
        let back = try #require(try await club.archive(archive.id, visibleTo: ada.id))
        #expect(back.activity == archive.activity, "every reading, lap, event and marker comes back exactly")
        // The summary sent, with the best efforts the club computed as it stored it.
        var sent = archive.summary
        sent.efforts = back.summary.efforts
        #expect(back.summary == sent)
        #expect(back.summary.efforts?.fastest[10_000] != nil, "an 11.5-km run has a fastest 10 km")
        let laps = try #require(try await club.laps(of: archive.id, visibleTo: ada.id))
        #expect(laps.map(\.trigger) == ["distance", "sessionEnd"] && laps.map(\.averageHeartRate) == [140, 141])
    }

    @Test(arguments: ClubBackend.available)
    func anAthleteSeesOnlyTheirOwnUnlessTheyShareWithAGroup(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "correct horse")
        let cy = try await club.addAthlete(name: "cy", password: "correct horse")
        let adas = try SampleWorkout.archive()
        let bobs = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_995_000))
        #expect(try await club.store(adas, owner: ada.id) == .stored)
        #expect(try await club.store(bobs, owner: bob.id) == .stored)
        #expect(try await club.store(adas, owner: bob.id) == .ownedByAnother, "a UUID of another's workout changes nothing")
        #expect(try await club.workout(adas.id, visibleTo: bob.id) == nil)
        #expect(try await club.archive(adas.id, visibleTo: bob.id) == nil)
        #expect(try await club.laps(of: adas.id, visibleTo: bob.id) == nil)
        #expect(try await club.deleteWorkout(adas.id, owner: bob.id) == false)
        #expect(try await club.workouts(visibleTo: bob.id).page.map(\.summary.id) == [bobs.id.uuidString])

        let squad = try await club.addGroup(named: "Tuesday squad")
        try await club.join(squad.id, athlete: ada.id, sharesWorkouts: true)
        try await club.join(squad.id, athlete: bob.id, role: .coach, sharesWorkouts: false)
        #expect(try await club.workout(adas.id, visibleTo: bob.id)?.athleteName == "ada", "shared with bob's group")
        #expect(try await club.workout(bobs.id, visibleTo: ada.id) == nil, "bob does not share")
        #expect(try await club.workout(adas.id, visibleTo: cy.id) == nil, "cy is not in the group")
        #expect(try await club.workouts(visibleTo: bob.id).matching == 2)
        #expect(try await club.deleteWorkout(adas.id, owner: bob.id) == false, "seeing is not changing")
        #expect(try await club.deleteWorkout(adas.id, owner: ada.id))
        #expect(try await club.seriesCounts(of: adas.id).isEmpty, "its series went with it")
    }

    @Test(arguments: ClubBackend.available)
    func theSquadAddsUpEachSharingMembersWeek(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "correct horse")
        let cy = try await club.addAthlete(name: "cy", password: "correct horse")
        let week = Date(timeIntervalSince1970: 1_789_948_800)
        for day in 0..<3 { _ = try await club.store(try SampleWorkout.archive(start: week.addingTimeInterval(Double(day) * 86_400 + 3_600)), owner: ada.id) }
        _ = try await club.store(try SampleWorkout.archive(start: week.addingTimeInterval(-86_400)), owner: ada.id)
        _ = try await club.store(try SampleWorkout.archive(start: week.addingTimeInterval(3_600)), owner: cy.id)
        let group = try await club.addGroup(named: "club")
        try await club.join(group.id, athlete: ada.id, sharesWorkouts: true)
        try await club.join(group.id, athlete: bob.id, role: .coach, sharesWorkouts: false)
        #expect(try await club.squad(group.id, viewer: cy.id, from: week, to: week.addingTimeInterval(7 * 86_400)) == nil, "not a member")
        let rows = try #require(try await club.squad(group.id, viewer: bob.id, from: week, to: week.addingTimeInterval(7 * 86_400)))
        #expect(rows.map(\.name) == ["ada", "bob"])
        #expect(rows[0].workouts == 3 && rows[0].distanceMeters == 3 * 600 * 3.2 && rows[0].durationSeconds == 3 * 590)
        #expect(rows[1].workouts == 0 && rows[1].lastWorkout == nil)
        #expect(rows[1].role == .coach && rows[0].role == .member && rows[0].sharesWorkouts)
        // cy joins without sharing: listed for everyone, her figures seen by the coach only.
        try await club.join(group.id, athlete: cy.id, sharesWorkouts: false)
        let byCoach = try #require(try await club.squad(group.id, viewer: bob.id, from: week, to: week.addingTimeInterval(7 * 86_400)))
        let cyForCoach = try #require(byCoach.first { $0.name == "cy" })
        #expect(cyForCoach.visible && cyForCoach.workouts == 1 && !cyForCoach.sharesWorkouts)
        let byAda = try #require(try await club.squad(group.id, viewer: ada.id, from: week, to: week.addingTimeInterval(7 * 86_400)))
        let cyForAda = try #require(byAda.first { $0.name == "cy" })
        #expect(!cyForAda.visible && cyForAda.workouts == 0, "a member sees that cy does not share, and nothing of hers")
        #expect(try await club.workouts(visibleTo: bob.id).page.contains { $0.athleteName == "cy" }, "the coach sees every member's workouts")
        #expect(try await club.workouts(visibleTo: ada.id).page.allSatisfy { $0.athleteName != "cy" })
    }

    @Test(arguments: ClubBackend.available)
    func sqlInEveryValueIsKeptAsTextAndChangesNothing(_ backend: ClubBackend) async throws {
        // Every attack is also a wrong password for ada: let them all through the throttle.
        let club = try await backend.club(throttle: LoginThrottle(allowedFailures: 1_000))
        let attacks = ["x'); DROP TABLE workouts; --", "' OR '1'='1", "ada' --", "\"; DELETE FROM athletes; --", "$1", "?1", "%' OR 1=1 --", "é'\u{2028}'"]
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        _ = try await club.store(try SampleWorkout.archive(), owner: ada.id)
        for attack in attacks {
            let athlete = try await club.addAthlete(name: "n" + attack, password: attack + "padding")
            #expect(try await club.athlete(named: "n" + attack) == athlete)
            #expect(try await club.logIn(name: "ada", password: attack) == nil)
            #expect(try await club.logIn(name: attack, password: attack) == nil)
            #expect(try await club.athlete(forToken: attack) == nil)
            #expect(try await club.workouts(visibleTo: ada.id, activity: attack).matching == 0)
            #expect(try await club.workouts(visibleTo: ada.id, athleteName: attack).matching == 0)
            _ = try await club.issueToken(for: athlete.id, label: attack)
            #expect(try await club.tokens(of: athlete.id).map(\.label) == [attack])
            _ = try await club.addGroup(named: "g" + attack)
            #expect(try await club.group(named: "g" + attack)?.name == "g" + attack)
        }
        #expect(try await club.workouts(visibleTo: ada.id).matching == 1)
        #expect(try await club.athletes().count == attacks.count + 1)
        // A NUL byte, which PostgreSQL's text cannot hold, is refused or matches nothing, the same on both.
        await #expect(throws: ClubError.self) { try await club.addAthlete(name: "a\u{0}b", password: "correct horse") }
        #expect(try await club.logIn(name: "ada\u{0}", password: "correct horse") == nil)
        #expect(try await club.athlete(named: "ada\u{0}") == nil)
        #expect(try await club.workouts(visibleTo: ada.id, activity: "running\u{0}").matching == 0)
    }
}

/// The club's training load: each workout's stress kept as it is stored, added up on the squad page for the
/// week and charted per athlete, on SQLite and on PostgreSQL.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubTrainingLoadTests {
    @Test(arguments: ClubBackend.available)
    func theSquadsWeekAndTheChartCarryEachWorkoutsStress(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let week = Date(timeIntervalSince1970: 1_789_948_800)
        let athlete = AthleteFigures(maximumHeartRate: 190, restingHeartRate: 50)
        var stress = 0.0
        for day in 0..<3 {
            let sample = try SampleWorkout.archive(start: week.addingTimeInterval(Double(day) * 86_400 + 3_600))
            let archive = try WorkoutArchive(summary: sample.summary, activity: sample.activity, athlete: athlete)
            // A run with heart rate and no power: its load is its TRIMP, against the athlete's figures it came with.
            let figures = WorkoutFigures(activity: archive.activity, athlete: athlete)
            stress = try #require(figures.training?.trainingImpulse)
            #expect(figures.training?.stress == stress)
            _ = try await club.store(archive, owner: ada.id)
        }
        // Without the athlete's figures there is no stress to add.
        _ = try await club.store(try SampleWorkout.archive(start: week.addingTimeInterval(4 * 86_400)), owner: ada.id)
        let group = try await club.addGroup(named: "club")
        try await club.join(group.id, athlete: ada.id, sharesWorkouts: true)
        let rows = try #require(try await club.squad(group.id, viewer: ada.id, from: week, to: week.addingTimeInterval(7 * 86_400)))
        #expect(rows.count == 1 && rows[0].workouts == 4)
        #expect(abs(rows[0].stress - 3 * stress) < 1e-9)

        let utc = TimeZone(identifier: "UTC")!
        let chart = try await club.trainingLoad(of: ada.id, through: week.addingTimeInterval(6 * 86_400), timeZone: utc)
        var expected = TrainingLoad()
        for day in 0..<3 { expected.add(stress: stress, day: Int(week.timeIntervalSince1970 / 86_400) + day) }
        #expect(chart == expected.chart(through: Int(week.timeIntervalSince1970 / 86_400) + 6))
        #expect(chart.count == 7)
    }

    /// Workouts stored before the club kept a stress (schema version 3) get theirs when the server starts:
    /// the same stress a new workout is stored with, each computed once, and none for a run without the
    /// athlete's heart rates; a second run finds nothing to do.
    @Test(arguments: ClubBackend.available)
    func workoutsStoredBeforeTheStressWasKeptGetItOnce(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let start = Date(timeIntervalSince1970: 1_789_948_800)
        let athlete = AthleteFigures(maximumHeartRate: 190, restingHeartRate: 50)
        var expected: [Double] = []
        for day in 0..<3 {
            let sample = try SampleWorkout.archive(start: start.addingTimeInterval(Double(day) * 86_400))
            _ = try await club.store(try WorkoutArchive(summary: sample.summary, activity: sample.activity, athlete: athlete), owner: ada.id)
            expected.append(try #require(try await club.stresses(of: ada.id, through: start.addingTimeInterval(9 * 86_400)).last?.stress))
        }
        _ = try await club.store(try SampleWorkout.archive(start: start.addingTimeInterval(4 * 86_400)), owner: ada.id)
        // As a club from before version 3 holds them: no stress, not known.
        try await club.database.execute("UPDATE workouts SET stress = NULL, stress_known = 0")
        #expect(try await club.stresses(of: ada.id, through: start.addingTimeInterval(9 * 86_400)).isEmpty)

        #expect(try await club.computeMissingFigures(batch: 2) == 4)
        let after = try await club.stresses(of: ada.id, through: start.addingTimeInterval(9 * 86_400))
        #expect(after.map(\.stress) == expected, "the stresses a new store gives: \(expected)")
        #expect(try await club.computeMissingFigures() == 0)
        let known = try await club.database.read("SELECT COUNT(*) AS n FROM workouts WHERE stress_known = 1")
        #expect(known.first?["n"].integer == 4)
    }

    /// Workouts stored before the club kept best efforts (schema version 5) get theirs when the server starts, the
    /// same a new workout is stored with, and their summaries carry them for the athlete's records.
    @Test(arguments: ClubBackend.available)
    func workoutsStoredBeforeTheEffortsWereKeptGetThemOnce(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let sample = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_948_800))
        _ = try await club.store(sample, owner: ada.id)
        let stored = try #require(try await club.workouts(visibleTo: ada.id).page.first?.summary.efforts)
        let covered = try #require(sample.activity.records.compactMap(\.distance).max())
        #expect(stored.fastest.keys.sorted() == WorkoutEfforts.distances.filter { $0 <= covered }, "covered \(covered) m")
        #expect(!stored.fastest.isEmpty)

        try await club.database.execute("UPDATE workouts SET efforts = NULL")
        #expect(try await club.workouts(visibleTo: ada.id).page.first?.summary.efforts == nil)
        #expect(try await club.computeMissingFigures() == 1)
        #expect(try await club.workouts(visibleTo: ada.id).page.first?.summary.efforts == stored)
        #expect(try await club.computeMissingFigures() == 0)
    }

    /// A multisport workout's efforts kept as one workout's (before schema version 15) are computed again leg by leg,
    /// so a brick's run counts among the runs and its ride among the rides.
    @Test(arguments: ClubBackend.available)
    func aMultisportWorkoutsEffortsKeptAsOneAreComputedAgainLegByLeg(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        var sample = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_948_800))
        var activity = sample.activity
        let start = try #require(activity.startDate)
        // The same records as a brick: a 300-second ride, then a 300-second run.
        activity.sessions = [ActivitySummary(sport: .cycling, start: start, elapsedTime: 300, distance: 960),
                             ActivitySummary(sport: .running, start: start.addingTimeInterval(300), elapsedTime: 300, distance: 960)]
        var summary = sample.summary
        summary.activity = "swimBikeRun"
        summary.legs = ["cycling", "running"]
        sample = try WorkoutArchive(summary: summary, activity: activity)
        _ = try await club.store(sample, owner: ada.id)
        let stored = try #require(try await club.workouts(visibleTo: ada.id).page.first?.summary.efforts)
        #expect(stored.legs.map(\.activity) == ["cycling", "running"] && stored.fastest.isEmpty)

        // As a club before version 15 kept it: the whole workout's efforts, then the migration's statement.
        try await club.database.execute("UPDATE workouts SET efforts = 'd100=31.3 d400=125'")
        let migration = try #require(ClubSchema.migrations.first { $0.version == 15 })
        for statement in migration.statements(club.database.dialect) { try await club.database.execute(statement) }
        #expect(try await club.computeMissingFigures() == 1)
        #expect(try await club.workouts(visibleTo: ada.id).page.first?.summary.efforts == stored)
        #expect(try await club.computeMissingFigures() == 0)
    }

    /// An admin removes an athlete from the club: keeping their workouts closes the account (no log-in, no token, no
    /// session, no link) and leaves their workouts where they were shared; deleting takes the workouts with it.
    @Test(arguments: ClubBackend.available)
    func aRemovedAthleteNoLongerLogsInAndTheirWorkoutsStayOrGoAsChosen(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        let cleo = try await club.addAthlete(name: "cleo", password: "staple horse")
        let group = try await club.addGroup(named: "Tuesday")
        for athlete in [ada, bob, cleo] { try await club.join(group.id, athlete: athlete.id, sharesWorkouts: true) }
        let token = try await club.issueToken(for: ada.id, label: "recorder").secret
        let (session, _) = try await club.openSession(for: ada)
        let link = try await club.issuePasswordReset(for: ada)
        let adasRide = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_000_000))
        let bobsRide = try SampleWorkout.archive(start: Date(timeIntervalSince1970: 1_789_100_000))
        _ = try await club.store(adasRide, owner: ada.id)
        _ = try await club.store(bobsRide, owner: bob.id)

        #expect(try await club.removeAthlete(ada.id, keepingWorkouts: true))
        #expect(try await club.removeAthlete(ada.id, keepingWorkouts: true) == false, "closed already")
        #expect(try await club.logIn(name: "ada", password: "correct horse") == nil)
        #expect(try await club.athlete(forToken: token) == nil)
        #expect(try await club.session(forCookie: session) == nil)
        #expect(try await club.accountLink(link.secret) == nil)
        #expect(try await club.closedAthletes() == [ada.id])
        #expect(try await club.workout(adasRide.id, visibleTo: cleo.id)?.athleteName == "ada", "her workouts stay where she shared them")

        #expect(try await club.removeAthlete(bob.id, keepingWorkouts: false))
        #expect(try await club.workout(bobsRide.id, visibleTo: cleo.id) == nil)
        #expect(try await club.athlete(named: "bob") == nil)
        #expect(try await club.removeAthlete(bob.id, keepingWorkouts: false) == false)
    }
}
