import Foundation
import TestSupport
import Testing

/// One truth per ride: for every real file in `../shared/data` and every shipped scenario, each surface that
/// shows a workout's figures — `import`'s line or `replay`'s summary, `list`, `show`, the report's page in
/// Chromium, the web app's API and the FIT file `export` writes, read by Garmin's SDK — says the same, to the
/// precision it shows: times to the second, distances to 10 m, speeds to 0.1 km/h, the rest to the unit. The
/// training figures (normalized power, TSS, IF, against an FTP set from before every ride) too: `show`, the
/// report's Training table, the API, and the FIT session's own fields.
@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct FigureConsistencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real files (the deliberately corrupt one aside) and the scenarios.
    static let cases: [String] = [
        "activity-files/fitparse__garmin-edge-500-ride.fit", "activity-files/fitparse__fenix2-run.fit",
        "activity-files/gc__edge705-ride-hr-2009-09-19.tcx", "activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx",
        "Scenarios/easy-run.yaml", "Scenarios/commute-ride.yaml", "Scenarios/mountain-hike.yaml", "Scenarios/strap-dropout.yaml",
        "Scenarios/track-intervals.yaml", "Scenarios/trainer-ride.yaml", "Scenarios/treadmill-run.yaml", "Scenarios/triathlon.yaml",
    ]

    /// The FIT file's session and laps as Garmin's SDK decodes them.
    static let decodeSession = """
        import json, sys
        from garmin_fit_sdk import Decoder, Stream
        m, e = Decoder(Stream.from_file(sys.argv[1])).read()
        s = m['session_mesgs']
        def total(key):
            values = [x.get(key) for x in s if x.get(key) is not None]
            return sum(values) if values else None
        print(json.dumps({'timer': total('total_timer_time'), 'distance': total('total_distance'), 'ascent': total('total_ascent'),
                          'heartRate': s[0].get('avg_heart_rate') if len(s) == 1 else None,
                          'cadence': s[0].get('avg_cadence') if len(s) == 1 else None,
                          'np': s[0].get('normalized_power') if len(s) == 1 else None,
                          'tss': s[0].get('training_stress_score') if len(s) == 1 else None,
                          'if': s[0].get('intensity_factor') if len(s) == 1 else None,
                          'threshold': s[0].get('threshold_power') if len(s) == 1 else None,
                          'maxSpeed': (s[0].get('enhanced_max_speed') or s[0].get('max_speed')) if len(s) == 1 else None,
                          'sessions': len(s), 'laps': len(m.get('lap_mesgs', [])), 'errors': len(e)}))
        """

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(300))")
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded())
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real files and scenarios"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"),
          .enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"),
          .enabled(if: ExternalTool.has("curl"), "curl is missing"),
          arguments: cases)
    func everySurfaceShowsTheSameFigures(_ name: String) async throws {
        let folder = Scratch.url("figures-\(URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let isScenario = name.hasPrefix("Scenarios/")
        let input = isScenario ? Self.root.appendingPathComponent(name).path : SharedData.file(name).path

        // An FTP from before every ride, so that each with power has a TSS and an IF.
        let athlete = try await WorkoutProcess.run(["athlete", "set", "--ftp", "250", "--from", "2000-01-01", "--store", store])
        try #require(athlete.status == 0, "\(athlete.stderr)")

        // What the command that stored it said.
        var said: (moving: Double, distance: Double?, ascent: Double?, laps: Int?)
        if isScenario {
            let replay = try await offThePool { try WorkoutProcess.runBlocking(["replay", input, "--store", store, "--json"]) }
            try #require(replay.status == 0, "\(replay.stderr)")
            let result = try Self.json(replay.stdout)
            said = (result["elapsed"] as? Double ?? -1, result["totalDistanceMeters"] as? Double, result["elevationAscendedMeters"] as? Double,
                    (result["laps"] as? [Any])?.count)
        } else {
            let imported = try await offThePool { try WorkoutProcess.runBlocking(["import", input, "--store", store, "--json"]) }
            try #require(imported.status == 0, "\(imported.stderr)")
            let outcome = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]]).first
            let activity = try #require(outcome?["activity"] as? [String: Any], "\(imported.stdout)")
            said = (activity["timerSeconds"] as? Double ?? -1, activity["distanceMeters"] as? Double, nil, nil)
        }

        let shown = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--json", "--store", store]) }
        try #require(shown.status == 0, "\(shown.stderr)")
        let show = try Self.json(shown.stdout)
        let id = try #require(show["id"] as? String)
        let moving = try #require(show["durationSeconds"] as? Double)
        let distance = show["distanceMeters"] as? Double
        let ascent = show["ascentMeters"] as? Double
        let averageHeartRate = (show["heartRate"] as? [String: Any])?["average"] as? Double
        let averageCadence = show["averageCadence"] as? Double
        let averageSpeed = show["averageSpeed"] as? Double
        let topSpeed = show["maximumSpeed"] as? Double
        let laps = (show["laps"] as? [Any])?.count ?? 0
        let zoneSeconds = (show["zones"] as? [String: Any])?["seconds"] as? [Double]
        let training = show["training"] as? [String: Any]
        let normalizedPower = training?["normalizedPower"] as? Double
        let stress = training?["trainingStressScore"] as? Double
        let intensity = training?["intensityFactor"] as? Double
        // A file's title (a GPX track's name) and the device it names.
        let title = show["name"] as? String
        let device = show["device"] as? String
        let km = { (meters: Double?) in meters.map { String(format: "%.2f", $0 / 1000) } }

        // The command that stored it.
        #expect(Self.clock(said.moving) == Self.clock(moving), "\(name): stored as \(said.moving) s, show says \(moving) s")
        #expect(km(said.distance ?? 0) == km(distance ?? 0), "\(name): stored with \(said.distance ?? -1) m, show says \(distance ?? -1) m")
        if let saidAscent = said.ascent, let ascent { #expect(Int(saidAscent.rounded()) == Int(ascent.rounded()), "\(name): replay climbed \(saidAscent) m, show \(ascent) m") }
        if let saidLaps = said.laps { #expect(saidLaps == laps, "\(name): replay counted \(saidLaps) laps, show \(laps)") }

        // list.
        let listed = try await offThePool { try WorkoutProcess.runBlocking(["list", "--json", "--store", store]) }
        let row = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first, "\(listed.stdout)")
        #expect(Self.clock(row["durationSeconds"] as? Double ?? -1) == Self.clock(moving), "\(name): list \(row["durationSeconds"] ?? "–")")
        #expect(km(row["distanceMeters"] as? Double) == km(distance), "\(name): list \(row["distanceMeters"] ?? "–")")
        #expect(row["name"] as? String == title, "\(name): list's title \(row["name"] ?? "–"), show's \(title ?? "–")")

        // The FIT file export writes, as Garmin's SDK reads it.
        let fit = folder.appendingPathComponent("ride.fit").path
        let exported = try await offThePool { try WorkoutProcess.runBlocking(["export", id, "-o", fit, "--store", store]) }
        try #require(exported.status == 0, "\(exported.stderr)")
        let decoded = try await offThePool { try ExternalTool.python(Self.decodeSession, [fit]) }
        let session = try Self.json(decoded.standardOutput)
        #expect(session["errors"] as? Int == 0)
        #expect(Self.clock(session["timer"] as? Double ?? -1) == Self.clock(moving), "\(name): FIT timer \(session["timer"] ?? "–")")
        #expect(km(session["distance"] as? Double) == km(distance), "\(name): FIT distance \(session["distance"] ?? "–")")
        if let ascent { #expect(session["ascent"] as? Int == Int(ascent.rounded()), "\(name): FIT ascent \(session["ascent"] ?? "–"), show \(ascent)") }
        if let heartRate = session["heartRate"] as? Int, let averageHeartRate {
            #expect(abs(Double(heartRate) - averageHeartRate) < 1, "\(name): FIT heart rate \(heartRate), show \(averageHeartRate)")
        }
        if let cadence = session["cadence"] as? Int, let averageCadence {
            #expect(abs(Double(cadence) - averageCadence) < 1, "\(name): FIT cadence \(cadence), show \(averageCadence)")
        }
        if laps > 0 { #expect(session["laps"] as? Int == laps, "\(name): FIT laps \(session["laps"] ?? "–"), show \(laps)") }
        if session["sessions"] as? Int == 1 {
            // One session: its training fields are show's, to the FIT field's precision (1 W, 0.1 TSS, 0.001 IF).
            #expect(session["np"] as? Int == normalizedPower.map { Int($0.rounded()) }, "\(name): FIT NP \(session["np"] ?? "–"), show \(normalizedPower ?? -1)")
            #expect((session["tss"] as? Double).map { abs($0 - (stress ?? -9)) <= 0.05 } ?? (stress == nil), "\(name): FIT TSS \(session["tss"] ?? "–"), show \(stress ?? -1)")
            #expect((session["if"] as? Double).map { abs($0 - (intensity ?? -9)) <= 0.0005 } ?? (intensity == nil), "\(name): FIT IF \(session["if"] ?? "–"), show \(intensity ?? -1)")
            #expect(session["threshold"] as? Int == (stress == nil ? nil : 250), "\(name): FIT threshold power \(session["threshold"] ?? "–")")
            // The top speed, spike rule and all, to the FIT field's precision (1 mm/s).
            if let topSpeed { #expect((session["maxSpeed"] as? Double).map { abs($0 - topSpeed) <= 0.0005 } == true, "\(name): FIT top speed \(session["maxSpeed"] ?? "–"), show \(topSpeed)") }
        }

        // The report's page, in Chromium.
        let page = folder.appendingPathComponent("ride.html").path
        let written = try await offThePool { try WorkoutProcess.runBlocking(["report", id, "-o", page, "--store", store, "--time-zone", "UTC"]) }
        try #require(written.status == 0, "\(written.stderr)")
        let read = try await Browser.run([
            .open("file://\(page)"),
            .evaluate("""
                var out = {}; document.querySelectorAll('#summary [data-key]').forEach(function(e){ out[e.getAttribute('data-key')] = e.querySelector('dd').textContent; });
                out.zones = Array.from(document.querySelectorAll('#heart-rate-zones tr[data-zone]')).map(function(r){ return parseFloat(r.getAttribute('data-seconds')); });
                out.model = (document.querySelector('#heart-rate-zones .zones-model') || {}).textContent || '';
                out.title = document.querySelector('h1').textContent;
                out.training = {}; document.querySelectorAll('#training table.metrics tbody tr').forEach(function(r){ out.training[r.querySelector('th').textContent] = r.querySelector('td').textContent; });
                out.subtitle = document.querySelector('.subtitle').textContent;
                return out;
                """),
        ])
        let report = try #require(read.last as? [String: Any])
        if let title { #expect(report["title"] as? String == title, "\(name): the report's title \(report["title"] ?? "–"), show's \(title)") }
        if let device {
            #expect((report["subtitle"] as? String)?.contains("recorded by \(device)") == true, "\(name): the report's \(report["subtitle"] ?? "–"), show's device \(device)")
        }
        #expect(report["moving-time"] as? String == Self.clock(moving), "\(name): the report's moving time \(report["moving-time"] ?? "–")")
        if let distance, distance > 0 { #expect(report["distance"] as? String == "\(km(distance)!) km", "\(name): the report's distance \(report["distance"] ?? "–")") }
        if let ascent { #expect(report["ascent"] as? String == "\(Int(ascent.rounded())) m", "\(name): the report climbed \(report["ascent"] ?? "–")") }
        if let topSpeed, let shown = report["maximum-speed"] as? String {
            // The report gives a speed's top in km/h to a tenth (a pace's best it does not show).
            let kmh = Double(shown.split(separator: " ").first ?? "") ?? -1
            #expect(abs(kmh - topSpeed * 3.6) <= 0.05 + 1e-9, "\(name): the report's top speed \(shown), show's \(topSpeed * 3.6) km/h")
        }
        if let averageHeartRate {
            #expect(report["average-heart-rate"] as? String == "\(Int(averageHeartRate.rounded())) bpm", "\(name): the report's heart rate \(report["average-heart-rate"] ?? "–")")
        }
        if let averageCadence {
            // On foot in steps per minute: twice the strides the records and the FIT session hold.
            let onFoot = ["running", "walking", "hiking"].contains(show["activity"] as? String ?? "")
            let expected = onFoot ? "\(Int((averageCadence * 2).rounded())) spm" : "\(Int(averageCadence.rounded())) rpm"
            #expect(report["average-cadence"] as? String == expected, "\(name): the report's cadence \(report["average-cadence"] ?? "–"), show's \(expected)")
        }
        if let temperature = show["temperatureCelsius"] as? Double {
            #expect(report["temperature"] as? String == "\(Int(temperature.rounded())) °C", "\(name): the report's temperature \(report["temperature"] ?? "–")")
        }
        if let zoneSeconds, let drawn = report["zones"] as? [Double] {
            // The page's rows: below Z1, then Z1 to Z5.
            #expect(drawn.count == 6 && zip(drawn.dropFirst(), zoneSeconds).allSatisfy { abs($0 - $1) < 0.5 }, "\(name): the report's zones \(drawn), show \(zoneSeconds)")
            #expect((report["model"] as? String)?.contains((show["zones"] as? [String: Any])?["description"] as? String ?? "?") == true)
        }

        let trainingRows = report["training"] as? [String: String] ?? [:]
        #expect(trainingRows["Normalized power"] == normalizedPower.map { "\(Int($0.rounded())) W" }, "\(name): the report's NP \(trainingRows["Normalized power"] ?? "–"), show \(normalizedPower ?? -1)")
        #expect(trainingRows["Training stress"] == stress.map { "\(Int($0.rounded()))" }, "\(name): the report's TSS \(trainingRows["Training stress"] ?? "–"), show \(stress ?? -1)")
        #expect(trainingRows["Intensity factor"] == intensity.map { String(format: "%.2f", $0) }, "\(name): the report's IF \(trainingRows["Intensity factor"] ?? "–")")

        // The web app's API.
        let server = try await ServingProcess(["--store", store])
        defer { server.stop() }
        let api = try await HTTP.request(server.url + "api/workouts/\(id)").json
        let figures = try #require(api["figures"] as? [String: Any], "\(api)")
        #expect((api["workout"] as? [String: Any])?["name"] as? String == title, "\(name): the API's title")
        #expect(Self.clock(figures["movingTime"] as? Double ?? -1) == Self.clock(moving), "\(name): the API's moving time \(figures["movingTime"] ?? "–")")
        #expect(km(figures["distance"] as? Double) == km(distance), "\(name): the API's distance \(figures["distance"] ?? "–")")
        #expect((figures["ascent"] as? Double).map { Int($0.rounded()) } == ascent.map { Int($0.rounded()) })
        #expect((figures["averageSpeed"] as? Double).map { String(format: "%.1f", $0 * 3.6) } == averageSpeed.map { String(format: "%.1f", $0 * 3.6) })
        #expect((figures["maximumSpeed"] as? Double).map { abs($0 - (topSpeed ?? -9)) <= 0.0005 } ?? (topSpeed == nil), "\(name): the API's top speed \(figures["maximumSpeed"] ?? "–")")
        #expect((figures["averageCadence"] as? Double).map { Int($0.rounded()) } == averageCadence.map { Int($0.rounded()) })
        #expect((figures["temperature"] as? Double).map { Int($0.rounded()) } == (show["temperatureCelsius"] as? Double).map { Int($0.rounded()) })
        let apiTraining = figures["training"] as? [String: Any]
        // The API writes figures to three decimals (docs/openapi.yaml).
        func thousandths(_ value: Double?) -> Double? { value.map { ($0 * 1_000).rounded() / 1_000 } }
        #expect(apiTraining?["normalizedPower"] as? Double == thousandths(normalizedPower) && apiTraining?["trainingStressScore"] as? Double == thousandths(stress),
                "\(name): the API's training figures \(apiTraining ?? [:]), show's \(training ?? [:])")
        let apiList = try await HTTP.request(server.url + "api/workouts").json
        let apiRow = try #require((apiList["workouts"] as? [[String: Any]])?.first)
        #expect(Self.clock(apiRow["durationSeconds"] as? Double ?? -1) == Self.clock(moving), "\(name): the API's list \(apiRow["durationSeconds"] ?? "–")")
    }
}
