import Foundation
import TestSupport
import Testing
import WorkoutClub

/// Live sessions in the club's database, on SQLite and a real PostgreSQL; on PostgreSQL, the notifications that
/// tell every server process of new points: heard once committed, never from a transaction rolled back, and heard
/// again after the listener's connection is cut.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubLiveTests {
    @Test(arguments: ClubBackend.available)
    func pointsAreKeptInOrderOnceEachForTheirAthlete(_ backend: ClubBackend) async throws {
        let club = try await backend.club()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        let session = UUID()
        for sequence in 1...3 {
            #expect(try await club.storeLivePoint(session: session, sequence: Int64(sequence), body: "{\"n\":\(sequence)}", ended: false, athleteID: ada.id))
        }
        // Sent again after a lost answer: kept as it was.
        #expect(try await club.storeLivePoint(session: session, sequence: 2, body: "{\"n\":\"again\"}", ended: false, athleteID: ada.id) == false)
        #expect(try await club.livePoints(of: session, after: 0).map(\.body) == ["{\"n\":1}", "{\"n\":2}", "{\"n\":3}"])
        #expect(try await club.livePoints(of: session, after: 2).map(\.sequence) == [3])
        // Another athlete can neither add to it nor follow it.
        await #expect(throws: ClubError.self) { try await club.storeLivePoint(session: session, sequence: 4, body: "{}", ended: false, athleteID: bob.id) }
        #expect(try await club.liveSession(session, visibleTo: bob.id) == nil)
        #expect(try await club.livePoints(of: session, after: 3).isEmpty)
        #expect(try await club.liveSession(session, visibleTo: ada.id)?.endedAt == nil)
        try await club.storeLivePoint(session: session, sequence: 4, body: "{\"n\":4}", ended: true, athleteID: ada.id)
        #expect(try await club.liveSession(session, visibleTo: ada.id)?.endedAt != nil)
        await #expect(throws: ClubError.self) { try await club.storeLivePoint(session: UUID(), sequence: 0, body: "{}", ended: false, athleteID: ada.id) }
        await club.database.close()
    }

    /// A link shares one session with anyone holding it, until it expires or is revoked; only the session's athlete
    /// makes or revokes one.
    @Test(arguments: ClubBackend.available)
    func aShareLinkFollowsTheSessionUntilItExpiresOrIsRevoked(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        let session = UUID()
        try await club.storeLivePoint(session: session, sequence: 1, body: "{}", ended: false, athleteID: ada.id)
        #expect(try await club.shareLiveSession(session, of: bob.id, until: clock.date.addingTimeInterval(60)) == nil, "not bob's to share")
        let link = try #require(try await club.shareLiveSession(session, of: ada.id, until: clock.date.addingTimeInterval(60)))
        #expect(link.hasPrefix("ohk_live_") && link.count > 40)
        #expect(try await club.liveSession(sharedBy: link)?.id == session)
        #expect(try await club.liveSession(sharedBy: link + "x") == nil)
        #expect(try await club.liveSession(sharedBy: "ohk_live_") == nil)
        clock.advance(by: 60)
        #expect(try await club.liveSession(sharedBy: link) == nil, "expired")
        let second = try #require(try await club.shareLiveSession(session, of: ada.id, until: clock.date.addingTimeInterval(3_600)))
        #expect(try await club.revokeLiveShares(of: session, athleteID: bob.id) == 0, "not bob's to revoke")
        #expect(try await club.liveSession(sharedBy: second)?.id == session)
        #expect(try await club.revokeLiveShares(of: session, athleteID: ada.id) == 1)
        #expect(try await club.liveSession(sharedBy: second) == nil, "revoked")
        await club.database.close()
    }

    /// The club's map of everyone riding now: one's own, and group members who share their workouts (or whom one
    /// coaches); not an ended session, nor one silent for ten minutes; with where they were last and an open alert.
    @Test(arguments: ClubBackend.available)
    func ridingNowShowsWhomOneMayFollowWhereTheyWereLast(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        let carol = try await club.addAthlete(name: "carol", password: "staple battery")
        let dan = try await club.addAthlete(name: "dan", password: "horse staple")
        let riders = try await club.addGroup(named: "riders")
        try await club.join(riders.id, athlete: ada.id, sharesWorkouts: true)
        try await club.join(riders.id, athlete: bob.id, sharesWorkouts: true)
        try await club.join(riders.id, athlete: carol.id, sharesWorkouts: false)
        let adas = UUID(), carols = UUID(), dans = UUID(), old = UUID()
        try await club.storeLivePoint(session: old, sequence: 1, body: "{}", ended: false, athleteID: ada.id, position: (52.0, 4.0))
        try await club.storeLivePoint(session: old, sequence: 2, body: "{}", ended: true, athleteID: ada.id, position: (52.0, 4.0))
        try await club.storeLivePoint(session: adas, sequence: 1, body: "{}", ended: false, athleteID: ada.id, position: (52.37, 4.89))
        try await club.storeLivePoint(session: adas, sequence: 2, body: "{}", ended: false, athleteID: ada.id)
        try await club.storeLivePoint(session: carols, sequence: 1, body: "{}", ended: false, athleteID: carol.id, position: (52.1, 4.3))
        try await club.storeLivePoint(session: dans, sequence: 1, body: "{}", ended: false, athleteID: dan.id, position: (51.9, 4.5))
        let seenByBob = try await club.ridingNow(visibleTo: bob.id)
        #expect(seenByBob.map(\.athleteName) == ["ada"], "carol does not share her workouts, dan is in no group with bob, ada's first ride ended")
        #expect(seenByBob.first?.session == adas && seenByBob.first?.latitude == 52.37 && seenByBob.first?.longitude == 4.89, "the last position, from the point that had one")
        #expect(try await club.liveSession(adas, visibleTo: bob.id) != nil)
        #expect(try await club.liveSession(carols, visibleTo: bob.id) == nil)
        #expect(try await club.shareLiveSession(adas, of: bob.id, until: clock.date.addingTimeInterval(60)) == nil, "following is not owning")
        #expect(try await club.ridingNow(visibleTo: carol.id).map(\.athleteName).sorted() == ["ada", "carol"])
        // Ten minutes silent: ada is on the map with her alert, then off it.
        clock.advance(by: 601)
        #expect(try await club.ridingNow(visibleTo: bob.id, recent: 900).first?.alert == nil)
        try await club.raiseLiveAlerts()
        #expect(try await club.ridingNow(visibleTo: bob.id, recent: 900).first?.alert == .silent)
        #expect(try await club.ridingNow(visibleTo: bob.id).isEmpty)
        await club.database.close()
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup installs it)"))
    func postgresNotifiesCommittedPointsOnlyAndListensAgainAfterACut() async throws {
        let clubs = try await ClubBackend.postgres.clubs(2)
        let ada = try await clubs[0].addAthlete(name: "ada", password: "correct horse")
        // The second process listens; the first stores.
        var notices = clubs[1].database.notifications(on: Club.liveChannel).makeAsyncIterator()
        #expect(await notices.next() == .listening)
        let session = UUID()
        try await clubs[0].storeLivePoint(session: session, sequence: 1, body: "{\"at\": 1}", ended: false, athleteID: ada.id)
        // The notice carries the point, so followers elsewhere need not read it back.
        #expect(await notices.next() == .payload("\(session.uuidString) 1 0 {\"at\": 1}"))
        // A notification in a transaction that fails is never heard: the next one heard is the next committed point's.
        await #expect(throws: (any Error).self) {
            _ = try await clubs[0].database.transaction([SQLStatement("SELECT CAST(pg_notify($1, 'rolled back') AS TEXT) AS n", [.text(Club.liveChannel)]),
                                                         SQLStatement("INSERT INTO no_such_table VALUES (1)")])
        }
        // A body too long for a notification: the session's identifier alone, and followers read the point.
        let long = "{\"note\": \"" + String(repeating: "x", count: LivePointNotice.largestBody) + "\"}"
        try await clubs[0].storeLivePoint(session: session, sequence: 2, body: long, ended: false, athleteID: ada.id)
        #expect(await notices.next() == .payload(session.uuidString))
        // The listener's connection cut by the server: it says so, listens again, says so, and hears what comes after.
        let cut = try await clubs[0].database.read(
            "SELECT count(pg_terminate_backend(pid)) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")
        #expect(cut.first?["cut"].integer == 1)
        #expect(await notices.next() == .lost)
        #expect(await notices.next() == .listening)
        try await clubs[0].storeLivePoint(session: session, sequence: 3, body: "{}", ended: true, athleteID: ada.id)
        let last = await notices.next()
        #expect(last == .payload("\(session.uuidString) 3 1 {}"))
        if case .payload(let text) = last {
            #expect(LivePointNotice(payload: text) == LivePointNotice(session: session, point: LivePoint(sequence: 3, body: "{}", sessionEnded: true)))
        }
        for club in clubs { await club.database.close() }
    }
}
