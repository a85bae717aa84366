import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import WorkoutClub
import WorkoutLibrary
import WorkoutFormats
import WorkoutCatalog
import ClubArchive
import OpenHealthKit
@testable import WorkoutServer

/// The club server's routes, driven in process on SQLite and PostgreSQL: who may see, change and delete what,
/// and the answers to unknown workouts and bad input.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubServerRoutesTests {
    struct Fixture {
        let server: ClubServer
        let ada: String
        let bob: String
    }

    func fixture(_ kind: ClubDatabaseKind) async throws -> Fixture {
        let address = try kind.address()
        let database: any ClubDatabase = kind == .sqlite ? try SQLiteClubDatabase(path: String(address.dropFirst("sqlite:".count)))
            : PostgresClubDatabase(address: try PostgresAddress(address))
        let club = Club(database: database, passwordRounds: 1_000, now: { Date(timeIntervalSince1970: 1_790_000_000) })
        try await club.migrate()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let bob = try await club.addAthlete(name: "bob", password: "battery staple")
        return Fixture(server: ClubServer(club: club, configuration: .init(host: "127.0.0.1", port: 0)),
                       ada: try await club.issueToken(for: ada.id, label: "test").secret,
                       bob: try await club.issueToken(for: bob.id, label: "test").secret)
    }

    func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    /// A proxy's questions, asked with no login: the process answers, it is ready while its database answers and not
    /// once it is gone; and the figures count each request by its route's pattern and status, and each workout
    /// received by what became of it.
    @Test(arguments: ClubDatabaseKind.available)
    func healthReadinessAndFiguresAreAnsweredWithoutALogin(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await fixture(kind)
        let app = Application(router: fixture.server.router())
        let archive = try RouteTestFile.archive(start: Date(timeIntervalSince1970: 1_789_000_000), athlete: nil)
        try await app.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok && String(buffer: $0.body) == "ok\n") }
            try await client.execute(uri: "/readyz", method: .get) { #expect($0.status == .ok && String(buffer: $0.body) == "ready\n") }
            for _ in 0..<2 {
                try await client.execute(uri: "/api/workouts/\(archive.id.uuidString)", method: .put, headers: bearer(fixture.ada),
                                         body: ByteBuffer(bytes: archive.encoded())) { #expect($0.status == .created || $0.status == .ok) }
            }
            try await client.execute(uri: "/api/workouts/\(archive.id.uuidString)", method: .put, headers: bearer(fixture.bob),
                                     body: ByteBuffer(bytes: archive.encoded())) { #expect($0.status == .conflict) }
            try await client.execute(uri: "/api/workouts", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let lines = String(buffer: response.body).split(separator: "\n").map(String.init)
                for line in ["openhealthkit_http_requests_total{route=\"/healthz\",method=\"GET\",status=\"200\"} 1",
                             "openhealthkit_http_requests_total{route=\"/api/workouts/{id}\",method=\"PUT\",status=\"201\"} 1",
                             "openhealthkit_http_requests_total{route=\"/api/workouts/{id}\",method=\"PUT\",status=\"200\"} 1",
                             "openhealthkit_http_requests_total{route=\"/api/workouts/{id}\",method=\"PUT\",status=\"409\"} 1",
                             "openhealthkit_http_requests_total{route=\"/api/workouts\",method=\"GET\",status=\"401\"} 1",
                             "openhealthkit_sync_workouts_total{outcome=\"stored\"} 1", "openhealthkit_sync_workouts_total{outcome=\"alreadyStored\"} 1",
                             "openhealthkit_sync_workouts_total{outcome=\"refused\"} 1",
                             "openhealthkit_http_request_duration_seconds_count{route=\"/api/workouts/{id}\",method=\"PUT\"} 3"] {
                    #expect(lines.contains(line), "\(line) is missing from:\n\(lines.joined(separator: "\n"))")
                }
            }
            await fixture.server.club.database.close()
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable && String(buffer: response.body).hasPrefix("not ready: "), "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test(arguments: ClubDatabaseKind.available)
    func strangersAreAskedWhoTheyAreAndBadInputIsRefused(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let app = Application(router: fixture.server.router())
        try await app.test(.router) { client in
            for path in ["/api/workouts", "/api/me", "/api/squad", "/api/workouts/\(UUID().uuidString)"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .unauthorized, "\(path)")
                    #expect(String(buffer: response.body).contains("Authorization: Bearer"), "\(path)")
                }
            }
            try await client.execute(uri: "/squad?group=x", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/login?next=%2Fsquad%3Fgroup%3Dx")
            }
            try await client.execute(uri: "/workouts/x/delete", method: .post) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/api/workouts", method: .get, headers: bearer("ohk_wrong")) { #expect($0.status == .unauthorized) }
            let ada = bearer(fixture.ada)
            try await client.execute(uri: "/api/workouts?sort=sideways", method: .get, headers: ada) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/workouts/not-a-uuid", method: .get, headers: ada) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts/not-a-uuid", method: .put, headers: ada, body: ByteBuffer(string: "x")) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/workouts/\(UUID().uuidString)/archive", method: .get, headers: ada) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts/\(UUID().uuidString)/samples?type=heartRate", method: .get, headers: ada) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/sync/missing", method: .post, headers: ada, body: ByteBuffer(string: "[]")) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/compare?a=x&b=y", method: .get, headers: ada) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/squad", method: .get, headers: ada) { #expect($0.status == .notFound, "in no group") }
            try await client.execute(uri: "/api/workouts?filename=x.gpx", method: .post, headers: ada, body: ByteBuffer(string: "<gpx")) {
                #expect($0.status == .unprocessableContent)
            }
            try await client.execute(uri: "/api/me", method: .get, headers: ada) { response in
                #expect(response.status == .ok)
                let athlete = try json(response.body)["athlete"] as? [String: Any]
                #expect(athlete?["name"] as? String == "ada")
            }
        }
    }

    @Test(arguments: ClubDatabaseKind.available)
    func anAthletesWorkoutIsTheirsAloneUntilShared(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let file = try RouteTestFile.ride()
        let app = Application(router: fixture.server.router())
        let ada = bearer(fixture.ada), bob = bearer(fixture.bob)
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, headers: ada, body: ByteBuffer(bytes: file)) { response in
                #expect(response.status == .created)
                return try #require(try json(response.body)["id"] as? String)
            }
            try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, headers: ada, body: ByteBuffer(bytes: file)) { #expect($0.status == .conflict) }
            for path in ["/api/workouts/\(id)", "/api/workouts/\(id)/samples?type=heartRate", "/api/workouts/\(id)/file?format=gpx", "/api/workouts/\(id)/archive"] {
                try await client.execute(uri: path, method: .get, headers: ada) { #expect($0.status == .ok, "ada: \(path)") }
                try await client.execute(uri: path, method: .get, headers: bob) { response in
                    #expect(response.status == .notFound, "bob: \(path)")
                    #expect(String(buffer: response.body).contains("No workout you may see"), "bob: \(path)")
                }
            }
            try await client.execute(uri: "/api/workouts/\(id)/samples?type=bogus", method: .get, headers: ada) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/workouts/\(id)/file?format=kml", method: .get, headers: ada) { #expect($0.status == .notFound) }
            // Its first 8 characters find it, for ada only; 7 are too few.
            let short = String(id.prefix(8)).lowercased()
            try await client.execute(uri: "/api/workouts/\(short)", method: .get, headers: ada) { response in
                #expect(response.status == .ok)
                let workout = try json(response.body)["workout"] as? [String: Any]
                #expect(workout?["id"] as? String == id)
            }
            try await client.execute(uri: "/api/workouts/\(short)", method: .get, headers: bob) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts/\(id.prefix(7))", method: .get, headers: ada) { #expect($0.status == .notFound) }
            // Each athlete's history holds their own workouts only.
            for (headers, count) in [(ada, 1), (bob, 0)] {
                try await client.execute(uri: "/api/history?month=2026-09", method: .get, headers: headers) { response in
                    let days = try json(response.body)["days"] as? [[String: Any]] ?? []
                    #expect(days.reduce(0) { $0 + (($1["workouts"] as? [Any])?.count ?? 0) } == count)
                }
            }
            // The athlete filter takes a name as people type it.
            try await client.execute(uri: "/api/workouts?athlete=ADA", method: .get, headers: ada) { response in
                let matching = try json(response.body)["matching"] as? Int
                #expect(matching == 1)
            }
            try await client.execute(uri: "/api/workouts", method: .get, headers: bob) { response in
                let matching = try json(response.body)["matching"] as? Int
                #expect(matching == 0, "bob sees none of ada's")
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .delete, headers: bob) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts/\(id)", method: .delete, headers: ada) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/workouts/\(id)", method: .get, headers: ada) { #expect($0.status == .notFound) }
        }
    }

    /// Who may see a workout, set by its athlete: private hides it from a group that shares and from its coach;
    /// public gives it a link anyone reads without logging in, which stops working when it is made private again.
    @Test(arguments: ClubDatabaseKind.available)
    func aWorkoutIsPrivateToTheClubOrPublicAsItsAthleteSays(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let club = fixture.server.club
        let group = try await club.addGroup(named: "Tuesday Squad")
        let adaID = try #require(try await club.athlete(named: "ada")).id, bobID = try #require(try await club.athlete(named: "bob")).id
        try await club.join(group.id, athlete: adaID, sharesWorkouts: true)
        try await club.join(group.id, athlete: bobID, role: .coach, sharesWorkouts: false)
        let app = Application(router: fixture.server.router())
        let ada = bearer(fixture.ada), bob = bearer(fixture.bob)
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, headers: ada, body: ByteBuffer(bytes: try RouteTestFile.ride())) { response in
                try #require(try json(response.body)["id"] as? String)
            }
            func sharing(_ body: String, as headers: HTTPFields) async throws -> (HTTPResponse.Status, [String: Any]) {
                try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .put, headers: headers, body: ByteBuffer(string: body)) { response in
                    (response.status, (try? json(response.body)) ?? [:])
                }
            }
            try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .get, headers: ada) { response in
                let visibility = try json(response.body)["visibility"] as? String
                #expect(visibility == "club")
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .get, headers: bob) { #expect($0.status == .ok, "the coach sees the club's") }
            // Only ada says who sees it; bob, who sees it, may not.
            #expect(try await sharing("{\"visibility\":\"private\"}", as: bob).0 == .forbidden)
            #expect(try await sharing("{\"visibility\":\"everyone\"}", as: ada).0 == .badRequest)
            #expect(try await sharing("{\"visibility\":\"private\"}", as: ada).1["visibility"] as? String == "private")
            try await client.execute(uri: "/api/workouts/\(id)", method: .get, headers: bob) { #expect($0.status == .notFound, "private: not even the coach") }
            let squad = try await club.squad(group.id, viewer: bobID, from: .distantPast, to: .distantFuture)
            #expect(squad?.first { $0.name == "ada" }?.workouts == 0, "nor counted in the squad's totals")
            try await client.execute(uri: "/api/workouts?athlete=ada", method: .get, headers: bob) { response in
                let matching = try json(response.body)["matching"] as? Int
                #expect(matching == 0)
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .get, headers: ada) { #expect($0.status == .ok) }

            let shared = try await sharing("{\"visibility\":\"public\"}", as: ada)
            let link = try #require(shared.1["link"] as? String)
            #expect(link.hasPrefix("/shared/") && link.count > 40, "\(link)")
            try await client.execute(uri: link, method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok && page.contains("id=\"route\""), "anyone with the link reads it")
                #expect(!page.contains("Delete…") && !page.contains("/download/") && !page.contains("Sharing"), "and changes nothing")
            }
            #expect(try await sharing("{\"visibility\":\"public\"}", as: ada).1["link"] as? String == link, "public again keeps its link")
            #expect(try await sharing("{\"visibility\":\"club\"}", as: ada).1["link"] == nil)
            try await client.execute(uri: link, method: .get) { #expect($0.status == .notFound, "the old link stops working") }
            let again = try await sharing("{\"visibility\":\"public\"}", as: ada).1["link"] as? String
            #expect(again != nil && again != link, "a new link")
        }
    }

    /// A ride of `minutes` at `speed` m/s from `start`, with `laps` equal laps, as ada's archive.
    func ride(start: Date, minutes: Int, speed: Double, laps: Int) throws -> WorkoutArchive {
        let seconds = minutes * 60
        let records = (0...seconds).map { second in
            ActivityRecord(date: start.addingTimeInterval(Double(second)), latitude: 52.37 + Double(second) * speed / 111_200, longitude: 4.89,
                           heartRate: 140, speed: speed, distance: Double(second) * speed)
        }
        let lapSeconds = Double(seconds) / Double(laps)
        let lapSummaries = (0..<laps).map { index in
            ActivitySummary(sport: .cycling, start: start.addingTimeInterval(Double(index) * lapSeconds), elapsedTime: lapSeconds, distance: lapSeconds * speed)
        }
        let session = ActivitySummary(sport: .cycling, start: start, elapsedTime: Double(seconds), distance: Double(seconds) * speed)
        let activity = Activity(records: records, laps: lapSummaries, sessions: [session])
        let summary = WorkoutSummary(id: UUID().uuidString, activity: "cycling", start: start, end: start.addingTimeInterval(Double(seconds)),
                                     durationSeconds: Double(seconds), distanceMeters: Double(seconds) * speed, energyKilocalories: nil,
                                     averageHeartRate: 140, pauses: 0, legs: nil)
        return try WorkoutArchive(summary: summary, activity: activity)
    }

    /// Laps that do not pair (one lap against three) are compared every 5 km from the records, with the gap
    /// building up and the totals; a workout's page links the comparison, which first asks what to compare with.
    @Test func aComparisonPairsEqualStretchesWhenLapsDoNotPair() async throws {
        let fixture = try await fixture(.sqlite)
        defer { Task { await fixture.server.club.database.close() } }
        let club = fixture.server.club
        let ada = try #require(try await club.athlete(named: "ada"))
        // 25 minutes: at 8 m/s 12 km, at 7.5 m/s 11.25 km; two whole stretches of 5 km each and a partial one.
        let fast = try ride(start: Date(timeIntervalSince1970: 1_789_990_000), minutes: 25, speed: 8, laps: 1)
        let slow = try ride(start: Date(timeIntervalSince1970: 1_790_090_000), minutes: 25, speed: 7.5, laps: 3)
        for archive in [fast, slow] { _ = try await club.store(archive, owner: ada.id) }
        let app = Application(router: fixture.server.router())
        let headers = bearer(fixture.ada)
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/compare?a=\(fast.id.uuidString)&b=\(slow.id.uuidString)", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                let body = try json(response.body)
                #expect(body["matchedBy"] as? String == "distance" && body["stretchMeters"] as? Double == 5_000)
                let pairs = try #require(body["laps"] as? [[String: Any]])
                // 5 km takes 625 s at 8 m/s and 666.67 s at 7.5 m/s: B is 41.67 s slower each stretch; the last, partial ones do not compare.
                #expect(pairs.count == 3)
                #expect(abs((pairs[0]["difference"] as? Double ?? 0) - 41.667) < 0.1 && abs((pairs[1]["gap"] as? Double ?? 0) - 83.333) < 0.2, "\(pairs)")
                #expect(pairs[2]["difference"] == nil)
                let totals = try #require(body["totals"] as? [String: [String: Any]])
                #expect(totals["a"]?["distanceMeters"] as? Double == 12_000 && totals["b"]?["distanceMeters"] as? Double == 11_250)
            }
            // Laps that pair are compared lap by lap.
            try await client.execute(uri: "/api/compare?a=\(slow.id.uuidString)&b=\(slow.id.uuidString)", method: .get, headers: headers) { response in
                let body = try json(response.body)
                #expect(body["matchedBy"] as? String == "laps" && (body["laps"] as? [Any])?.count == 3)
            }
            try await client.execute(uri: "/workouts/\(fast.id.uuidString)", method: .get, headers: headers) { response in
                #expect(String(buffer: response.body).contains("href=\"/compare?a=\(fast.id.uuidString)\""))
            }
            try await client.execute(uri: "/compare?a=\(fast.id.uuidString)", method: .get, headers: headers) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("b=\(slow.id.uuidString)") && !page.contains("b=\(fast.id.uuidString)\""), "\(page.suffix(800))")
            }
            // Over each other by distance: A at 28.8 km/h over 12 km, B at 27 km/h over 11.25 km. The axis runs 26.5–29 km/h
            // (steps of 0.5 around 26.9–28.9) over 190 units from y = 8, and 0–12 km over 730 units from x = 44: A's line at
            // y = 8 + (1 − 2.3 / 2.5) × 190 = 23.2 ending at x = 774, B's at y = 160 ending at 44 + 11.25 / 12 × 730 = 728.4.
            try await client.execute(uri: "/compare?a=\(fast.id.uuidString)&b=\(slow.id.uuidString)", method: .get, headers: headers) { response in
                let page = String(buffer: response.body)
                let chart = try #require(page.range(of: "id=\"overlay-speed\"").map { String(page[$0.upperBound...].prefix(20_000)) })
                func line(_ key: String) throws -> [(Double, Double)] {
                    let d = try #require(chart.firstMatch(of: try Regex("class=\"overlay overlay-\(key)\"[^>]* d=\"([^\"]+)\"")).map { String($0.output[1].substring ?? "") })
                    return d.split(whereSeparator: { $0 == "M" || $0 == "L" }).compactMap { pair in
                        let xy = pair.split(separator: ",").compactMap { Double($0) }
                        return xy.count == 2 ? (xy[0], xy[1]) : nil
                    }
                }
                let a = try line("a"), b = try line("b")
                #expect(a.allSatisfy { abs($0.1 - 23.2) < 0.1 } && abs((a.last?.0 ?? 0) - 774) < 0.1, "\(a.prefix(3)) … \(a.suffix(2))")
                #expect(b.allSatisfy { abs($0.1 - 160) < 0.1 } && abs((b.last?.0 ?? 0) - 728.4) < 0.1, "\(b.prefix(3)) … \(b.suffix(2))")
                #expect(page.contains("id=\"overlay-heart-rate\""))
            }
        }
    }

    /// A failed login keeps the name typed; a locked-out name is told how long, in seconds, not as a timestamp.
    @Test func aFailedLoginKeepsTheNameAndALockoutSaysHowLong() async throws {
        let fixture = try await fixture(.sqlite)
        defer { Task { await fixture.server.club.database.close() } }
        let app = Application(router: fixture.server.router())
        try await app.test(.router) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            for attempt in 1...5 {
                try await client.execute(uri: "/login", method: .post, headers: form, body: ByteBuffer(string: "name=ada&password=guess\(attempt)&next=/")) { response in
                    #expect(response.status == .unauthorized)
                    #expect(String(buffer: response.body).contains("name=\"name\" autocomplete=\"username\" required value=\"ada\""))
                }
            }
            try await client.execute(uri: "/login", method: .post, headers: form, body: ByteBuffer(string: "name=ada&password=correct+horse&next=/")) { response in
                #expect(response.status == .tooManyRequests)
                let page = String(buffer: response.body)
                #expect(page.contains("refused for 60 more seconds") || page.contains("refused for 59 more seconds"), "\(page.suffix(600))")
                #expect(!page.contains("Z.") && page.contains("value=\"ada\""))
            }
        }
    }

    /// The club run from the browser: the admin invites an athlete into a group and gives a password reset, each a
    /// one-time link; the invited athlete sets their password there and is logged in; the reset closes the old
    /// sessions and the old password; members change their sharing and leave; nobody but an admin reaches `/admin`.
    @Test(arguments: ClubDatabaseKind.available)
    func anAdminRunsTheClubInTheBrowserWithOneTimeLinks(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let club = fixture.server.club
        _ = try await club.addAthlete(name: "root", password: "admin password", isAdmin: true)
        let squad = try await club.addGroup(named: "Tuesday Squad")
        let bobID = try #require(try await club.athlete(named: "bob")).id
        let app = Application(router: fixture.server.router())
        try await app.test(.router) { client in
            let root = try await logIn(client, name: "root", password: "admin password")
            let bob = try await logIn(client, name: "bob", password: "battery staple")
            try await client.execute(uri: "/admin", method: .get, headers: bob.cookie) { #expect($0.status == .forbidden) }
            func post(_ path: String, _ form: String, as session: (cookie: HTTPFields, csrf: String)) async throws -> (HTTPResponse.Status, String, String?) {
                var headers = session.cookie
                headers[.contentType] = "application/x-www-form-urlencoded"
                return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: "csrf=\(session.csrf)&" + form)) { response in
                    (response.status, String(buffer: response.body), response.headers[.location])
                }
            }
            #expect(try await post("/admin/invite", "name=cleo", as: bob).0 == .forbidden)
            let invited = try await post("/admin/invite", "name=cleo&group=\(squad.id)", as: root)
            #expect(invited.0 == .ok)
            let link = try #require(invited.1.firstMatch(of: /value="http:\/\/[^"\/]*(\/welcome\/ohk_welcome_[A-Za-z0-9_-]+)"/).map { String($0.output.1) }, "\(invited.1.suffix(800))")
            #expect(try await post("/admin/invite", "name=cleo", as: root).0 == .unprocessableContent, "the name is taken")
            try await client.execute(uri: link, method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("Welcome, cleo"))
            }
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            try await client.execute(uri: link, method: .post, headers: form, body: ByteBuffer(string: "password=new+secret+1&confirmation=new+secret+2")) {
                #expect($0.status == .unprocessableContent)
            }
            try await client.execute(uri: link, method: .post, headers: form, body: ByteBuffer(string: "password=short&confirmation=short")) {
                #expect($0.status == .unprocessableContent)
            }
            try await client.execute(uri: link, method: .post, headers: form, body: ByteBuffer(string: "password=new+secret+1&confirmation=new+secret+1")) { response in
                #expect(response.status == .seeOther && response.headers[.setCookie]?.hasPrefix("ohk_session=") == true)
            }
            try await client.execute(uri: link, method: .get) { #expect($0.status == .notFound, "a link works once") }
            #expect(try await club.logIn(name: "cleo", password: "new secret 1") != nil)
            let cleo = try #require(try await club.athlete(named: "cleo"))
            #expect(try await club.memberships(of: cleo.id).map(\.group.name) == ["Tuesday Squad"])

            // A reset for bob: his session ends and his old password with it.
            let reset = try await post("/admin/reset", "athlete=\(bobID)", as: root)
            let resetLink = try #require(reset.1.firstMatch(of: /(\/welcome\/ohk_welcome_[A-Za-z0-9_-]+)/).map { String($0.output.1) })
            try await client.execute(uri: resetLink, method: .post, headers: form, body: ByteBuffer(string: "password=fresh+staple&confirmation=fresh+staple")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/account", method: .get, headers: bob.cookie) { #expect($0.status != .ok, "bob's old session is closed") }
            #expect(try await club.logIn(name: "bob", password: "battery staple") == nil)
            let bobAgain = try await logIn(client, name: "bob", password: "fresh staple")

            // Roles and membership from the admin page; sharing and leaving from the member's own.
            #expect(try await post("/admin/join", "athlete=\(bobID)&group=\(squad.id)&role=coach", as: root).2?.hasPrefix("/admin?done=") == true)
            #expect(try await club.memberships(of: bobID).map(\.role) == [.coach])
            #expect(try await post("/account/groups", "group=\(squad.id)&action=unshare", as: bobAgain).0 == .seeOther)
            #expect(try await club.memberships(of: bobID).first?.sharesWorkouts == false)
            #expect(try await post("/admin/join", "athlete=\(bobID)&group=\(squad.id)&role=member", as: root).0 == .seeOther)
            #expect(try await club.memberships(of: bobID).first?.sharesWorkouts == false, "an admin's role change keeps the member's own say on sharing")
            #expect(try await post("/account/groups", "group=\(squad.id)&action=leave", as: bobAgain).0 == .seeOther)
            #expect(try await club.memberships(of: bobID).isEmpty)
            #expect(try await post("/account/groups", "group=\(squad.id)&action=leave", as: bobAgain).0 == .badRequest, "no longer his group")
            #expect(try await post("/admin/remove", "athlete=\(cleo.id)&group=\(squad.id)", as: root).0 == .seeOther)
            #expect(try await club.memberships(of: cleo.id).isEmpty)
            try await client.execute(uri: "/admin", method: .get, headers: root.cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok && page.contains("data-athlete=\"cleo\"") && page.contains("Tuesday Squad"))
            }
        }
    }

    /// Logs `name` in through the page's form: the session cookie and the CSRF token its pages carry.
    func logIn(_ client: some TestClientProtocol, name: String, password: String) async throws -> (cookie: HTTPFields, csrf: String) {
        let cookie = try await client.execute(uri: "/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                              body: ByteBuffer(string: "name=\(name)&password=\(password.replacingOccurrences(of: " ", with: "+"))&next=/")) { response in
            #expect(response.status == .seeOther)
            let setCookie = try #require(response.headers[.setCookie])
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))
            return String(try #require(setCookie.split(separator: ";").first))
        }
        let headers: HTTPFields = [.cookie: cookie]
        let csrf = try await client.execute(uri: "/", method: .get, headers: headers) { response in
            let page = String(buffer: response.body)
            let start = try #require(page.range(of: "name=\"csrf-token\" content=\""))
            return String(page[start.upperBound...].prefix { $0 != "\"" })
        }
        return (headers, csrf)
    }

    @Test(arguments: ClubDatabaseKind.available)
    func aSessionUsesThePagesAndChangesOnlyItsOwnWithItsFormToken(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let file = try RouteTestFile.ride()
        let app = Application(router: fixture.server.router())
        try await app.test(.router) { client in
            let ada = try await logIn(client, name: "ada", password: "correct horse")
            let bob = try await logIn(client, name: "bob", password: "battery staple")
            try await client.execute(uri: "/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "name=ada&password=wrong")) { #expect($0.status == .unauthorized) }
            var upload = ada.cookie
            upload[.contentType] = MultipartUpload.contentType
            try await client.execute(uri: "/upload", method: .post, headers: upload,
                                     body: ByteBuffer(bytes: MultipartUpload.body(file: file, name: "ride.fit"))) { #expect($0.status == .forbidden, "no form token") }
            let id = try await client.execute(uri: "/upload", method: .post, headers: upload,
                                              body: ByteBuffer(bytes: MultipartUpload.body(file: file, name: "ride.fit", fields: ["csrf": ada.csrf]))) { response in
                #expect(response.status == .seeOther)
                return String(try #require(response.headers[.location]).dropFirst("/workouts/".count))
            }
            try await client.execute(uri: "/", method: .get, headers: ada.cookie) { response in
                #expect(String(buffer: response.body).contains("<td>ada</td>"), "the athlete column")
            }
            for path in ["/workouts/\(id)", "/workouts/\(id)/download/gpx", "/workouts/\(id)/delete"] {
                try await client.execute(uri: path, method: .get, headers: ada.cookie) { #expect($0.status == .ok, "ada: \(path)") }
                try await client.execute(uri: path, method: .get, headers: bob.cookie) { #expect($0.status == .notFound, "bob: \(path)") }
            }
            try await client.execute(uri: "/workouts/\(id)/download/original", method: .get, headers: ada.cookie) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("keeps no original file"))
            }
            var form = ada.cookie
            form[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(uri: "/workouts/\(id)/delete", method: .post, headers: form, body: ByteBuffer(string: "csrf=forged")) {
                #expect($0.status == .forbidden)
            }
            var bobForm = bob.cookie
            bobForm[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(uri: "/workouts/\(id)/delete", method: .post, headers: bobForm, body: ByteBuffer(string: "csrf=\(bob.csrf)")) {
                #expect($0.status == .notFound, "bob cannot delete ada's")
            }
            try await client.execute(uri: "/workouts/\(id)/delete", method: .post, headers: form, body: ByteBuffer(string: "csrf=\(ada.csrf)")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/workouts/\(id)", method: .get, headers: ada.cookie) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/logout", method: .post, headers: form, body: ByteBuffer(string: "csrf=forged")) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/logout", method: .post, headers: form, body: ByteBuffer(string: "csrf=\(ada.csrf)")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.setCookie]?.contains("Max-Age=0") == true)
            }
            try await client.execute(uri: "/", method: .get, headers: ada.cookie) { #expect($0.status == .seeOther, "the session has ended") }
        }
    }
}

/// A member's fitness on the club: the chart from the stress the club kept with each workout they synced, as
/// the API and the page, on SQLite and PostgreSQL; another member's workouts are not in it.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ClubFitnessRoutesTests {
    @Test(arguments: ClubDatabaseKind.available)
    func aMembersChartIsMadeOfTheirOwnWorkoutsStress(_ kind: ClubDatabaseKind) async throws {
        let fixture = try await ClubServerRoutesTests().fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let club = fixture.server.club
        let ada = try #require(try await club.athlete(named: "ada")), bob = try #require(try await club.athlete(named: "bob"))
        // "Today" is the club's clock: 2026-09-21 UTC. Two of ada's workouts, a day apart, and one of bob's.
        let today = Date(timeIntervalSince1970: 1_790_000_000)
        for (owner, daysAgo) in [(ada.id, 3.0), (ada.id, 2.0), (bob.id, 2.0)] {
            let start = today.addingTimeInterval(-daysAgo * 86_400)
            let archive = try RouteTestFile.archive(start: start, athlete: AthleteFigures(maximumHeartRate: 190, restingHeartRate: 50))
            #expect(try await club.store(archive, owner: owner) == .stored)
        }
        let stresses = try await club.stresses(of: ada.id, through: today)
        #expect(stresses.count == 2 && stresses.allSatisfy { $0.stress > 0 })
        let app = Application(router: fixture.server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/fitness?days=7", method: .get, headers: ClubServerRoutesTests().bearer(fixture.ada)) { response in
                #expect(response.status == .ok)
                let report = try JSONDecoder().decode(FitnessReport.self, from: Data(response.body.readableBytesView))
                #expect(report.workouts == 2)
                #expect(report.days.filter { $0.stress > 0 }.map(\.stress) == stresses.map(\.stress))
                #expect(report.days.last?.date == "2026-09-21")
                #expect(report.powerCurve == nil)
            }
            try await client.execute(uri: "/fitness?days=42", method: .get, headers: ClubServerRoutesTests().bearer(fixture.bob)) { response in
                #expect(response.status == .ok)
                let page = String(buffer: response.body)
                #expect(page.contains("1 workout") && page.contains("id=\"fitness-chart\""), "\(page.prefix(1_500))")
            }
            try await client.execute(uri: "/api/fitness?to=someday", method: .get, headers: ClubServerRoutesTests().bearer(fixture.ada)) {
                #expect($0.status == .badRequest)
            }
        }
    }
}
