import Foundation
import TestSupport
import Testing

extension BlockingCommandSuites {
/// `workout report`: the page opened in a real headless Chromium and checked
/// against the file as Garmin's FIT SDK decodes it.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ReportCommandTests {
    /// The Edge 500 ride's records as Garmin's SDK reads them: heart-rate extremes and count, the
    /// bounding box of the positions, and each positioned record's time and place.
    static let decode = """
        import json, sys
        from garmin_fit_sdk import Decoder, Stream
        m, e = Decoder(Stream.from_file(sys.argv[1])).read()
        start = m['session_mesgs'][0]['start_time']
        hr = [r['heart_rate'] for r in m['record_mesgs'] if r.get('heart_rate') is not None]
        pos = [((r['timestamp'] - start).total_seconds(), r['position_lat'] * 180 / 2**31, r['position_long'] * 180 / 2**31)
               for r in m['record_mesgs'] if r.get('position_lat') is not None and r.get('position_long') is not None]
        print(json.dumps({'hrCount': len(hr), 'hrMin': min(hr), 'hrMax': max(hr), 'positions': pos, 'errors': len(e)}))
        """

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Edge 500 ride"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"),
          .enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func theReportOfARealRideMatchesItsFileInABrowser() async throws {
        let folder = Scratch.url("report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fit = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        let page = folder.appendingPathComponent("ride.html").path
        let written = try await offThePool { try WorkoutProcess.runBlocking(["report", fit, "-o", page, "--maximum-heart-rate", "190", "--time-zone", "UTC"]) }
        try #require(written.status == 0, "\(written.stderr)")
        let decoded = try await offThePool { try ExternalTool.python(Self.decode, [fit]) }
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(decoded.standardOutput.utf8)) as? [String: Any], "\(decoded.standardError)")
        let positions = try #require(truth["positions"] as? [[Double]])
        let screenshot = folder.appendingPathComponent("ride.png").path

        let results = try await Browser.run([
            .open("file://\(page)"),
            .evaluate("""
                var d = JSON.parse(document.getElementById('report-data').textContent), c = d.charts.find(function(c){return c.id==='chart-heartRate-time';});
                var path = document.querySelector('#chart-heartRate-time path.series'), b = document.getElementById('track-line').getBBox();
                var vb = document.getElementById('map-svg').viewBox.baseVal;
                return {count: c.y.length, max: Math.max.apply(null, c.y), min: Math.min.apply(null, c.y), drawn: parseInt(path.getAttribute('data-points')),
                        commands: (path.getAttribute('d').match(/[ML]/g) || []).length, bbox: [b.x, b.y, b.width, b.height], view: [vb.width, vb.height],
                        resources: performance.getEntriesByType('resource').length,
                        external: Array.from(document.querySelectorAll('[src],[href]')).filter(function(e){var u=e.getAttribute('src')||e.getAttribute('href');return /^(https?:)?\\/\\//.test(u);}).length,
                        untitledCharts: Array.from(document.querySelectorAll('svg')).filter(function(s){return !s.querySelector('title');}).length,
                        sections: Array.from(document.querySelectorAll('main section')).map(function(s){return s.id;})};
                """),
            .hover(selector: "#chart-heartRate-time svg .hit", x: 0.3, y: 0.5),
            .evaluate("""
                var cur = document.getElementById('map-cursor'), line = document.getElementById('track-line');
                var x = parseFloat(cur.getAttribute('cx')), y = parseFloat(cur.getAttribute('cy'));
                var p = line.ownerSVGElement.createSVGPoint(); p.x = x; p.y = y;
                return {t: parseFloat(cur.getAttribute('data-t')), lat: parseFloat(cur.getAttribute('data-lat')), lon: parseFloat(cur.getAttribute('data-lon')),
                        onTrack: line.isPointInStroke(p), readout: document.getElementById('chart-heartRate-time-readout').textContent,
                        speedReadout: document.getElementById('chart-speed-time-readout').textContent,
                        index: parseInt(document.getElementById('chart-heartRate-time').getAttribute('data-index'))};
                """),
            .evaluate("document.getElementById('chart-heartRate-time').focus(); return true"),
            .key("ArrowRight"),
            .evaluate("return parseInt(document.getElementById('chart-heartRate-time').getAttribute('data-index'))"),
            .click("#axis-distance"),
            .evaluate("return [document.getElementById('chart-heartRate-distance').offsetParent !== null, document.getElementById('chart-heartRate-time').offsetParent !== null]"),
            .windowSize(width: 360, height: 800),
            .evaluate("return [document.documentElement.scrollWidth, window.innerWidth]"),
            .windowSize(width: 1200, height: 900),
            .screenshot(screenshot),
            AccessibilityAudit.step,
            // The elevation profile under the map: pointing at its middle marks the map and moves the charts.
            .hover(selector: "#profile svg .hit", x: 0.5, y: 0.5),
            .evaluate("""
                var d = JSON.parse(document.getElementById('report-data').textContent), p = d.charts.find(function(c){return c.id==='profile';});
                var i = parseInt(document.getElementById('profile').getAttribute('data-index'));
                return {x: p.x[i], t: p.t[i], last: p.x[p.x.length - 1], cursorT: parseFloat(document.getElementById('map-cursor').getAttribute('data-t')),
                        heartRateIndex: document.getElementById('chart-heartRate-time').getAttribute('data-index'), readout: document.getElementById('profile-readout').textContent};
                """),
            // Markers: every pause counted once, no two drawn over each other.
            .evaluate("""
                var m = Array.from(document.querySelectorAll('#map-svg .marker')).map(function(g){return [parseFloat(g.getAttribute('data-x')), parseFloat(g.getAttribute('data-y'))];});
                var closest = Infinity;
                for (var a = 0; a < m.length; a++) for (var b = a + 1; b < m.length; b++) closest = Math.min(closest, Math.hypot(m[a][0] - m[b][0], m[a][1] - m[b][1]));
                return {pauses: Array.from(document.querySelectorAll('#map-svg .pause-marker')).reduce(function(n, g){return n + parseInt(g.getAttribute('data-count'));}, 0),
                        pauseMarkers: document.querySelectorAll('#map-svg .pause-marker').length, closest: closest};
                """),
            // Zooming keeps the markers at their size and the scale bar true; the whole route comes back.
            .click("#map-zoom-in"), .click("#map-zoom-in"),
            .evaluate("""
                var map = document.getElementById('map-svg'), bar = map.querySelector('.scale-bar'), lap = map.querySelector('.lap-marker');
                var r = lap.getBoundingClientRect(), path = bar.querySelector('path').getBBox();
                return {zoom: parseFloat(map.getAttribute('data-zoom')), lapWidth: r.width, label: bar.querySelector('text').textContent, barUnits: path.width,
                        metersPerUnit: parseFloat(bar.getAttribute('data-meters-per-unit'))};
                """),
            .click("#map-reset"),
            .evaluate("return [parseFloat(document.getElementById('map-svg').getAttribute('data-zoom')), document.querySelector('#map-svg .lap-marker').getBoundingClientRect().width]"),
        ] + PageLayout.steps(url: "file://\(page)", keys: ["Lap"]) + [
            // On a phone a chart is redrawn for its width: as many units across as pixels, as tall as on a desktop. The
            // redraw follows the window's resize event: waited for (a busy machine delivers it late), else the wait fails.
            .windowSize(width: 390, height: 844),
            .waitUntil("""
                var svg = document.querySelector('#chart-heartRate-time svg');
                return Math.abs(svg.viewBox.baseVal.width - svg.getBoundingClientRect().width) <= 1
                """, timeout: 30),
            .evaluate("""
                var svg = document.querySelector('#chart-heartRate-time svg'), r = svg.getBoundingClientRect();
                return [svg.viewBox.baseVal.width, r.width, r.height]
                """),
            .hover(selector: "#chart-heartRate-time svg .hit", x: 0.3, y: 0.5),
            .evaluate("return parseFloat(document.getElementById('map-cursor').getAttribute('data-t'))"),
        ])
        let charts = try #require(results[0] as? [String: Any])
        // Every heart-rate reading is in the data; the chart draws 1,000 of them, with the true extremes.
        let readings = try #require(truth["hrCount"] as? Int)
        #expect(charts["count"] as? Int == min(1_000, readings))
        #expect(charts["drawn"] as? Int == charts["count"] as? Int)
        #expect(charts["commands"] as? Int == charts["count"] as? Int)
        #expect(charts["max"] as? Double == truth["hrMax"] as? Double)
        #expect(charts["min"] as? Double == truth["hrMin"] as? Double)
        // The track's box has the route's shape: the same scale across and down (Web Mercator is conformal), inside the view.
        let box = try #require(charts["bbox"] as? [Double])
        let (west, east) = (positions.map { $0[2] }.min()!, positions.map { $0[2] }.max()!)
        let (south, north) = (positions.map { $0[1] }.min()!, positions.map { $0[1] }.max()!)
        func mercatorY(_ latitude: Double) -> Double { log(tan(.pi / 4 + latitude * .pi / 360)) }
        let across: Double = (east - west) * .pi / 180
        let down: Double = mercatorY(north) - mercatorY(south)
        let routeAspect = across / down
        #expect(abs(box[2] / box[3] - routeAspect) / routeAspect < 0.01, "track box \(box), route aspect \(routeAspect)")
        let view = try #require(charts["view"] as? [Double])
        #expect(box[0] >= 23 && box[1] >= 23 && box[0] + box[2] <= view[0] - 23 && box[1] + box[3] <= view[1] - 23)
        #expect(charts["resources"] as? Int == 0 && charts["external"] as? Int == 0, "the page asked for something outside itself")
        #expect(charts["untitledCharts"] as? Int == 0)
        #expect((charts["sections"] as? [String]) == ["summary", "route", "charts", "laps", "splits", "heart-rate-zones", "best-efforts"])

        // Pointing at the chart (30 % along: the middle falls in a long pause) marks the place on the track where the file was at that time.
        let hover = try #require(results[1] as? [String: Any])
        let t = try #require(hover["t"] as? Double), latitude = try #require(hover["lat"] as? Double), longitude = try #require(hover["lon"] as? Double)
        #expect(abs(t - 12_692 * 0.3) < 60, "pointed at 30 % of 3:31:32, got \(t) s")
        #expect(hover["onTrack"] as? Bool == true)
        let record = try #require(positions.first { abs($0[0] - t) < 0.5 }, "no positioned record at \(t) s")
        #expect(abs(record[1] - latitude) < 1e-5 && abs(record[2] - longitude) < 1e-5, "marked \(latitude), \(longitude); the file was at \(record) at \(t) s")
        #expect((hover["readout"] as? String)?.hasSuffix("bpm") == true)
        #expect((hover["speedReadout"] as? String)?.hasSuffix("km/h") == true, "the other charts follow the pointer")
        // The arrow key moves one point on; the toggle shows the charts against distance.
        #expect(results[3] as? Int == (hover["index"] as? Int).map { $0 + 1 })
        #expect((results[4] as? [Bool]) == [true, false])
        // Nothing spills sideways on a 360-px phone.
        let widths = try #require(results[5] as? [Int])
        #expect(widths[0] <= widths[1], "the page is \(widths[0]) px wide on a \(widths[1]) px screen")
        #expect(results[6] as? [String] == [], "accessibility: \(results[6])")
        // The profile's middle is half the ride's distance; the map and the heart-rate chart moved to the same moment.
        let profile = try #require(results[7] as? [String: Any])
        let middle = try #require(profile["x"] as? Double), last = try #require(profile["last"] as? Double)
        #expect(abs(middle - last / 2) < last / 100, "pointed at half of \(last) km, got \(middle)")
        #expect(profile["cursorT"] as? Double == profile["t"] as? Double, "the map marks the profile's moment: \(profile)")
        #expect(profile["heartRateIndex"] as? String != nil && (profile["readout"] as? String)?.hasSuffix(" m") == true, "\(profile)")
        // The Edge 500's 47 pauses are all on the map, gathered into fewer markers; none covers another.
        let markers = try #require(results[8] as? [String: Any])
        #expect(markers["pauses"] as? Int == 47)
        #expect((markers["pauseMarkers"] as? Int ?? 47) < 47)
        #expect((markers["closest"] as? Double ?? 0) >= 16 - 0.01, "\(markers)")
        // Zoomed 1.5 × 1.5: a lap marker is as wide on screen as before, and the scale bar's length still says its distance.
        let zoomed = try #require(results[9] as? [String: Any])
        let zoom = try #require(zoomed["zoom"] as? Double)
        #expect(abs(zoom - 2.25) < 0.001)
        let reset = try #require(results[10] as? [Double])
        #expect(reset[0] == 1 && abs((zoomed["lapWidth"] as? Double ?? 0) - reset[1]) < 0.5, "lap marker \(zoomed["lapWidth"] ?? "?") zoomed, \(reset[1]) whole")
        let label = try #require(zoomed["label"] as? String), units = try #require(zoomed["barUnits"] as? Double), perUnit = try #require(zoomed["metersPerUnit"] as? Double)
        let labelled = label.hasSuffix(" km") ? Double(label.dropLast(3))! * 1_000 : Double(label.dropLast(2))!
        #expect(abs(units * perUnit / zoom - labelled) / labelled < 0.01, "the bar is \(units) units at \(perUnit) m each, zoomed \(zoom): \(label)")
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 20_000)
        // The report fits a 360- and a 390-px phone, a tablet and a desktop, its laps' first column in view.
        #expect(PageLayout.problems(Array(results.dropFirst(11).prefix(PageLayout.widths.count)), page: "the Edge 500's report") == [])
        // At 390 px the heart-rate chart is drawn 1:1 and 200 px tall (scaled whole it would be about 90), and pointing
        // 30 % along it still finds 30 % of the ride.
        let phone = try #require(results[15] as? [Double])
        #expect(abs(phone[0] - phone[1]) <= 1 && phone[2] > 180, "viewBox \(phone[0]) units, drawn \(phone[1]) × \(phone[2]) px")
        let pointed = try #require(results[16] as? Double)
        #expect(abs(pointed - 12_692 * 0.3) < 120, "pointed at 30 % of 3:31:32 on a phone, got \(pointed) s")
    }

    /// The report of the mountain-hike scenario, as the README shows it on a desktop and a phone, fits both.
    @Test(.enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func theReadmesReportScreenshotsAreTakenFromTheHike() async throws {
        let page = Scratch.url("hike", extension: "html").path
        let scenario = ClubFixture.root.appendingPathComponent("Scenarios/mountain-hike.yaml").path
        let written = try await WorkoutProcess.run(["report", scenario, "-o", page, "--colour-by", "heart-rate"])
        try #require(written.status == 0, "\(written.stderr)")
        let desktop = Screenshots.path("report.png"), phone = Screenshots.path("report-phone.png")
        let results = try await Browser.run([
            .windowSize(width: 1280, height: 1500), .open("file://\(page)"), .screenshot(desktop),
            .windowSize(width: 390, height: 844), .open("file://\(page)"), .screenshot(phone),
        ] + PageLayout.steps(url: nil))
        #expect(PageLayout.problems(results, page: "the hike's report") == [])
        #expect(Screenshots.isPicture(desktop) && Screenshots.isPicture(phone))
    }

    /// Makes an MBTiles file at `path` with Python's sqlite3: one plain PNG for every tile around the easy run's loop
    /// in London at zooms 12 to 16, credited to OpenStreetMap's contributors in HTML as such files often are.
    static func makeLondonMBTiles(at path: String) async throws -> ExternalTool.Output {
        try await offThePool { try ExternalTool.python("""
            import math, sqlite3, struct, sys, zlib
            def png(r, g, b):
                raw = b''.join(b'\\x00' + bytes([r, g, b]) * 256 for _ in range(256))
                def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
                return b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 256, 256, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
            def tile(lat, lon, z):
                n = 2 ** z
                x = int((lon + 180) / 360 * n)
                y = int((1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * n)
                return x, y
            db = sqlite3.connect(sys.argv[1])
            db.execute('CREATE TABLE metadata (name TEXT, value TEXT)')
            db.execute('CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)')
            db.executemany('INSERT INTO metadata VALUES (?, ?)', [('name', 'London'), ('format', 'png'),
                ('attribution', '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>')])
            image = png(230, 226, 214)
            count = 0
            for z in range(12, 17):
                x0, y0 = tile(51.53, -0.11, z)
                x1, y1 = tile(51.48, -0.04, z)
                for x in range(x0, x1 + 1):
                    for y in range(y0, y1 + 1):
                        db.execute('INSERT INTO tiles VALUES (?, ?, ?, ?)', (z, x, 2 ** z - 1 - y, image))
                        count += 1
            db.commit()
            print(count)
            """, [path]) }
    }

    /// Tiles from an MBTiles file (made here with Python's sqlite3: a PNG for every tile around the easy run's loop
    /// in London at zooms 12 to 16) are inlined into the page, credited with the file's attribution in plain words,
    /// and draw in Chromium; a tile server's template is credited too. The page asks nothing of the network.
    @Test(.enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func anMBTilesFilesTilesAreInlinedWithTheirAttribution() async throws {
        let folder = Scratch.url("mbtiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mbtiles = folder.appendingPathComponent("london.mbtiles").path
        let made = try await Self.makeLondonMBTiles(at: mbtiles)
        try #require(made.status == 0, "\(made.standardError)")
        let page = folder.appendingPathComponent("run.html").path
        let scenario = ClubFixture.root.appendingPathComponent("Scenarios/easy-run.yaml").path
        let written = try await WorkoutProcess.run(["report", scenario, "--mbtiles", mbtiles, "-o", page])
        try #require(written.status == 0, "\(written.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<g class=\"tiles\" data-zoom=\"") && html.contains("href=\"data:image/png;base64,"))
        #expect(html.contains("id=\"map-attribution\">© OpenStreetMap contributors</p>"), "the file's attribution, in plain words")
        #expect(!html.contains("https://") && !html.contains("http://"), "the page asks nothing of the network")
        let results = try await Browser.run([
            .open("file://\(page)"),
            .evaluate("""
                var images = document.querySelectorAll('#map-svg .tiles image'), credit = document.getElementById('map-attribution');
                return [images.length, credit.textContent, credit.getBoundingClientRect().height > 0, images[0].getBoundingClientRect().width > 0]
                """),
            AccessibilityAudit.step,
        ])
        let drawn = try #require(results[0] as? [Any])
        #expect((drawn[0] as? Int ?? 0) > 0 && drawn[1] as? String == "© OpenStreetMap contributors" && drawn[2] as? Bool == true && drawn[3] as? Bool == true,
                "\(drawn)")
        #expect(results[1] as? [String] == [], "accessibility of the map with tiles: \(results[1])")

        // A tile server's template is credited too; a file that is no MBTiles is refused in words.
        let served = folder.appendingPathComponent("served.html").path
        let fromServer = try await WorkoutProcess.run(["report", scenario, "--tiles", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "-o", served])
        let servedPage = (try? String(contentsOfFile: served, encoding: .utf8)) ?? ""
        #expect(fromServer.status == 0 && servedPage.contains("id=\"map-attribution\">© OpenStreetMap contributors</p>"), "\(fromServer.stderr)")
        let notTiles = folder.appendingPathComponent("not.mbtiles").path
        try "not a database".write(toFile: notTiles, atomically: true, encoding: .utf8)
        let refused = try await WorkoutProcess.run(["report", scenario, "--mbtiles", notTiles, "-o", served])
        #expect(refused.status != 0 && refused.stderr.contains("cannot be read as an MBTiles file"), "\(refused.stderr)")
    }

    @Test func aMissingFileOrABadOptionIsRefusedWithAMessage() async throws {
        let missing = try await WorkoutProcess.run(["report", "/nonexistent/ride.fit"])
        #expect(missing.status != 0 && missing.stderr.contains("/nonexistent/ride.fit: no such file"))
        let tiles = try await WorkoutProcess.run(["report", "ride.fit", "--tiles", "https://tile.example/x.png"])
        #expect(tiles.status != 0 && tiles.stderr.contains("{z}, {x} and {y}"))
        let units = try await WorkoutProcess.run(["report", "ride.fit", "--units", "furlongs"])
        #expect(units.status != 0 && units.stderr.contains("metric"))
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias ReportCommandTests = BlockingCommandSuites.ReportCommandTests

