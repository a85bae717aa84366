import Foundation
import TestSupport
import Testing
import WorkoutClub

/// Safety alerts on live sessions, on SQLite and a real PostgreSQL: raised once when a rider stops moving or their
/// recorder falls silent for the minutes they set, cleared when they move or are heard from again, announced once.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubSafetyTests {
    /// A point of `session` at `metresNorth` of a place in Amsterdam.
    static func post(_ club: Club, _ session: UUID, _ sequence: Int64, athlete: Int64, metresNorth: Double? = 0, ended: Bool = false) async throws {
        let position = metresNorth.map { (latitude: 52.37 + $0 / 111_320, longitude: 4.89) }
        try await club.storeLivePoint(session: session, sequence: sequence, body: "{}", ended: ended, athleteID: athlete, position: position)
    }

    @Test(arguments: ClubBackend.available)
    func aWebhookGetsASecretWhenFirstSetThatItsChangesKeepAndItsAnnouncementsCarry(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        try await club.setSafetySettings(SafetySettings(stillMinutes: 5, silentMinutes: 8, webhook: nil, webhookSecret: "mine"), for: ada.id)
        #expect(try await club.safetySettings(of: ada.id).webhookSecret == nil, "no webhook, no secret; one sent is ignored")
        try await club.setSafetySettings(SafetySettings(stillMinutes: 5, silentMinutes: 8, webhook: "https://example.org/a"), for: ada.id)
        let secret = try #require(try await club.safetySettings(of: ada.id).webhookSecret)
        #expect(secret.hasPrefix("whsec_"))
        try await club.setSafetySettings(SafetySettings(stillMinutes: 6, silentMinutes: 8, webhook: "https://example.org/b", webhookSecret: "mine"), for: ada.id)
        #expect(try await club.safetySettings(of: ada.id) == SafetySettings(stillMinutes: 6, silentMinutes: 8, webhook: "https://example.org/b", webhookSecret: secret))
        // Made anew on asking: a new secret, kept; none for a rider with no webhook.
        let renewed = try #require(try await club.renewWebhookSecret(of: ada.id)?.webhookSecret)
        #expect(renewed != secret && renewed.hasPrefix("whsec_"))
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        #expect(try await club.renewWebhookSecret(of: bob.id) == nil)
        try await club.setSafetySettings(SafetySettings(stillMinutes: 6, silentMinutes: 8, webhook: "https://example.org/b"), for: ada.id)
        let session = UUID()
        try await Self.post(club, session, 1, athlete: ada.id)
        clock.advance(by: 361)
        try await club.raiseLiveAlerts()
        let announcements = try await club.claimAlertAnnouncements()
        #expect(!announcements.isEmpty && announcements.allSatisfy { $0.webhook == "https://example.org/b" && $0.webhookSecret == renewed })
    }

    @Test(arguments: ClubBackend.available)
    func aRiderWhoStopsIsAlertedOnceAndClearedWhenTheyMoveAgain(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        try await club.setSafetySettings(SafetySettings(stillMinutes: 5, silentMinutes: 8, webhook: "https://example.org/hook"), for: ada.id)
        let session = UUID()
        try await Self.post(club, session, 1, athlete: ada.id)
        let stopped = clock.date
        // Points every 30 s within 40 m of where she stopped: not a move.
        for sequence in 2...10 {
            clock.advance(by: 30)
            try await Self.post(club, session, Int64(sequence), athlete: ada.id, metresNorth: sequence % 2 == 0 ? 40 : 0)
            #expect(try await club.raiseLiveAlerts().isEmpty, "at \(sequence * 30 - 30) s")
        }
        clock.advance(by: 31)  // 5 min 1 s after she stopped.
        try await Self.post(club, session, 11, athlete: ada.id)
        let raised = try await club.raiseLiveAlerts()
        #expect(raised.map(\.kind) == [.still] && raised.first?.since == stopped, "\(raised)")
        #expect(try await club.raiseLiveAlerts().isEmpty, "raised once while open")
        #expect(try await club.liveAlerts(of: session).map(\.kind) == [.still])
        let announced = try await club.claimAlertAnnouncements()
        #expect(announced.map { "\($0.alert.kind) \($0.cleared) \($0.athleteName) \($0.webhook ?? "")" } == ["still false ada https://example.org/hook"])
        #expect(try await club.claimAlertAnnouncements().isEmpty, "announced once")
        // She rides on: 60 m is a move.
        clock.advance(by: 10)
        try await Self.post(club, session, 12, athlete: ada.id, metresNorth: 60)
        #expect(try await club.liveAlerts(of: session).isEmpty)
        let cleared = try await club.claimAlertAnnouncements()
        #expect(cleared.map { "\($0.alert.kind) \($0.cleared)" } == ["still true"] && cleared.first?.alert.clearedAt == clock.date)
        // Stopped again: a new alert, from the new place's time.
        clock.advance(by: 301)
        try await Self.post(club, session, 13, athlete: ada.id, metresNorth: 70)
        #expect(try await club.raiseLiveAlerts().map(\.since) == [clock.date.addingTimeInterval(-301)])
        await club.database.close()
    }

    @Test(arguments: ClubBackend.available)
    func aSilentRecorderIsAlertedUntilHeardAndAnEndedOrIndoorSessionNever(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let club = try await backend.club(clock: clock)
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        // Ada rides outdoors with the standard ten minutes; bob indoors (no position) and ends; nobody set anything.
        let outdoors = UUID(), indoors = UUID(), ended = UUID()
        try await Self.post(club, outdoors, 1, athlete: ada.id)
        try await Self.post(club, indoors, 1, athlete: bob.id, metresNorth: nil)
        try await Self.post(club, ended, 1, athlete: bob.id)
        try await Self.post(club, ended, 2, athlete: bob.id, ended: true)
        clock.advance(by: 599)
        #expect(try await club.raiseLiveAlerts().isEmpty)
        try await Self.post(club, indoors, 2, athlete: bob.id, metresNorth: nil)
        clock.advance(by: 2)
        let raised = try await club.raiseLiveAlerts()
        #expect(Set(raised.map { "\($0.session == outdoors ? "outdoors" : "indoors") \($0.kind)" }) == ["outdoors still", "outdoors silent"],
                "\(raised): indoors is heard from and has no position; the ended session is over")
        try await Self.post(club, outdoors, 2, athlete: ada.id)
        #expect(try await club.liveAlerts(of: outdoors).map(\.kind) == [.still], "heard from again, not moved")
        try await Self.post(club, outdoors, 3, athlete: ada.id, ended: true)
        #expect(try await club.liveAlerts(of: outdoors).isEmpty, "the end clears every alert")
        // Settings refused with reasons.
        await #expect(throws: ClubError.self) { try await club.setSafetySettings(SafetySettings(stillMinutes: 0, silentMinutes: 5, webhook: nil), for: ada.id) }
        await #expect(throws: ClubError.self) { try await club.setSafetySettings(SafetySettings(stillMinutes: 5, silentMinutes: 5, webhook: "file:///etc/passwd"), for: ada.id) }
        #expect(try await club.safetySettings(of: ada.id) == .standard)
        await club.database.close()
    }

    @Test(arguments: ClubBackend.available)
    func twoServerProcessesRaiseAndAnnounceEachAlertOnce(_ backend: ClubBackend) async throws {
        let clock = TestNow()
        let clubs = try await backend.clubs(2, clock: clock)
        let ada = try await clubs[0].addAthlete(name: "ada", password: "correct horse")
        let sessions = (0..<6).map { _ in UUID() }
        for session in sessions { try await Self.post(clubs[0], session, 1, athlete: ada.id) }
        clock.advance(by: 601)
        async let first = clubs[0].raiseLiveAlerts()
        async let second = clubs[1].raiseLiveAlerts()
        let (a, b) = try await (first, second)
        #expect(a.count + b.count == 12, "six sessions, two kinds each, once: \(a.count) + \(b.count)")
        async let firstClaim = clubs[0].claimAlertAnnouncements()
        async let secondClaim = clubs[1].claimAlertAnnouncements()
        let (c, d) = try await (firstClaim, secondClaim)
        #expect(c.count + d.count == 12 && Set(c.map { "\($0.alert.session)\($0.alert.kind)" }).isDisjoint(with: Set(d.map { "\($0.alert.session)\($0.alert.kind)" })))
        for club in clubs { await club.database.close() }
    }
}
