import Foundation
import Hummingbird
import HummingbirdTesting
import OpenHealthKit
import TestSupport
import WorkoutFormats
import WorkoutLibrary
import Testing
@testable import WorkoutServer

/// The one-athlete server's routes, driven in process: every route's answer for a stored workout, an unknown
/// one and bad input, as pages and as the API.
@Suite(.timeLimit(.minutes(10))) struct WorkoutServerRoutesTests {
    func server() -> WorkoutServer {
        let store = HKHealthStore(location: .file(Scratch.url("routes", extension: "sqlite").path))
        return WorkoutServer(library: StoreCatalog(store: store), configuration: .init(host: "127.0.0.1", port: 0))
    }

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    /// Off loopback every read needs the token, but a proxy's questions do not: the process answers, the store does,
    /// and the figures count the refused request and the live page's followers.
    @Test func healthAndFiguresNeedNoTokenWhereEverythingElseDoes() async throws {
        let store = HKHealthStore(location: .file(Scratch.url("routes", extension: "sqlite").path))
        let feed = LiveFeed(wallClock: { Date(timeIntervalSince1970: 1_790_000_000) })
        let server = WorkoutServer(library: StoreCatalog(store: store), liveFeed: feed, configuration: .init(host: "0.0.0.0", port: 0, token: "secret"))
        let following = await feed.subscribe()
        // The store made and opened first, as a running server's is: readiness asks an open store, not a new one being created.
        _ = try await server.library.allSummaries()
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/workouts", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/readyz", method: .get) { #expect($0.status == .ok && String(buffer: $0.body) == "ready\n") }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.contains("openhealthkit_http_requests_total{route=\"/api/workouts\",method=\"GET\",status=\"401\"} 1"), "\(text)")
                #expect(text.contains("openhealthkit_live_followers_count 1"), "\(text)")
            }
        }
        _ = following
    }

    @Test func unknownWorkoutsAndBadInputAnswerTheirStatusOnEveryRoute() async throws {
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            for path in ["/api/workouts/0000", "/api/workouts/0000/samples?type=heartRate", "/api/workouts/0000/file?format=fit"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound, "\(path)")
                    let error = try #require(try json(response.body)["error"] as? [String: Any])
                    #expect((error["message"] as? String)?.contains("'0000'") == true, "\(path): \(error)")
                }
            }
            for path in ["/workouts/0000", "/workouts/0000/edit", "/workouts/0000/delete", "/workouts/0000/download/fit"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound, "\(path)")
                    #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "\(path)")
                    #expect(String(buffer: response.body).contains("No workout has the identifier"), "\(path)")
                }
            }
            try await client.execute(uri: "/api/workouts/0000", method: .delete) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts/0000", method: .patch, body: ByteBuffer(string: "{}")) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts?sort=sideways", method: .get) { response in
                #expect(response.status == .badRequest)
                let error = try json(response.body)["error"] as? [String: Any]
                #expect(error?["title"] as? String == "Bad query")
            }
            try await client.execute(uri: "/?page=0", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/workouts?filename=x.fit", method: .post, body: ByteBuffer(string: "not a file")) { response in
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(uri: "/api/live", method: .get) { #expect($0.status == .notFound) }
            // A server without a recording says so on the live page, rather than leave it trying to connect.
            try await client.execute(uri: "/live", method: .get) { response in
                #expect(response.status == .notFound)
                let page = String(buffer: response.body)
                #expect(page.contains("Nothing is being recorded") && page.contains("workout record"), "\(page.prefix(500))")
            }
        }
    }

    /// A damaged file is refused with what can be kept and how; ticked, what precedes the damage is stored. A file
    /// stored already is refused with a link to the workout that has it.
    @Test func aDamagedFileCanBeSalvagedAndADuplicateLinksTheWorkoutStored() async throws {
        let file = try RouteTestFile.ride()
        let cut = file.prefix(file.count * 2 / 3)
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/workouts?filename=cut.fit", method: .post, body: ByteBuffer(bytes: cut)) { response in
                #expect(response.status == .unprocessableContent)
                let message = (try json(response.body)["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains("can be kept") && message.contains("?salvage=true") && !message.contains("--salvage"), "\(message)")
            }
            let id = try await client.execute(uri: "/api/workouts?filename=cut.fit&salvage=true", method: .post, body: ByteBuffer(bytes: cut)) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try #require(try json(response.body)["id"] as? String)
            }
            // Through the page's form, the same file again: 409, and the page links the workout stored already.
            let boundary = "ohk-boundary"
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"salvage\"\r\n\r\n1\r\n".utf8)
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut.fit\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += cut + Data("\r\n--\(boundary)--\r\n".utf8)
            try await client.execute(uri: "/upload", method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .conflict)
                #expect(String(buffer: response.body).contains("id=\"error-link\" href=\"/workouts/\(id)\""), "\(String(buffer: response.body).suffix(500))")
            }
            // The list says its order in words, and its upload form offers to keep what can be read.
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("sorted by start, newest first") || page.contains("newest first"), "\(page.prefix(1500))")
                #expect(page.contains("name=\"salvage\"") && page.contains("rel=\"icon\""))
            }
        }
    }

    /// The history page and API over the store: the month with the uploaded ride, its day linking it.
    @Test func theHistoryShowsTheMonthOfAStoredWorkout() async throws {
        let file = try RouteTestFile.ride(start: Date(timeIntervalSince1970: 1_789_990_000))
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, body: ByteBuffer(bytes: file)) { response in
                try #require(try json(response.body)["id"] as? String)
            }
            // 1,789,990,000 s is 2026-09-21 (UTC).
            try await client.execute(uri: "/api/history?month=2026-09", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response.body)
                let days = try #require(body["days"] as? [[String: Any]])
                let day = try #require(days.first { ($0["workouts"] as? [Any])?.isEmpty == false })
                #expect(day["day"] as? String == "2026-09-21")
                #expect(((body["records"] as? [[String: Any]])?.first?["workout"] as? [String: Any])?["id"] as? String == id)
            }
            try await client.execute(uri: "/history?month=2026-09", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok && page.contains("September 2026") && page.contains("href=\"/workouts/\(id)\""))
                #expect(page.contains("href=\"/history?month=2026-08\"") && page.contains("href=\"/history?month=2026-10\""))
            }
            try await client.execute(uri: "/api/history?month=2026-9", method: .get) { #expect($0.status == .badRequest) }
            // Without a month, the latest workout's (not the current one's), with a control for any month.
            try await client.execute(uri: "/history", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("<strong id=\"history-month\">September 2026</strong>") && page.contains("href=\"/workouts/\(id)\""))
                #expect(page.contains("<input type=\"month\" id=\"history-month-choice\" name=\"month\" value=\"2026-09\" required>"))
            }
        }
    }

    /// The list shows each workout at its own local time, as its page and `workout list` do (the fenix 2 run, two hours
    /// east of UTC, showed its UTC time), unless the reader chose a zone.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the fenix 2 run"))
    func theListShowsEachWorkoutAtItsOwnLocalTime() async throws {
        let run = try Data(contentsOf: SharedData.file("activity-files/fitparse__fenix2-run.fit"))
        let zone = try #require(try ActivityFile.read(run, format: .fit, path: "run.fit").timeZone)
        #expect(zone.secondsFromGMT() != 0)
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            let (id, start) = try await client.execute(uri: "/api/workouts?filename=run.fit", method: .post, body: ByteBuffer(bytes: run)) { response in
                let row = try json(response.body)
                return (try #require(row["id"] as? String),
                        try #require((row["start"] as? String).flatMap { try? Date($0, strategy: .iso8601) }, "\(row)"))
            }
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("<a href=\"/workouts/\(id)\">\(WorkoutDateText.dateTime(start, in: zone))</a>"), "\(page)")
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "ohk_time_zone=UTC"]) { response in
                #expect(String(buffer: response.body).contains("<a href=\"/workouts/\(id)\">\(WorkoutDateText.dateTime(start, in: .gmt))</a>"))
            }
        }
    }

    /// Personal records by effort come from each workout's kept efforts, and say what its own report's best
    /// efforts say; a workout saved before efforts were kept gets them computed once.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Edge 500 ride"))
    func personalRecordsByEffortAreTheReportsBestEfforts() async throws {
        let store = HKHealthStore(location: .file(Scratch.url("records", extension: "sqlite").path))
        let server = WorkoutServer(library: StoreCatalog(store: store), configuration: .init(host: "127.0.0.1", port: 0))
        let app = Application(router: server.router())
        let ride = try Data(contentsOf: SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit"))
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, body: ByteBuffer(bytes: ride)) { response in
                try #require(try json(response.body)["id"] as? String)
            }
            // The report's best efforts: Fastest 10 km, 20 km, 40 km.
            let report = try await client.execute(uri: "/workouts/\(id)", method: .get) { String(buffer: $0.body) }
            let section = try #require(report.range(of: "<section id=\"best-efforts\"").map { String(report[$0.lowerBound...]) })
            func reported(_ name: String) -> String? {
                guard let row = section.range(of: "<td>\(name)</td><td>") else { return nil }
                return String(section[row.upperBound...].prefix { $0 != "<" })
            }
            func records() async throws -> [String: Double] {
                try await client.execute(uri: "/api/history?month=2011-09", method: .get) { response in
                    let records = try #require(try json(response.body)["records"] as? [[String: Any]])
                    var fastest: [String: Double] = [:]
                    for record in records where record["kind"] as? String == "fastest" {
                        if let meters = record["meters"] as? Double, let seconds = record["value"] as? Double { fastest[String(Int(meters))] = seconds }
                    }
                    return fastest
                }
            }
            let fastest = try await records()
            for (meters, name) in [("10000", "Fastest 10 km"), ("20000", "Fastest 20 km"), ("40000", "Fastest 40 km")] {
                let seconds = try #require(fastest[meters], "no record over \(meters) m: \(fastest)")
                #expect(WorkoutFigures.clock(seconds) == reported(name), "\(name): history \(seconds) s, report \(reported(name) ?? "none")")
            }
            #expect(fastest["100000"] == nil, "a 92.6-km ride has no fastest 100 km")
            try await client.execute(uri: "/history?month=2011-09", method: .get) { response in
                let page = String(buffer: response.body)
                let row = try #require(page.range(of: "data-kind=\"fastest\" data-meters=\"20000.0\">").map { String(page[$0.upperBound...].prefix(300)) })
                #expect(row.contains("<td>Fastest 20 km</td><td>\(reported("Fastest 20 km") ?? "?")</td>") && row.contains("href=\"/workouts/\(id)\""), "\(row)")
            }

            // As a workout saved before efforts were kept: the history computes them once, the same.
            let workout = try #require(try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store).first)
            #expect(workout.metadata?[OpenHealthKitMetadataKeyBestEfforts] != nil)
            _ = try await store.updateMetadata(of: workout, removing: [OpenHealthKitMetadataKeyBestEfforts])
            #expect(try await records() == fastest)
            #expect(try await store.keepMissingEfforts() == 0)
        }
    }

    /// A store's workout is private or public; its public link is read without the server's token, on a server
    /// whose every other page needs it, and stops working when the workout is made private again.
    @Test func aPublicWorkoutsLinkIsReadWithoutTheToken() async throws {
        let store = HKHealthStore(location: .file(Scratch.url("sharing", extension: "sqlite").path))
        let server = WorkoutServer(library: StoreCatalog(store: store), configuration: .init(host: "0.0.0.0", port: 0, token: "correct horse battery"))
        let app = Application(router: server.router())
        let owner: HTTPFields = [.authorization: "Bearer correct horse battery"]
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, headers: owner, body: ByteBuffer(bytes: try RouteTestFile.ride())) { response in
                try #require(try json(response.body)["id"] as? String)
            }
            try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .get, headers: owner) { response in
                let visibility = try json(response.body)["visibility"] as? String
                #expect(visibility == "private")
            }
            try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .put, headers: owner, body: ByteBuffer(string: "{\"visibility\":\"club\"}")) { response in
                #expect(response.status == .badRequest && String(buffer: response.body).contains("\\\"private\\\", \\\"public\\\""), "a store has no club: \(String(buffer: response.body))")
            }
            try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .put, body: ByteBuffer(string: "{\"visibility\":\"public\"}")) { #expect($0.status == .unauthorized) }
            let link = try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .put, headers: owner, body: ByteBuffer(string: "{\"visibility\":\"public\"}")) { response in
                try #require(try json(response.body)["link"] as? String)
            }
            try await client.execute(uri: "/workouts/\(id)", method: .get) { #expect($0.status == .unauthorized, "the server stays private") }
            try await client.execute(uri: link, method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("id=\"route\""))
            }
            try await client.execute(uri: "/workouts/\(id)/sharing", method: .get, headers: owner) { response in
                #expect(String(buffer: response.body).contains("href=\"\(link)\""))
            }
            try await client.execute(uri: "/api/workouts/\(id)/sharing", method: .put, headers: owner, body: ByteBuffer(string: "{\"visibility\":\"private\"}")) { #expect($0.status == .ok) }
            try await client.execute(uri: link, method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/shared/\(String(repeating: "x", count: 43))", method: .get) { #expect($0.status == .notFound) }
        }
    }

    /// Miles and a time zone chosen on `/settings` are kept in the browser and read by the list, the workouts and the history.
    @Test func theReadersUnitsAndTimeZoneAreKeptAndUsed() async throws {
        let file = try RouteTestFile.ride(start: Date(timeIntervalSince1970: 1_789_990_000))
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, body: ByteBuffer(bytes: file)) { response in
                try #require(try json(response.body)["id"] as? String)
            }
            try await client.execute(uri: "/settings", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("name=\"units\" value=\"imperial\""))
            }
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            try await client.execute(uri: "/settings", method: .post, headers: form, body: ByteBuffer(string: "units=imperial&timeZone=Mars%2FOlympus")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("is not a time zone"))
            }
            try await client.execute(uri: "/settings", method: .post, headers: form, body: ByteBuffer(string: "units=metric&tiles=ftp%3A%2F%2Fx")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("is not a tile server"))
            }
            let cookies = try await client.execute(uri: "/settings", method: .post, headers: form,
                                                   body: ByteBuffer(string: "units=imperial&timeZone=America%2FDenver&tiles=https%3A%2F%2Ftile.example%2F%7Bz%7D%2F%7Bx%7D%2F%7By%7D.png")) { response in
                #expect(response.status == .seeOther)
                return response.headers[values: .setCookie].compactMap { $0.split(separator: ";").first.map(String.init) }
            }
            #expect(cookies.contains("ohk_units=imperial") && cookies.contains { $0.hasPrefix("ohk_time_zone=America") }, "\(cookies)")
            let reader: HTTPFields = [.cookie: cookies.joined(separator: "; ")]
            try await client.execute(uri: "/", method: .get, headers: reader) { response in
                // 119 × 5.5 m is 0.41 mi; 1,789,990,000 s is 21 September 2026, 11:26 UTC, 05:26 in Denver.
                let page = String(buffer: response.body)
                #expect(page.contains("0.41 mi") && page.contains("Mon 21 Sep 2026 05:26"), "\(page.suffix(1500))")
            }
            try await client.execute(uri: "/workouts/\(id)", method: .get, headers: reader) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("Splits per") && page.contains("mph"))
                // The reader's tile server draws under the route, credited by its host.
                #expect(page.contains("<image href=\"https://tile.example/") && page.contains("id=\"map-attribution\">Map tiles: tile.example</p>"))
            }
            try await client.execute(uri: "/history?month=2026-09", method: .get, headers: reader) { response in
                #expect(String(buffer: response.body).contains("0.3 mi") || String(buffer: response.body).contains("0.4 mi"))
            }
            // Without the cookies, the server's kilometres and zone.
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body).contains("0.65 km"))
            }
        }
    }

    @Test func aStoredWorkoutAnswersEveryRoute() async throws {
        let file = try RouteTestFile.ride()
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            let id = try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, body: ByteBuffer(bytes: file)) { response in
                #expect(response.status == .created)
                return try #require(try json(response.body)["id"] as? String)
            }
            try await client.execute(uri: "/api/workouts?filename=ride.fit", method: .post, body: ByteBuffer(bytes: file)) { #expect($0.status == .conflict) }
            try await client.execute(uri: "/api/workouts", method: .get) { response in
                #expect(response.status == .ok)
                let matching = try json(response.body)["matching"] as? Int
                #expect(matching == 1)
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .get) { response in
                #expect(response.status == .ok)
                let links = try #require(try json(response.body)["links"] as? [String: String])
                #expect(links["original"] == "/api/workouts/\(id)/file?format=original")
            }
            try await client.execute(uri: "/api/workouts/\(id)/samples?type=heartRate", method: .get) { response in
                #expect(response.status == .ok)
                let values = try json(response.body)["values"] as? [Any]
                #expect(values?.isEmpty == false)
            }
            // Its first 8 characters find it: the API answers, the page sends to its full address.
            try await client.execute(uri: "/api/workouts/\(id.prefix(8).lowercased())", method: .get) { response in
                #expect(response.status == .ok)
                let workout = try json(response.body)["workout"] as? [String: Any]
                #expect(workout?["id"] as? String == id)
            }
            try await client.execute(uri: "/workouts/\(id.prefix(8))", method: .get) { response in
                #expect(response.status == .seeOther && response.headers[.location] == "/workouts/\(id)")
            }
            try await client.execute(uri: "/api/workouts/\(id.prefix(7))", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/workouts/\(id)/samples?type=heartRat", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("heartRate"), "suggests the type")
            }
            for format in ["fit", "tcx", "gpx"] {
                try await client.execute(uri: "/api/workouts/\(id)/file?format=\(format)", method: .get) { #expect($0.status == .ok, "\(format)") }
            }
            try await client.execute(uri: "/api/workouts/\(id)/file?format=original", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == file, "the original, byte for byte")
            }
            try await client.execute(uri: "/api/workouts/\(id)/file?format=kml", method: .get) { #expect($0.status == .notFound) }
            for path in ["/", "/workouts/\(id)", "/workouts/\(id)/edit", "/workouts/\(id)/delete"] {
                try await client.execute(uri: path, method: .get) { #expect($0.status == .ok, "\(path)") }
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .patch, body: ByteBuffer(string: "not json")) { #expect($0.status == .badRequest) }
            // What is wrong, in words, not the decoder's internals; a body too large is told how large one may be.
            try await client.execute(uri: "/api/workouts/\(id)", method: .patch, body: ByteBuffer(string: #"{"name":5}"#)) { response in
                let message = (try json(response.body)["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(response.status == .badRequest && message.contains("'name' must be a string") && !message.contains("DecodingError"), "\(message)")
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .patch, body: ByteBuffer(string: String(repeating: "a", count: 70_000))) { response in
                let message = (try json(response.body)["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(response.status == .contentTooLarge && message.contains("larger than 64 KB"), "\(message)")
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .patch, body: ByteBuffer(string: #"{"activity":"kiting"}"#)) {
                #expect($0.status == .unprocessableContent)
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .patch, body: ByteBuffer(string: #"{"name":"Sunday loop"}"#)) { response in
                #expect(response.status == .ok)
                let name = try json(response.body)["name"] as? String
                #expect(name == "Sunday loop")
            }
            try await client.execute(uri: "/api/workouts/\(id)", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/workouts/\(id)", method: .delete) { #expect($0.status == .notFound) }
        }
    }

    /// A file the store cannot take (one activity of five days, beyond HealthKit's four-day limit for a sample) is
    /// refused with a 422 naming the file and the reason, on the page and through the API, never an empty 500.
    @Test func aFileTheStoreRefusesIsA422NamingIt() async throws {
        let tcx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
            <Activity Sport="Biking"><Id>2010-03-01T07:00:00Z</Id><Lap StartTime="2010-03-01T07:00:00Z"><TotalTimeSeconds>432000</TotalTimeSeconds>
            <DistanceMeters>90000</DistanceMeters><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>
            <Trackpoint><Time>2010-03-01T07:00:00Z</Time><DistanceMeters>0</DistanceMeters></Trackpoint>
            <Trackpoint><Time>2010-03-06T07:00:00Z</Time><DistanceMeters>90000</DistanceMeters></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/workouts?filename=week.tcx", method: .post, body: ByteBuffer(string: tcx)) { response in
                #expect(response.status == .unprocessableContent)
                let text = String(buffer: response.body)
                #expect(text.contains("week.tcx cannot be stored") && text.contains("exceeds the maximum"), "\(text)")
            }
            let upload = ByteBuffer(bytes: MultipartUpload.body(file: Data(tcx.utf8), name: "week.tcx"))
            try await client.execute(uri: "/upload", method: .post, headers: [.contentType: MultipartUpload.contentType], body: upload) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true && String(buffer: response.body).contains("week.tcx cannot be stored"))
            }
        }
    }

    @Test func thePagesUploadShowDownloadAndDeleteThroughTheirForms() async throws {
        let file = try RouteTestFile.ride()
        let app = Application(router: server().router())
        try await app.test(.router) { client in
            let upload = ByteBuffer(bytes: MultipartUpload.body(file: file, name: "ride.fit"))
            let id = try await client.execute(uri: "/upload", method: .post, headers: [.contentType: MultipartUpload.contentType], body: upload) { response in
                #expect(response.status == .seeOther)
                let location = try #require(response.headers[.location])
                #expect(location.hasPrefix("/workouts/"))
                return String(location.dropFirst("/workouts/".count))
            }
            try await client.execute(uri: "/upload", method: .post, headers: [.contentType: MultipartUpload.contentType], body: upload) { response in
                #expect(response.status == .conflict)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "a page's refusal is a page")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("data-id=\"\(id)\""))
            }
            try await client.execute(uri: "/workouts/\(id)/download/original", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == file)
            }
            try await client.execute(uri: "/workouts/\(id)/download/kml", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/workouts/\(id)/edit", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "activity=kiting")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("kiting"))
            }
            try await client.execute(uri: "/workouts/\(id)/delete", method: .post) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/")
            }
            try await client.execute(uri: "/workouts/\(id)", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/workouts/\(id)/delete", method: .post) { #expect($0.status == .notFound) }
        }
    }
}
