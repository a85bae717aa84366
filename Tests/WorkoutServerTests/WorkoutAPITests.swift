import Foundation
import Hummingbird
import HummingbirdTesting
import OpenHealthKit
import TestSupport
import Testing
import WorkoutClub
@testable import WorkoutServer

/// One API on both servers: the same file uploaded to a store and to a club reads back with the same figures
/// and the same samples, compact and rounded, every sample type answered the same way.
@Suite(.timeLimit(.minutes(10))) struct WorkoutAPITests {
    /// What a server answers, as text, for each of `paths`, after the ride is uploaded with `headers`.
    func answers<Router: HTTPResponderBuilder>(_ router: Router, headers: HTTPFields, paths: @escaping @Sendable (String) -> [String]) async throws
        -> [String: (HTTPResponse.Status, String)] where Router.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let file = try RouteTestFile.ride()
        let app = Application(router: router)
        return try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, headers: headers, body: ByteBuffer(bytes: file)) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                return try #require(body?["id"] as? String)
            }
            var answers: [String: (HTTPResponse.Status, String)] = [:]
            for path in paths(id) {
                answers[path.replacingOccurrences(of: id, with: "ID")] = try await client.execute(uri: path, method: .get, headers: headers) { ($0.status, String(buffer: $0.body)) }
            }
            return answers
        }
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(200))")
    }

    static func paths(_ id: String) -> [String] {
        ["/api/workouts/\(id)"] + ["heartRate", "distance", "distanceCycling", "speed", "altitude", "power", "heartRat"].map { "/api/workouts/\(id)/samples?type=\($0)" }
            + ["/api/workouts/\(id)/samples?type=heartRate&resolution=10", "/api/workouts/\(id)/samples?type=heartRate&resolution=0"]
    }

    @Test func theStoreAndTheClubAnswerTheSameShapeWithTheSameFigures() async throws {
        let store = HKHealthStore(location: .file(Scratch.url("api", extension: "sqlite").path))
        let storeServer = WorkoutServer(library: StoreCatalog(store: store), configuration: .init(host: "127.0.0.1", port: 0))
        let fromStore = try await answers(storeServer.router(), headers: [:], paths: Self.paths(_:))

        let club = Club(database: try SQLiteClubDatabase(path: Scratch.url("api-club", extension: "sqlite").path), passwordRounds: 1_000,
                        now: { Date(timeIntervalSince1970: 1_790_000_000) })
        try await club.migrate()
        let ada = try await club.addAthlete(name: "ada", password: "correct horse")
        let token = try await club.issueToken(for: ada.id, label: "test").secret
        let clubServer = ClubServer(club: club, configuration: .init(host: "127.0.0.1", port: 0))
        let fromClub = try await answers(clubServer.router(), headers: [.authorization: "Bearer \(token)"], paths: Self.paths(_:))
        await club.database.close()

        #expect(Set(fromStore.keys) == Set(fromClub.keys))
        for (path, (status, body)) in fromStore.sorted(by: { $0.key < $1.key }) {
            let (clubStatus, clubBody) = try #require(fromClub[path])
            #expect(status == clubStatus, "\(path): the store answers \(status), the club \(clubStatus)")
            guard path.contains("/samples") else { continue }
            // Samples are the same bytes on both servers.
            #expect(body == clubBody, "\(path):\nstore \(body.prefix(300))\nclub  \(clubBody.prefix(300))")
        }

        // The detail: the same figures, laps as objects, readings by column; the club adds its stored series.
        let storeDetail = try object(try #require(fromStore["/api/workouts/ID"]).1)
        let clubDetail = try object(try #require(fromClub["/api/workouts/ID"]).1)
        let storeFigures = try #require(storeDetail["figures"] as? [String: Any])
        let clubFigures = try #require(clubDetail["figures"] as? [String: Any])
        #expect(NSDictionary(dictionary: storeFigures).isEqual(to: clubFigures), "store \(storeFigures)\nclub \(clubFigures)")
        #expect((storeFigures["laps"] as? [[String: Any]])?.first?["number"] as? Int == 1)
        #expect(storeDetail["readings"] as? [String: Int] == clubDetail["readings"] as? [String: Int])
        #expect((storeDetail["readings"] as? [String: Int])?["heartRate"] == 120)
        #expect(storeDetail["stored"] == nil && (clubDetail["stored"] as? [String: Int])?["time"] == 120)
        #expect((clubDetail["workout"] as? [String: Any])?["athleteName"] as? String == "ada")
        // No float noise: no number in either body has more than three decimals.
        for body in [try #require(fromStore["/api/workouts/ID"]).1, try #require(fromClub["/api/workouts/ID"]).1] {
            #expect(body.range(of: #"[0-9]\.[0-9]{4,}"#, options: .regularExpression) == nil, "\(body.prefix(600))")
        }

        // Compact samples: offsets and values in two arrays; distance cumulative, under HealthKit's name too.
        let heartRate = try object(try #require(fromStore["/api/workouts/ID/samples?type=heartRate"]).1)
        #expect(heartRate["unit"] as? String == "count/min" && (heartRate["values"] as? [Double])?.count == 120)
        #expect((heartRate["offsets"] as? [Double])?.prefix(3) == [0, 1, 2] && (heartRate["values"] as? [Double])?.prefix(2) == [125, 126])
        let distance = try object(try #require(fromStore["/api/workouts/ID/samples?type=distanceCycling"]).1)
        let meters = try #require(distance["values"] as? [Double])
        #expect(distance["type"] as? String == "distance" && meters == meters.sorted() && meters.last == 119 * 5.5)
        // Averaged every 10 s: the 12 buckets' means, at 0, 10, 20 …
        let averaged = try object(try #require(fromStore["/api/workouts/ID/samples?type=heartRate&resolution=10"]).1)
        #expect(averaged["resolution"] as? Double == 10 && (averaged["offsets"] as? [Double]) == (0..<12).map { Double($0 * 10) })
        #expect((averaged["values"] as? [Double])?.first == 129.5, "the mean of 125 … 134")
        // What is refused, and how.
        #expect(fromStore["/api/workouts/ID/samples?type=heartRate&resolution=0"]?.0 == .badRequest)
        let unknown = try #require(fromStore["/api/workouts/ID/samples?type=heartRat"])
        #expect(unknown.0 == .badRequest && unknown.1.contains("Did you mean 'heartRate'?"), "\(unknown.1)")
        #expect(fromStore["/api/workouts/ID/samples?type=power"].map { try? object($0.1)["values"] as? [Double] } == [], "no power: no values")
    }

    @Test func numbersAreRoundedOutsideStringsOnly() {
        let json = Data(#"{"a":1953.9999999999995,"b":"1.23456789","c":[0.30000000000000004,-2.5e-07,12,3.25],"d\"e":7.123456}"#.utf8)
        #expect(String(decoding: RoundedJSON.rounded(json, decimals: 3), as: UTF8.self)
                == #"{"a":1954,"b":"1.23456789","c":[0.3,0,12,3.25],"d\"e":7.123}"#)
    }
}
