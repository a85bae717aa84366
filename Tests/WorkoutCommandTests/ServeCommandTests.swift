import Foundation
import TestSupport
import Testing

/// `workout serve` in the background, on a free port, with its address read from its first line.
final class ServingProcess: @unchecked Sendable {
    let process: RecordingProcess
    let url: String

    init(_ arguments: [String], port: Int = 0) async throws {
        process = try RecordingProcess(["serve", "--port", "\(port)"] + arguments)
        try await process.waitFor("(Ctrl-C stops)")
        let line = try #require(process.output.split(separator: "\n").first { $0.contains(" on http://") })
        url = String(try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }))
    }

    /// The port it listens on.
    var port: Int { Int(url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0 }

    func stop() { process.kill() }
}

/// An HTTP request through curl, a real client; the status and body.
struct HTTP {
    var status: Int
    var body: String

    /// Waits for curl on a thread of its own, not one of the cooperative threads other tests' timers need.
    static func request(_ url: String, method: String = "GET", headers: [String] = [], bodyFile: String? = nil, output: String? = nil) async throws -> HTTP {
        var arguments = ["-s", "-X", method, "-w", "\n%{http_code}", url]
        for header in headers { arguments += ["-H", header] }
        if let bodyFile { arguments += ["--data-binary", "@\(bodyFile)"] }
        if let output { arguments += ["-o", output] }
        let curlArguments = arguments
        let result = try await offThePool { try ExternalTool.run("curl", curlArguments) }
        let text = result.standardOutput
        let split = text.lastIndex(of: "\n").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) } ?? ("", text)
        return HTTP(status: Int(split.1) ?? 0, body: split.0)
    }

    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:] }
}

