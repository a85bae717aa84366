import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import WorkoutClub
@testable import WorkoutServer

/// Live sessions through two club servers on one PostgreSQL, driven in process: a recorder's points posted to one
/// reach a follower of the other, in order, each once, through PostgreSQL's notification; a follower coming back
/// with `Last-Event-ID` gets only what it lacks; another athlete gets nothing.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubLiveRoutesTests {
    /// Two servers on one new database, each hearing its notifications, and ada's and bob's tokens.
    static func servers() async throws -> (servers: [ClubServer], listening: [Task<Void, Never>], ada: String, bob: String) {
        let address = try ClubDatabaseKind.postgres.address()
        let clubs = try (0..<2).map { _ in
            Club(database: PostgresClubDatabase(address: try PostgresAddress(address)), passwordRounds: 1_000, now: { Date() })
        }
        try await clubs[0].migrate()
        let ada = try await clubs[0].addAthlete(name: "ada", password: "correct horse")
        let bob = try await clubs[0].addAthlete(name: "bob", password: "battery staple")
        // Followers look in the table only when woken: without the notification, the follow below would wait ten minutes.
        let servers = clubs.map { club in
            var server = ClubServer(club: club, configuration: .init(host: "127.0.0.1", port: 0))
            server.liveIdleLook = .seconds(600)
            return server
        }
        let listening = servers.map { server in
            Task { await server.liveHub.listen(to: server.club.database.notifications(on: Club.liveChannel)) }
        }
        // Both listen before anything is posted.
        for server in servers { while await !server.liveHub.listening { try await Task.sleep(for: .milliseconds(20)) } }
        return (servers, listening, try await clubs[0].issueToken(for: ada.id, label: "bike").secret,
                try await clubs[0].issueToken(for: bob.id, label: "bike").secret)
    }

    /// The events' identifiers and data in a server-sent events body.
    static func events(_ body: String) -> [(id: Int, data: String)] {
        body.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ Int($0.dropFirst(4)) }),
                  let data = lines.first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return (id, String(data.dropFirst(6)))
        }
    }

    static func point(_ sequence: Int, ended: Bool = false) -> ByteBuffer {
        ByteBuffer(string: "{\"sequence\": \(sequence), \"ended\": \(ended), \"snapshot\": {\"state\": \"running\", \"distanceMeters\": \(sequence * 10)}}")
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup installs it)"))
    func pointsPostedToOneServerReachAFollowerOfTheOtherInOrderOnceEach() async throws {
        let (servers, listening, ada, bob) = try await Self.servers()
        defer { for task in listening { task.cancel() } }
        let session = UUID().uuidString
        let recorder: HTTPFields = [.authorization: "Bearer \(ada)", .contentType: "application/json"]
        try await Application(router: servers[0].router()).test(.router) { a in
            try await Application(router: servers[1].router()).test(.router) { b in
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(1)) { #expect($0.status == .created) }
                // The follower on B, from the start, while the recorder goes on posting to A.
                async let followed = b.execute(uri: "/api/live/\(session)/events", method: .get, headers: [.authorization: "Bearer \(ada)"]) {
                    ($0.status, String(buffer: $0.body))
                }
                for sequence in 2...20 {
                    try await Task.sleep(for: .milliseconds(50))
                    try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(sequence, ended: sequence == 20)) {
                        #expect($0.status == .created)
                    }
                }
                // Sent again after a lost answer: acknowledged, not stored twice.
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: Self.point(7)) { #expect($0.status == .ok) }
                let (status, body) = try await followed
                #expect(status == .ok)
                let events = Self.events(body)
                #expect(events.map(\.id) == Array(1...20), "\(body)")
                // The snapshot as the recorder wrote it, on one line.
                #expect(events.last?.data == "{\"state\":\"running\",\"distanceMeters\":200}")
                // Back with the last event it had: only what it lacks.
                try await b.execute(uri: "/api/live/\(session)/events", method: .get, headers: [.authorization: "Bearer \(ada)", .init("Last-Event-ID")!: "17"]) {
                    #expect(Self.events(String(buffer: $0.body)).map(\.id) == [18, 19, 20])
                }
                // Another athlete: as if it did not exist, and cannot add to it.
                try await b.execute(uri: "/api/live/\(session)/events", method: .get, headers: [.authorization: "Bearer \(bob)"]) { #expect($0.status == .notFound) }
                try await b.execute(uri: "/api/live/\(session)", method: .post, headers: [.authorization: "Bearer \(bob)"], body: Self.point(21)) {
                    #expect($0.status == .conflict)
                }
                // A link for family, made on A, followed on B with no account; revoked, it shares nothing.
                var link = ""
                try await a.execute(uri: "/api/live/\(session)/share?hours=2", method: .post, headers: [.authorization: "Bearer \(ada)"]) { response in
                    #expect(response.status == .created)
                    link = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: String])["events"] ?? ""
                }
                try await b.execute(uri: link, method: .get) { #expect(Self.events(String(buffer: $0.body)).map(\.id) == Array(1...20)) }
                try await b.execute(uri: "/api/live/\(session)/share", method: .post, headers: [.authorization: "Bearer \(bob)"]) { #expect($0.status == .notFound) }
                try await b.execute(uri: "/api/live/\(session)/share", method: .delete, headers: [.authorization: "Bearer \(ada)"]) { #expect($0.status == .ok) }
                try await a.execute(uri: link, method: .get) { #expect($0.status == .notFound) }
                try await b.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: ByteBuffer(string: "{\"sequence\": 1}")) {
                    #expect($0.status == .badRequest)
                }
            }
        }
        for server in servers { await server.club.database.close() }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup installs it)"))
    func aShareLinkWithAPrivacyZoneHidesTheStartAndOnceEndedTheFinish() async throws {
        let (servers, listening, ada, _) = try await Self.servers()
        defer { for task in listening { task.cancel() } }
        let session = UUID().uuidString
        let recorder: HTTPFields = [.authorization: "Bearer \(ada)", .contentType: "application/json"]
        // From home 1 km north to a café, a point every 100 m, each carrying its position.
        let route = Array(stride(from: 0.0, through: 1_000, by: 100))
        @Sendable func point(_ index: Int) -> ByteBuffer {
            let latitude = 52.37 + route[index] / 111_320
            return ByteBuffer(string: "{\"sequence\": \(index + 1), \"ended\": \(index == route.count - 1), \"snapshot\": {\"status\": {}, \"points\": [[\(latitude), 4.89]]}}")
        }
        @Sendable func northings(_ body: String) -> [Double] {
            Self.events(body).flatMap { PrivacyZone.positions(in: $0.data) }.map { (($0[0] - 52.37) * 111_320).rounded() }
        }
        try await Application(router: servers[0].router()).test(.router) { a in
            try await Application(router: servers[1].router()).test(.router) { b in
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: point(0)) { #expect($0.status == .created) }
                var events = ""
                try await a.execute(uri: "/api/live/\(session)/share?hours=2&hide=250", method: .post, headers: [.authorization: "Bearer \(ada)"]) { response in
                    #expect(response.status == .created)
                    events = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: String])["events"] ?? ""
                }
                try await a.execute(uri: "/api/live/\(session)/share?hide=9000", method: .post, headers: [.authorization: "Bearer \(ada)"]) { #expect($0.status == .badRequest) }
                // Followed live on B: the way shows from 300 m on, to the café (its finish is not known while it runs).
                let link = events
                async let live = b.execute(uri: link, method: .get) { String(buffer: $0.body) }
                for index in 1..<route.count {
                    try await Task.sleep(for: .milliseconds(20))
                    try await a.execute(uri: "/api/live/\(session)", method: .post, headers: recorder, body: point(index)) { #expect($0.status == .created) }
                }
                let followed = try await live
                #expect(northings(followed) == [300, 400, 500, 600, 700, 800, 900, 1_000], "\(followed)")
                // Opened after the end: the last 250 m are hidden too; the owner sees everything.
                try await b.execute(uri: events, method: .get) { #expect(northings(String(buffer: $0.body)) == [300, 400, 500, 600, 700]) }
                try await b.execute(uri: "/api/live/\(session)/events", method: .get, headers: [.authorization: "Bearer \(ada)"]) {
                    #expect(northings(String(buffer: $0.body)).count == route.count)
                }
            }
        }
        for server in servers { await server.club.database.close() }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup installs it)"))
    func aGroupMemberSeesWhoRidesNowAndFollowsThem() async throws {
        let (servers, listening, ada, bob) = try await Self.servers()
        defer { for task in listening { task.cancel() } }
        let club = servers[0].club
        let group = try await club.addGroup(named: "riders")
        for name in ["ada", "bob"] { try await club.join(group.id, athlete: try #require(try await club.athlete(named: name)).id, sharesWorkouts: true) }
        let carol = try await club.issueToken(for: try await club.addAthlete(name: "carol", password: "staple battery").id, label: "phone").secret
        let session = UUID().uuidString
        try await Application(router: servers[0].router()).test(.router) { a in
            try await Application(router: servers[1].router()).test(.router) { b in
                let body = ByteBuffer(string: "{\"sequence\": 1, \"ended\": false, \"snapshot\": {\"status\": {}, \"points\": [[52.37, 4.89]]}}")
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: [.authorization: "Bearer \(ada)", .contentType: "application/json"], body: body) {
                    #expect($0.status == .created)
                }
                try await b.execute(uri: "/api/live", method: .get, headers: [.authorization: "Bearer \(bob)"]) { response in
                    let riders = (try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["riders"] as? [[String: Any]] ?? []
                    #expect(riders.map { $0["athlete"] as? String } == ["ada"] && riders.first?["page"] as? String == "/live/session/\(session)"
                            && riders.first?["latitude"] as? Double == 52.37, "\(riders)")
                }
                try await b.execute(uri: "/api/live", method: .get, headers: [.authorization: "Bearer \(carol)"]) {
                    #expect(String(buffer: $0.body) == "{\"riders\":[]}")
                }
                try await b.execute(uri: "/live/session/\(session)", method: .get, headers: [.authorization: "Bearer \(bob)"]) {
                    #expect($0.status == .ok && String(buffer: $0.body).contains("/api/live/\(session)/events"))
                }
                try await b.execute(uri: "/live/session/\(session)", method: .get, headers: [.authorization: "Bearer \(carol)"]) { #expect($0.status == .notFound) }
                try await b.execute(uri: "/live", method: .get, headers: [.authorization: "Bearer \(bob)"]) {
                    #expect($0.status == .ok && String(buffer: $0.body).contains("<h1>Riding now</h1>"))
                }
                // Bob follows ada's ride to its end on the other server; he cannot share it.
                try await a.execute(uri: "/api/live/\(session)", method: .post, headers: [.authorization: "Bearer \(ada)", .contentType: "application/json"],
                                    body: ByteBuffer(string: "{\"sequence\": 2, \"ended\": true, \"snapshot\": {\"status\": {}, \"points\": []}}")) { #expect($0.status == .created) }
                try await b.execute(uri: "/api/live/\(session)/events", method: .get, headers: [.authorization: "Bearer \(bob)"]) {
                    #expect(Self.events(String(buffer: $0.body)).map(\.id) == [1, 2])
                }
                try await b.execute(uri: "/api/live/\(session)/share", method: .post, headers: [.authorization: "Bearer \(bob)"]) { #expect($0.status == .notFound) }
            }
        }
        for server in servers { await server.club.database.close() }
    }
}
