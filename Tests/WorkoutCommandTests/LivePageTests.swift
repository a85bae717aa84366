import Foundation
import TestSupport
import Testing

/// The live page of `workout record --serve`, followed in a real Chromium while a real gpsd, fed epoch by epoch (``GPSDFeed``), feeds the recording.
@Suite(.heavy, .timeLimit(.minutes(10))) struct LivePageTests {
    static let ride = """
        name: live page ride
        activity: running
        seed: 11
        route:
          loop: {center: [52.37, 4.89], length: 2km}
        sensors:
          gps: {noise: 0, accuracy: 4}
          heartRate: off
        timeline:
          - start
          - move: {duration: 92s, speed: 4}
          - stop
        """

    @Test(.enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func theLivePageFollowsARecordingToItsEndAndCatchesUpAfterADrop() async throws {
        let folder = Scratch.url("live")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("ride.yaml").path
        try Self.ride.write(toFile: scenario, atomically: true, encoding: .utf8)
        let nmea = folder.appendingPathComponent("ride.nmea").path
        let simulated = try await offThePool { try WorkoutProcess.runBlocking(["simulate", scenario, "--nmea", nmea, "--start", "now"]) }
        try #require(simulated.status == 0, "\(simulated.stderr)")
        let store = folder.appendingPathComponent("health.sqlite").path
        let serverTrack = "var x = new XMLHttpRequest(); x.open('GET', '/api/live', false); x.send(); return JSON.parse(x.responseText).trackCount"
        // The browser first: tests take the one browser slot in turn, and under a full suite's load one can wait minutes
        // for it. The ride starts once this one's Chromium is up, so the page sees it running, fixes arriving one by one
        // after its first snapshot, and the end.
        let ready = folder.appendingPathComponent("browser-ready").path, address = folder.appendingPathComponent("live-url").path
        // The results cross back as JSON: what the browser returns is not Sendable.
        let browsing = Task {
            try JSONSerialization.data(withJSONObject: try await Browser.run([
                .touch(ready),
                .openURL(inFile: address, timeout: 120),
                .waitUntil("return document.getElementById('live-state').textContent === 'recording' && window.liveDebug.trackLength() >= 5", timeout: 60),
                .evaluate("window.liveDebug.drop(); return window.liveDebug.trackLength()"),
                .waitUntil("return document.getElementById('live-connection').textContent === 'connected'", timeout: 10),
                .evaluate("return [window.liveDebug.trackLength(), (function(){ \(serverTrack) })()]"),
                // The course's line, in the dashboard's words, on the page while the ride goes on.
                .waitUntil("return /^COURSE (\\d+\\.\\d\\d km, \\d+\\.\\d\\d to go|finished, \\d+\\.\\d\\d km)$/.test(document.getElementById('live-guidance').textContent)", timeout: 30),
                .waitUntil("return document.getElementById('live-state').textContent === 'ended'", timeout: 120),
                .evaluate("""
                    return {distance: document.getElementById('live-distance').textContent, link: (document.getElementById('live-workout-link') || {}).href,
                            done: document.getElementById('live-done').textContent, sport: document.getElementById('live-sport').textContent,
                            points: window.liveDebug.trackLength(), drawn: parseInt(document.getElementById('live-track').getAttribute('data-points')),
                            elapsed: document.getElementById('live-elapsed').textContent, gps: document.getElementById('live-gps').textContent,
                            updates: window.liveLatencies.length, title: document.title, sinceSnapshot: window.liveDebug.sinceSnapshot(),
                            course: parseInt(document.getElementById('live-course').getAttribute('data-points')),
                            courseDrawn: document.getElementById('live-course').getAttribute('d').length,
                            trackShown: !document.getElementById('live-track-section').hidden}
                    """),
                AccessibilityAudit.step,
            ] + PageLayout.steps(url: nil) + [.colorScheme("dark"), AccessibilityAudit.step]))
        }
        while !FileManager.default.fileExists(atPath: ready) {
            try await Task.sleep(for: .milliseconds(100))
        }
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        // The ride's own track as its course: the page shows where along it the rider is.
        let course = folder.appendingPathComponent("course.gpx").path
        try RecordCommandTests.course(fromNMEA: nmea).write(toFile: course, atomically: true, encoding: .utf8)
        let recording = try RecordingProcess(["record", "--plain", "--gpsd", "127.0.0.1:\(feed.port)",
                                              "--serve", "127.0.0.1:0", "--course", course, "--store", store])
        // The ride to its end (the receiver unplugged), then the recording finished, however long the machine takes.
        let epochs = try GPSDFeed.epochs(ofLog: nmea)
        let riding = Task { try await recording.ride(epochs, on: feed) }
        try await recording.waitFor("live page on ")
        let line = try #require(recording.output.split(separator: "\n").first { $0.contains("live page on ") })
        let url = String(try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }))
        try url.write(toFile: address, atomically: true, encoding: .utf8)
        let results = try #require(try JSONSerialization.jsonObject(with: try await browsing.value) as? [Any])
        try await riding.value
        #expect(try await recording.finish() == 0, "\(recording.output)")
        // After the drop the page caught up with the track the server holds.
        let caughtUp = try #require(results[1] as? [Int])
        #expect(caughtUp[0] >= caughtUp[1] - 1 && caughtUp[0] <= caughtUp[1], "page \(caughtUp[0]) points, server \(caughtUp[1])")
        let end = try #require(results[2] as? [String: Any])
        let list = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
        let workout = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first, "\(recording.output)")
        let meters = try #require(workout["distanceMeters"] as? Double)
        #expect(end["distance"] as? String == String(format: "%.2f km", meters / 1_000), "the page's last distance is the saved workout's")
        // Not sent to a club: the recorder's server is gone with the recording, so the page says how to open the workout, without a link.
        let short = String((workout["id"] as? String ?? "").prefix(8)).lowercased()
        #expect(end["link"] as? String == nil, "\(end)")
        #expect((end["done"] as? String)?.contains("Saved in the recorder's store as \(short)") == true, "\(end)")
        #expect(end["sport"] as? String == "running" && end["title"] as? String == "Live running", "\(end)")
        #expect((end["points"] as? Int ?? 0) >= 20 && end["drawn"] as? Int == end["points"] as? Int, "\(end)")
        // The track's box is shown once there is a track or a course to draw (an indoor ride has neither).
        #expect(end["trackShown"] as? Bool == true, "\(end)")
        #expect((end["gps"] as? String)?.isEmpty == false && end["gps"] as? String != "–")
        // The course is drawn under the track: its points, those at one place while standing counted once.
        let coursePoints = try String(contentsOfFile: course, encoding: .utf8).components(separatedBy: "<rtept").count - 1
        let drawnPoints = end["course"] as? Int ?? 0
        #expect(drawnPoints > 20 && drawnPoints <= coursePoints && (end["courseDrawn"] as? Int ?? 0) > 100, "\(coursePoints) course points: \(end)")
        // Each fix after the last snapshot reached the page as an update of its own, the moment it was collected. (How many that is
        // depends on when Chromium got the page: under load it starts late, and the first snapshot already holds the early track.)
        let sinceSnapshot = try #require(end["sinceSnapshot"] as? [String: Int])
        #expect(sinceSnapshot["points"] ?? 0 >= 1 && sinceSnapshot["updates"] == sinceSnapshot["points"], "one update a fix: \(end)")
        #expect(results[3] as? [String] == [], "accessibility of the live page: \(results[3])")
        #expect(PageLayout.problems(Array(results.dropFirst(4).prefix(PageLayout.widths.count)), page: "the live page") == [])
        #expect(results[4 + PageLayout.widths.count] as? [String] == [], "accessibility of the live page in the dark: \(results[4 + PageLayout.widths.count])")
    }
}