@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct ServeCommandTests {
    /// A store with the easy-run scenario and the Edge 705 ride in it.
    func prepareStore(_ folder: URL) async throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("health.sqlite").path
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scenario = root.appendingPathComponent("Scenarios/easy-run.yaml").path
        let replay = try await offThePool { try WorkoutProcess.runBlocking(["replay", scenario, "--store", store]) }
        try #require(replay.status == 0, "\(replay.stderr)")
        return store
    }

    func count(_ server: ServingProcess) async throws -> Int {
        try await HTTP.request(server.url + "api/workouts").json["matching"] as? Int ?? -1
    }

    /// `workout sync` given a rider's own `workout serve` rather than a club says so, with what to give instead.
    @Test func syncingToAServerThatIsNoClubSaysSo() async throws {
        let folder = Scratch.url("serve-not-a-club")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let synced = try await offThePool { try WorkoutProcess.runBlocking(["sync", "--to", server.url, "--token", "t0ken", "--store", store]) }
        #expect(synced.status != 0)
        #expect(synced.stderr.contains("\(server.url) is not a club: it answered 404 to GET /api/me") && synced.stderr.contains("`workout serve --database …`"),
                "\(synced.stdout)\(synced.stderr)")
    }

    /// `--mbtiles`: the server serves the file's tiles itself and draws them under a workout's route by default,
    /// credited as the file says; a reader who chose no map in `/settings` gets none; a tile the file lacks is 404.
    @Test func aServersOwnMapIsServedAndDrawnUnderRoutes() async throws {
        let folder = Scratch.url("serve-tiles")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let mbtiles = folder.appendingPathComponent("london.mbtiles").path
        let made = try await ReportCommandTests.makeLondonMBTiles(at: mbtiles)
        try #require(made.status == 0, "\(made.standardError)")
        let server = try await ServingProcess(["--store", store, "--mbtiles", mbtiles])
        defer { server.stop() }
        let id = try #require((try await HTTP.request(server.url + "api/workouts").json["workouts"] as? [[String: Any]])?.first?["id"] as? String)

        let page = try await HTTP.request(server.url + "workouts/\(id)")
        #expect(page.body.contains("id=\"map-attribution\">© OpenStreetMap contributors</p>"))
        let tile = try #require(page.body.firstMatch(of: /<image href="\/(tiles\/\d+\/\d+\/\d+)"/).map { String($0.output.1) }, "no tile under the route")
        let saved = folder.appendingPathComponent("tile.png").path
        #expect(try await HTTP.request(server.url + tile, output: saved).status == 200)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: saved))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 100, "\(tile): \(bytes.count) bytes")
        let outside = try await HTTP.request(server.url + "tiles/3/0/0")
        #expect(outside.status == 404 && outside.body.contains("zooms 12 to 16"), "\(outside.body)")
        #expect(try await HTTP.request(server.url + "tiles/3/9/0").status == 400)

        let settings = try await HTTP.request(server.url + "settings")
        #expect(settings.body.contains("value=\"server\" checked"), "the server's map is the default")
        let none = try await HTTP.request(server.url + "workouts/\(id)", headers: ["Cookie: ohk_tiles=none"])
        #expect(none.status == 200 && !none.body.contains("<image href=") && !none.body.contains("map-attribution"))
    }

    /// Every page of the one-athlete server fits a 360- and a 390-px phone, a tablet and a desktop, in the light and
    /// in the dark: nothing spills sideways, axis text is drawn at 10 px or more, the list's key columns stay in view.
    @Test(.enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func everyStorePageFitsPhonesTabletsAndDesktops() async throws {
        let folder = Scratch.url("serve-layout")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let id = try #require((try await HTTP.request(server.url + "api/workouts").json["workouts"] as? [[String: Any]])?.first?["id"] as? String)
        let pages: [(name: String, path: String, keys: [String])] = [
            ("the list", "", ["Start", "Activity", "Time", "Distance"]),
            ("a workout", "workouts/\(id)", []),
            ("the history", "history?month=2026-05", []),
            ("the fitness page", "fitness", []),
            ("the settings", "settings", []),
            ("the sharing page", "workouts/\(id)/sharing", []),
        ]
        let perScheme = pages.flatMap { PageLayout.steps(url: server.url + $0.path, keys: $0.keys) }
        let audits = pages.flatMap { [Browser.Step.open(server.url + $0.path), AccessibilityAudit.step] }
        let results = try await Browser.run(perScheme + audits + [.colorScheme("dark")] + perScheme + audits)
        // Per scheme: each page's layouts at the four widths, then each page's audit.
        let perSchemeResults = pages.count * (PageLayout.widths.count + 1)
        for (scheme, offset) in [("light", 0), ("dark", perSchemeResults)] {
            for (index, page) in pages.enumerated() {
                let layouts = Array(results.dropFirst(offset + index * PageLayout.widths.count).prefix(PageLayout.widths.count))
                #expect(PageLayout.problems(layouts, page: "\(page.name) (\(scheme))") == [])
                let audit = results[offset + pages.count * PageLayout.widths.count + index]
                #expect(audit as? [String] == [], "accessibility of \(page.name) (\(scheme)): \(audit)")
            }
        }
    }

    /// A script counting the tables wider than the box they scroll in.
    static let overflowingTables = "Array.from(document.querySelectorAll('table')).filter(function(t){ var p = t.parentElement; return t.getBoundingClientRect().width > p.getBoundingClientRect().width + 1; }).length"

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the uploads of real files"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"),
          .enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func uploadThroughThePageThenDownloadGivesAFileGarminReads() async throws {
        let folder = Scratch.url("serve")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let ride = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        let results = try await Browser.run([
            .open(server.url),
            .evaluate("return document.querySelectorAll('#workouts tbody tr').length"),
            .chooseFile(selector: "#upload-file", path: ride),
            .click("#upload-submit"),
            .waitUntil("return location.pathname.indexOf('/workouts/') === 0 && !!document.getElementById('summary')", timeout: 30),
            .evaluate("return [location.pathname.split('/')[2], document.querySelector('[data-key=distance] dd').textContent, Array.from(document.querySelectorAll('nav.links a, .links a')).map(function(a){return a.textContent;})]"),
            .open(server.url + "?sort=-distance"),
            .evaluate("return Array.from(document.querySelectorAll('#workouts tbody tr td:nth-child(2)')).map(function(td){return td.textContent;})"),
            .open(server.url + "?activity=running"),
            .evaluate("return [document.querySelectorAll('#workouts tbody tr').length, document.getElementById('workout-count').textContent]"),
            AccessibilityAudit.step,
            .click("#workouts tbody tr a"),
            .waitUntil("return !!document.getElementById('summary')", timeout: 30),
            AccessibilityAudit.step,
            // The month of the ride (25 September 2011): its day links it, and the page fits a phone.
            .open(server.url + "history?month=2011-09"),
            .evaluate("return document.querySelectorAll('#calendar td[data-day=\"2011-09-25\"] a').length"),
            AccessibilityAudit.step,
            .windowSize(width: 390, height: 844),
            .evaluate("return [document.documentElement.scrollWidth, window.innerWidth, " + Self.overflowingTables + "]"),
            // On a 390-px phone the list keeps its key columns in view, and a workout's axis labels read at 10 px or more.
            .open(server.url),
            .evaluate("var d = Array.from(document.querySelectorAll('#workouts thead th')).filter(function(t){ return t.textContent.indexOf('Distance') === 0; })[0]; return [Math.round(d.getBoundingClientRect().right), window.innerWidth]"),
            .click("#workouts tbody tr a"),
            .waitUntil("return !!document.getElementById('summary')", timeout: 30),
            .evaluate("var h = Array.from(document.querySelectorAll('.tick')).map(function(t){ return t.getBoundingClientRect().height; }).filter(function(x){ return x > 0; }); return [Math.min.apply(null, h), h.length, " + Self.overflowingTables + "]"),
            // In the system's dark theme the pages still pass.
            .colorScheme("dark"),
            .open(server.url + "history?month=2011-09"),
            .evaluate("return getComputedStyle(document.body).backgroundColor"),
            AccessibilityAudit.step,
            .open(server.url),
            AccessibilityAudit.step,
            .click("#workouts tbody tr a"),
            .waitUntil("return !!document.getElementById('summary')", timeout: 30),
            AccessibilityAudit.step,
            .open(server.url + "settings"),
            AccessibilityAudit.step,
        ])
        #expect(results[0] as? Int == 1)
        let uploaded = try #require(results[1] as? [Any])
        let id = try #require(uploaded[0] as? String)
        #expect(uploaded[1] as? String == "92.62 km")
        #expect((uploaded[2] as? [String])?.contains("Download FIT") == true)
        #expect((results[2] as? [String]) == ["cycling", "running"], "sorted by distance, largest first")
        #expect((results[3] as? [Any])?.first as? Int == 1)
        #expect(results[4] as? [String] == [], "accessibility of the list: \(results[4])")
        #expect(results[5] as? [String] == [], "accessibility of a workout's page: \(results[5])")
        #expect(results[6] as? Int == 1, "the ride on its day of the history's calendar")
        #expect(results[7] as? [String] == [], "accessibility of the history: \(results[7])")
        let widths = try #require(results[8] as? [Int])
        #expect(widths[0] <= widths[1] && widths[2] == 0, "the history overflows a 390-px phone (page, window, tables wider than their box): \(widths)")
        let distance = try #require(results[9] as? [Int])
        #expect(distance[0] <= distance[1], "the list's Distance column ends at \(distance[0]) px on a \(distance[1])-px phone")
        let ticks = try #require(results[10] as? [Double])
        #expect(ticks[0] >= 10 && ticks[1] > 0, "axis labels \(ticks[0]) px high on a phone")
        #expect(ticks[2] == 0, "the workout's tables scroll on a phone: \(ticks)")
        #expect(results[11] as? String == "rgb(18, 18, 18)", "the dark theme's paper")
        for (index, page) in [(12, "history"), (13, "list"), (14, "workout"), (15, "settings")] {
            #expect(results[index] as? [String] == [], "accessibility of the \(page) in the dark theme: \(results[index])")
        }

        // Download it again: Garmin's SDK reads it without an error, with the ride's records.
        let downloaded = folder.appendingPathComponent("download.fit").path
        let response = try await HTTP.request(server.url + "workouts/\(id)/download/fit", output: downloaded)
        #expect(response.status == 200)
        let check = try await offThePool { try ExternalTool.python("""
            import sys
            from garmin_fit_sdk import Decoder, Stream
            d = Decoder(Stream.from_file(sys.argv[1]))
            assert d.is_fit() and d.check_integrity(), 'not a sound FIT file'
            m, e = Decoder(Stream.from_file(sys.argv[1])).read()
            assert not e, e
            s = m['session_mesgs'][0]
            print(len(m['record_mesgs']), round(s['total_distance'] / 1000, 2))
            """, [downloaded]) }
        #expect(check.status == 0, "\(check.standardError)")
        let figures = check.standardOutput.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(Int(figures.first ?? "") ?? 0 > 10_000, "\(check.standardOutput)")
        #expect(figures.last == "92.62", "\(check.standardOutput)")

        // The file as it was uploaded comes back byte for byte, named as it was, from the page's link and the API's.
        #expect((uploaded[2] as? [String])?.contains("Download original (fitparse__garmin-edge-500-ride.fit)") == true, "\(uploaded[2])")
        let detail = try await HTTP.request(server.url + "api/workouts/\(id)").json
        let apiLink = try #require((detail["links"] as? [String: String])?["original"])
        for (link, name) in [("workouts/\(id)/download/original", "page.fit"), (String(apiLink.dropFirst()), "api.fit")] {
            let copy = folder.appendingPathComponent(name).path
            let got = try await HTTP.request(server.url + link, output: copy)
            #expect(got.status == 200)
            #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: ride), "\(link) is not the uploaded file")
        }
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the corrupt real file"),
          .enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func badRequestsGetAClearStatusAndChangeNothing() async throws {
        let folder = Scratch.url("serve-errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let unknown = try await HTTP.request(server.url + "workouts/00000000-0000-0000-0000-000000000000")
        #expect(unknown.status == 404 && unknown.body.contains("No workout has the identifier"))
        #expect(try await HTTP.request(server.url + "api/workouts/nope").status == 404)
        let corrupt = SharedData.file("activity-files/fitparse__NEGATIVE-strava-android-truncated.fit").path
        let refused = try await HTTP.request(server.url + "api/workouts?filename=ride.fit", method: "POST", bodyFile: corrupt)
        #expect(refused.status == 422)
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        // Where the damage is, and how to keep what precedes it here (not the command line's --salvage).
        #expect(message.contains("byte 7471") && message.contains("?salvage=true") && !message.contains("--salvage"), "\(refused.body)")
        let salvaged = try await HTTP.request(server.url + "api/workouts?filename=ride.fit&salvage=true", method: "POST", bodyFile: corrupt)
        #expect(salvaged.status == 201, "\(salvaged.body)")
        if let id = salvaged.json["id"] as? String { #expect(try await HTTP.request(server.url + "api/workouts/\(id)", method: "DELETE").status == 204) }
        let page = try await HTTP.request(server.url + "upload", method: "POST", headers: ["Content-Type: multipart/form-data; boundary=xyz"], bodyFile: corrupt)
        #expect(page.status == 400 && page.body.contains("form data cannot be read"), "\(page.body)")
        let crossSite = try await HTTP.request(server.url + "api/workouts?filename=r.tcx", method: "POST", headers: ["Sec-Fetch-Site: cross-site"],
                                         bodyFile: SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx").path)
        #expect(crossSite.status == 403)
        #expect(try await HTTP.request(server.url + "api/workouts?sort=sideways").status == 400)
        #expect(try await count(server) == 1, "a refused request changed the store")
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the upload of a real file"),
          .enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func anOpenBindNeedsTheTokenForChanges() async throws {
        let refused = try await offThePool { try WorkoutProcess.runBlocking(["serve", "--bind", "0.0.0.0"]) }
        #expect(refused.status != 0 && refused.stderr.contains("--token"))
        let folder = Scratch.url("serve-token")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store, "--bind", "127.0.0.2", "--token", "correct horse battery"])
        defer { server.stop() }
        let tcx = SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx").path
        let id = try #require((try await HTTP.request(server.url + "api/workouts").json["workouts"] as? [[String: Any]])?.first?["id"] as? String)
        #expect(try await HTTP.request(server.url + "api/workouts?filename=r.tcx", method: "POST", bodyFile: tcx).status == 401)
        #expect(try await HTTP.request(server.url + "api/workouts/\(id)", method: "DELETE", headers: ["Authorization: Bearer wrong token"]).status == 401)
        #expect(try await count(server) == 1)
        let created = try await HTTP.request(server.url + "api/workouts?filename=r.tcx", method: "POST", headers: ["Authorization: Bearer correct horse battery"], bodyFile: tcx)
        #expect(created.status == 201, "\(created.body)")
        #expect(try await HTTP.request(server.url + "api/workouts?filename=r.tcx", method: "POST", headers: ["Authorization: Bearer correct horse battery"], bodyFile: tcx).status == 409)
        #expect(try await HTTP.request(server.url + "api/workouts/\(id)", method: "DELETE", headers: ["Authorization: Bearer correct horse battery"]).status == 204)
        #expect(try await count(server) == 1)
    }

    /// An upload names its sport as `workout import --activity` does (the form's sport field, or `?activity=`
    /// with a file as the body); a file that names none and is not named is guessed from its movement, never
    /// stored as "other" with its cadence dropped.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the upload of a real file"),
          .enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func anUploadNamesItsSportOrHasItGuessed() async throws {
        let folder = Scratch.url("serve-sport")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpx = SharedData.file("activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx").path
        for (query, expected) in [("", "cycling"), ("&activity=running", "running")] {
            let store = try await prepareStore(folder.appendingPathComponent(expected))
            let server = try await ServingProcess(["--store", store])
            defer { server.stop() }
            let page = try await HTTP.request(server.url)
            #expect(page.body.contains("<select id=\"upload-activity\" name=\"activity\">") && page.body.contains("<option value=\"running\">"))
            let created = try await HTTP.request(server.url + "api/workouts?filename=ride.gpx\(query)", method: "POST", bodyFile: gpx)
            #expect(created.status == 201, "\(created.body)")
            let id = try #require(created.json["id"] as? String, "\(created.body)")
            let stored = try await HTTP.request(server.url + "api/workouts/\(id)").json["workout"] as? [String: Any]
            #expect(stored?["activity"] as? String == expected, "\(stored ?? [:])")
        }
        let server = try await ServingProcess(["--store", try await prepareStore(folder.appendingPathComponent("refused"))])
        defer { server.stop() }
        let refused = try await HTTP.request(server.url + "api/workouts?filename=ride.gpx&activity=skating", method: "POST", bodyFile: gpx)
        #expect(refused.status == 422 && refused.body.contains("'skating' is not a sport"), "\(refused.body)")
        // A Training Center history holds several workouts: refused whole, saying how to store them all.
        let history = folder.appendingPathComponent("history.tcx")
        let activity = { (sport: String, start: String, end: String) in
            "<Activity Sport=\"\(sport)\"><Id>\(start)</Id><Lap StartTime=\"\(start)\"><TotalTimeSeconds>600</TotalTimeSeconds><DistanceMeters>2000</DistanceMeters>"
                + "<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track><Trackpoint><Time>\(start)</Time><DistanceMeters>0</DistanceMeters></Trackpoint>"
                + "<Trackpoint><Time>\(end)</Time><DistanceMeters>2000</DistanceMeters></Trackpoint></Track></Lap></Activity>"
        }
        try ("<?xml version=\"1.0\"?><TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Activities>"
             + activity("Running", "2009-09-27T18:00:00Z", "2009-09-27T18:10:00Z") + activity("Running", "2009-09-20T18:00:00Z", "2009-09-20T18:10:00Z")
             + "</Activities></TrainingCenterDatabase>").write(to: history, atomically: true, encoding: .utf8)
        let several = try await HTTP.request(server.url + "api/workouts?filename=history.tcx", method: "POST", bodyFile: history.path)
        #expect(several.status == 422 && several.body.contains("holds 2 activities") && several.body.contains("workout import"), "\(several.body)")
    }

    /// Off loopback the server is private: the list, a workout, its samples, its files and the pages all
    /// need the token (bearer or the cookie `?token=` sets); `--public` opens reading and nothing else.
    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func offLoopbackEveryReadNeedsTheTokenUnlessPublic() async throws {
        let folder = Scratch.url("serve-private")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let token = "correct horse battery"
        let server = try await ServingProcess(["--store", store, "--bind", "0.0.0.0", "--token", token])
        let base = server.url.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
        let bearer = ["Authorization: Bearer \(token)"]
        let listed = try await HTTP.request(base + "api/workouts", headers: bearer)
        let id = try #require((listed.json["workouts"] as? [[String: Any]])?.first?["id"] as? String, "\(listed.body)")
        let reads = ["api/workouts", "api/workouts/\(id)", "api/workouts/\(id)/samples?type=heartRate", "api/workouts/\(id)/file?format=gpx",
                     "", "workouts/\(id)", "workouts/\(id)/download/fit"]
        // The live page needs the token too; with it, a server without a recording says there is none (404).
        #expect(try await HTTP.request(base + "live").status == 401)
        #expect(try await HTTP.request(base + "live", headers: bearer).status == 404)
        for path in reads {
            let refused = try await HTTP.request(base + path)
            #expect(refused.status == 401, "GET /\(path) without the token: \(refused.status)")
            #expect(try await HTTP.request(base + path, headers: ["Authorization: Bearer wrong token"]).status == 401)
            #expect(try await HTTP.request(base + path, headers: bearer).status == 200, "GET /\(path) with the token")
        }
        // The token page sets a cookie, and the cookie opens the pages.
        let cookie = try await HTTP.request(base + "?token=correct%20horse%20battery", headers: [])
        #expect(cookie.status == 303)
        #expect(try await HTTP.request(base + "workouts/\(id)", headers: ["Cookie: workout_token=\(token)"]).status == 200)
        server.stop()

        let open = try await ServingProcess(["--store", store, "--bind", "0.0.0.0", "--token", token, "--public"])
        defer { open.stop() }
        let openBase = open.url.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
        for path in reads { #expect(try await HTTP.request(openBase + path).status == 200, "GET /\(path) on a --public server") }
        #expect(try await HTTP.request(openBase + "api/workouts/\(id)", method: "DELETE").status == 401)
        let help = try await offThePool { try WorkoutProcess.runBlocking(["serve", "--help"]) }
        #expect(help.stdout.contains("--public") && help.stdout.contains("private"))
    }

    /// The fitness page in Chromium, on a desktop and a phone: the figures `/api/fitness` gives for the same days,
    /// the load chart and the power curve drawn with their titles, the critical-power line, and the audit passed.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real ride"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func theFitnessPageShowsWhatTheAPIGivesAndPassesTheAudit() async throws {
        let folder = Scratch.url("serve-fitness")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        for arguments in [["athlete", "set", "--ftp", "250", "--from", "2009-01-01"],
                          ["import", SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx").path]] {
            let done = try await WorkoutProcess.run(arguments + ["--store", store])
            try #require(done.status == 0, "\(done.stderr)")
        }
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let query = "fitness?days=42&to=2009-10-11"
        let api = try await HTTP.request(server.url + "api/" + query).json
        let read = """
            return {ctl: document.getElementById('fitness-ctl').textContent, tsb: document.getElementById('fitness-tsb').textContent,
                    weeks: document.querySelectorAll('#fitness-weeks tbody tr').length, cp: (document.getElementById('fitness-cp') || {}).textContent,
                    load: !!document.querySelector('#fitness-chart svg title'), curve: !!document.querySelector('#fitness-power-curve svg title'),
                    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth}
            """
        let results = try await Browser.run([
            .open(server.url + query), .evaluate(read), AccessibilityAudit.step,
            .windowSize(width: 390, height: 844), .open(server.url + query), .evaluate(read),
        ])
        let days = try #require(api["days"] as? [[String: Any]])
        let last = try #require(days.last)
        let fit = try #require(api["criticalPower"] as? [String: Any])
        // The weeks from Monday the days fall in (the API gives the days; the page sums them by week).
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .gmt
        let mondays = Set(days.compactMap { ($0["date"] as? String).flatMap { try? Date($0 + "T12:00:00Z", strategy: .iso8601) } }
            .compactMap { calendar.dateInterval(of: .weekOfYear, for: $0)?.start })
        for (index, width) in [(0, 1280), (2, 390)] {
            let page = try #require(results.count > index ? results[index] as? [String: Any] : nil, "\(results)")
            #expect(page["ctl"] as? String == String(format: "%.1f", last["fitness"] as? Double ?? -1), "at \(width) px: \(page), API \(last)")
            #expect(page["tsb"] as? String == String(format: "%+.1f", last["form"] as? Double ?? -1), "at \(width) px: \(page)")
            #expect(page["weeks"] as? Int == mondays.count, "at \(width) px: \(page)")
            #expect((page["cp"] as? String)?.hasPrefix("Critical power \(Int((fit["criticalPower"] as? Double ?? 0).rounded())) W") == true, "\(page)")
            #expect(page["load"] as? Bool == true && page["curve"] as? Bool == true, "each chart has a title: \(page)")
            #expect(page["overflow"] as? Int ?? 1 <= 0, "at \(width) px nothing runs off the side: \(page)")
        }
        #expect(results[1] as? [String] == [], "accessibility of the fitness page: \(results[1])")
    }

    @Test(.enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func deletingAsksFirstThenRemovesTheWorkout() async throws {
        let folder = Scratch.url("serve-delete")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let id = try #require((try await HTTP.request(server.url + "api/workouts").json["workouts"] as? [[String: Any]])?.first?["id"] as? String)
        let samples = try await HTTP.request(server.url + "api/workouts/\(id)/samples?type=heartRate").json
        #expect(samples["unit"] as? String == "count/min")
        let values = samples["values"] as? [Double] ?? []
        #expect(values.count > 1_000 && (samples["offsets"] as? [Double])?.count == values.count, "\(samples.keys)")
        let results = try await Browser.run([
            .open(server.url + "workouts/\(id)/delete"),
            .evaluate("return document.title"),
            .click("#confirm-delete"),
            .waitUntil("return location.pathname === '/'", timeout: 10),
            .evaluate("return document.getElementById('workout-count').textContent"),
        ])
        #expect(results[0] as? String == "Delete this workout?")
        #expect(results[1] as? String == "0 workouts")
        #expect(try await HTTP.request(server.url + "api/workouts/\(id)").status == 404)
    }

    @Test(.enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func aRiderRenamesAWorkoutAndChangesItsSportOnThePageAndThroughTheAPI() async throws {
        let folder = Scratch.url("serve-edit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await prepareStore(folder)
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let id = try #require((try await HTTP.request(server.url + "api/workouts").json["workouts"] as? [[String: Any]])?.first?["id"] as? String)
        let results = try await Browser.run([
            .open(server.url + "workouts/\(id)"),
            .click("a[href$='/edit']"),
            .waitUntil("return !!document.getElementById('edit-name')", timeout: 10),
            AccessibilityAudit.step,
            .evaluate("""
                document.getElementById('edit-name').value = 'Easy <b>run</b> by the river';
                document.getElementById('edit-notes').value = 'Legs heavy.\\nRain after 5 km.';
                return document.getElementById('edit-sport').value
                """),
            .click("#edit-save"),
            .waitUntil("return location.pathname === '/workouts/\(id)' && !!document.getElementById('summary')", timeout: 20),
            .evaluate("return [document.querySelector('h1').textContent, document.getElementById('notes').textContent, document.querySelector('.subtitle').textContent]"),
            // Now a walk: the page the form leads to is the workout's new address.
            .open(server.url + "workouts/\(id)/edit"),
            .evaluate("document.getElementById('edit-sport').value = 'walking'; return true"),
            .click("#edit-save"),
            .waitUntil("return location.pathname.indexOf('/workouts/') === 0 && location.pathname !== '/workouts/\(id)' && !!document.getElementById('summary')", timeout: 30),
            .evaluate("return [location.pathname.split('/')[2], document.querySelector('.subtitle').textContent]"),
        ])
        #expect(results[0] as? [String] == [], "accessibility of the edit page: \(results[0])")
        #expect(results[1] as? String == "running")
        let shown = try #require(results[2] as? [String])
        #expect(shown.first == "Easy <b>run</b> by the river", "the title is text, not markup")
        #expect(shown.dropFirst().first == "Legs heavy.\nRain after 5 km.")
        #expect(shown.last?.contains("running") == true)
        let walked = try #require(results[4] as? [Any])
        let newID = try #require(walked.first as? String)
        #expect((walked.last as? String)?.contains("walking") == true)
        #expect(try await HTTP.request(server.url + "api/workouts/\(id)").status == 404)
        let detail = try await HTTP.request(server.url + "api/workouts/\(newID)").json
        #expect((detail["workout"] as? [String: Any])?["name"] as? String == "Easy <b>run</b> by the river")
        #expect((detail["workout"] as? [String: Any])?["activity"] as? String == "walking")

        // The API: a title in place; a sport files do not know is refused with a reason; an unknown workout is 404.
        let body = folder.appendingPathComponent("edit.json").path
        try Data(#"{"name": "River walk"}"#.utf8).write(to: URL(fileURLWithPath: body))
        let renamed = try await HTTP.request(server.url + "api/workouts/\(newID)", method: "PATCH", headers: ["Content-Type: application/json"], bodyFile: body)
        #expect(renamed.status == 200 && renamed.json["name"] as? String == "River walk" && renamed.json["id"] as? String == newID, "\(renamed.body)")
        try Data(#"{"activity": "skydiving"}"#.utf8).write(to: URL(fileURLWithPath: body))
        let refused = try await HTTP.request(server.url + "api/workouts/\(newID)", method: "PATCH", headers: ["Content-Type: application/json"], bodyFile: body)
        #expect(refused.status == 422)
        #expect(((refused.json["error"] as? [String: Any])?["message"] as? String)?.contains("'skydiving' is not a sport") == true, "\(refused.body)")
        #expect(try await HTTP.request(server.url + "api/workouts/00000000", method: "PATCH", headers: ["Content-Type: application/json"], bodyFile: body).status == 404)
    }
}
