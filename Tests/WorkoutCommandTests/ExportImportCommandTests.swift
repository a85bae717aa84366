import Foundation
import TestSupport
import Testing

extension BlockingCommandSuites {
@Suite(.timeLimit(.minutes(10))) struct ExportImportCommandTests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/easy-run.yaml").path

    static func folder() throws -> URL {
        let folder = Scratch.url("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func workouts(in store: String) async throws -> [[String: Any]] {
        let list = try await WorkoutProcess.run(["list", "--json", "--store", store])
        try #require(list.status == 0, "\(list.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    }

    /// Each real file imported is kept with its workout: `export --original` writes it back byte for byte,
    /// and a workout recorded here says it has none.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real files"))
    func theImportedFileComesBackByteForByte() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let files = ["fitparse__garmin-edge-500-ride.fit", "fitparse__fenix2-run.fit", "gc__edge705-ride-hr-2009-09-19.tcx",
                     "gc__urbanbiker-ride-hr-2019-04-18.gpx"].map { SharedData.file("activity-files/\($0)").path }
        for file in files {
            let imported = try await WorkoutProcess.run(["import", file, "--store", store, "--json"])
            try #require(imported.status == 0, "\(imported.stderr)")
            let outcome = try #require((try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])?.first)
            let id = try #require(outcome["workout"] as? String)
            let copy = folder.appendingPathComponent("copy-" + URL(fileURLWithPath: file).lastPathComponent).path
            let export = try await WorkoutProcess.run(["export", id, "--original", "--output", copy, "--store", store])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdout.contains("the original \(URL(fileURLWithPath: file).lastPathComponent)"), "\(export.stdout)")
            #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: file), "\(file) did not come back as it was")
        }
        let replay = try await WorkoutProcess.run(["replay", Self.scenario, "--store", store])
        try #require(replay.status == 0, "\(replay.stderr)")
        let none = try await WorkoutProcess.run(["export", "last", "--original", "--store", store])
        #expect(none.status != 0)
        #expect(none.stderr.contains("has no original file"), "\(none.stderr)")
    }

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk") && ExternalTool.has("xmllint") && SharedData.isPresent,
                   "garmin-fit-sdk, xmllint or ../shared is missing: run Scripts/setup"))
    func aReplayedRideExportsValidFilesWhoseImportKeepsItsTotals() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let replay = try await WorkoutProcess.run(["replay", Self.scenario, "--store", store])
        try #require(replay.status == 0, "\(replay.stderr)")
        let original = try await #require(try Self.workouts(in: store).first)
        let id = try #require(original["id"] as? String)
        for format in ["fit", "tcx", "gpx"] {
            let path = folder.appendingPathComponent("ride.\(format)").path
            let export = try await WorkoutProcess.run(["export", String(id.prefix(8)), "--store", store, "--output", path])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdout.hasPrefix("wrote \(path): running"))
        }
        let fit = try ExternalTool.python("""
            import sys; from garmin_fit_sdk import Decoder, Stream
            p = sys.argv[1]; ok = Decoder(Stream.from_file(p)).check_integrity(); m, e = Decoder(Stream.from_file(p)).read()
            print(ok, len(e), m["session_mesgs"][0]["total_distance"])
            """, [folder.appendingPathComponent("ride.fit").path])
        let fields = fit.standardOutput.split(separator: " ")
        #expect(fields.first == "True" && fields.dropFirst().first == "0", "\(fit.standardOutput) \(fit.standardError)")
        #expect(abs((Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0) - (original["distanceMeters"] as? Double ?? -1)) < 0.01)
        for (format, schema) in [("tcx", "TrainingCenterDatabasev2.xsd"), ("gpx", "gpx-1.1.xsd")] {
            let lint = try ExternalTool.run("xmllint", ["--noout", "--schema", SharedData.spec(schema).path, folder.appendingPathComponent("ride.\(format)").path])
            #expect(lint.status == 0, "\(lint.standardError)")
        }

        // Each export imported into a store of its own keeps the workout's totals to the format's precision.
        for format in ["fit", "tcx", "gpx"] {
            let other = folder.appendingPathComponent("\(format).sqlite").path
            let imported = try await WorkoutProcess.run(["import", folder.appendingPathComponent("ride.\(format)").path, "--store", other, "--activity", "running"])
            try #require(imported.status == 0, "\(imported.stderr)")
            let workout = try await #require(try Self.workouts(in: other).first)
            #expect(workout["activity"] as? String == "running")
            // TCX and GPX have no pause marker: a pause is a gap between points one second apart,
            // so each pause, and the end, is known to a second. FIT keeps the timer exactly.
            let pauses = Double(original["pauses"] as? Int ?? 0)
            let slack = format == "fit" ? 0.001 : pauses + 1
            #expect(abs((workout["durationSeconds"] as? Double ?? 0) - (original["durationSeconds"] as? Double ?? 0)) <= slack, "\(format)")
            // GPX carries no distance: it is measured again along the points. FIT keeps centimetres; TCX, centimetres per lap.
            let tolerance = format == "gpx" ? (original["distanceMeters"] as? Double ?? 0) * 0.01 : 0.01 * (pauses + 4)
            #expect(abs((workout["distanceMeters"] as? Double ?? 0) - (original["distanceMeters"] as? Double ?? 0)) <= tolerance, "\(format)")
            if format != "gpx" {
                // Whole kilocalories: per session in FIT, per lap in TCX.
                #expect(abs((workout["energyKilocalories"] as? Double ?? 0) - (original["energyKilocalories"] as? Double ?? 0)) <= (format == "fit" ? 0.5 : 2.5), "\(format)")
            }
        }
        // Importing the same file again is skipped.
        let again = try await WorkoutProcess.run(["import", folder.appendingPathComponent("ride.fit").path, "--store", folder.appendingPathComponent("fit.sqlite").path])
        #expect(again.status == 0 && again.stdout.hasPrefix("skipped"))
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the negative FIT fixture"))
    func aDamagedFileIsRefusedWithWhereAndSalvagedOnRequest() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        let file = SharedData.file("activity-files/fitparse__NEGATIVE-strava-android-truncated.fit").path
        let refused = try await WorkoutProcess.run(["import", file, "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(file): byte 7471: error: a data message uses local message type 11"))
        #expect(refused.stderr.contains("--salvage"))
        await #expect(try Self.workouts(in: store).isEmpty)
        let salvaged = try await WorkoutProcess.run(["import", file, "--store", store, "--salvage"])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        #expect(salvaged.stdout.contains("(salvaged)") && salvaged.stdout.contains("472 records") && salvaged.stdout.contains("1 implausible record left out"))
        await #expect(try Self.workouts(in: store).count == 1)
    }

    @Test func exportErrorsSpeakPlainly() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try await WorkoutProcess.run(["export", folder.appendingPathComponent("nope.gpx").path])
        #expect(missing.status != 0 && missing.stderr.contains("no such file"))
        let contradiction = try await WorkoutProcess.run(["export", "abc", "--format", "gpx", "--output", "x.fit"])
        #expect(contradiction.status != 0 && contradiction.stderr.contains("contradicts"))
        let store = folder.appendingPathComponent("s.sqlite").path
        let noStore = try await WorkoutProcess.run(["export", "abcdef12", "--store", store])
        #expect(noStore.status != 0 && noStore.stderr.contains("\(store): no store there"), "a mistyped store is not made anew")
        #expect(!FileManager.default.fileExists(atPath: store))
        let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/easy-run.yaml").path
        #expect(try await WorkoutProcess.run(["replay", scenario, "--store", store]).status == 0)
        let unknown = try await WorkoutProcess.run(["export", "abcdef12", "--store", store])
        #expect(unknown.status != 0 && unknown.stderr.contains("No workout's identifier starts with 'abcdef12'"))
        #expect(unknown.stderr.hasPrefix("error: "), "a diagnostic, without ArgumentParser's Error: \(unknown.stderr)")
    }

    /// `--activity` names the sport of files that state none; a file's own sport is the device's word.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real files"))
    func importActivityFillsInOnlyWhatTheFileLeavesOpen() async throws {
        let folder = try Self.folder()
        let store = folder.appendingPathComponent("health.sqlite").path
        let ride = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        let gpx = SharedData.file("activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx").path
        let imported = try await WorkoutProcess.run(["import", ride, gpx, "--activity", "cycling", "--json", "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let outcomes = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])
        #expect(outcomes.map { $0["status"] as? String } == ["imported", "imported"])
        await #expect(Set(try Self.workouts(in: store).map { $0["activity"] as? String }) == ["cycling"])
        let again = folder.appendingPathComponent("other.sqlite").path
        let contradicted = try await WorkoutProcess.run(["import", ride, "--activity", "running", "--store", again])
        #expect(contradicted.status == 0)
        #expect(contradicted.stderr.contains("warning: \(ride): the file says cycling; --activity running applies only to files that state no sport"))
        await #expect(try Self.workouts(in: again).first?["activity"] as? String == "cycling")
    }
    /// A Training Center history (two activities, days apart, newest first) imports as two workouts, each with
    /// its own totals, where it was refused as one workout lasting eight days.
    @Test func aTCXHistoryImportsAsOneWorkoutPerActivity() async throws {
        let folder = try Self.folder()
        let store = folder.appendingPathComponent("health.sqlite").path
        func activity(_ sport: String, _ start: String, _ end: String, seconds: Int, meters: Int) -> String {
            "<Activity Sport=\"\(sport)\"><Id>\(start)</Id><Lap StartTime=\"\(start)\"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds>"
                + "<DistanceMeters>\(meters)</DistanceMeters><Calories>50</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
                + "<Trackpoint><Time>\(start)</Time><DistanceMeters>0</DistanceMeters><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>"
                + "<Trackpoint><Time>\(end)</Time><DistanceMeters>\(meters)</DistanceMeters><HeartRateBpm><Value>150</Value></HeartRateBpm></Trackpoint>"
                + "</Track></Lap></Activity>"
        }
        let history = folder.appendingPathComponent("history.tcx")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
            \(activity("Running", "2009-09-27T18:00:00Z", "2009-09-27T18:30:00Z", seconds: 1800, meters: 6000))
            \(activity("Biking", "2009-09-19T09:00:00Z", "2009-09-19T11:00:00Z", seconds: 7000, meters: 60000))
            </Activities></TrainingCenterDatabase>
            """.write(to: history, atomically: true, encoding: .utf8)
        let imported = try await WorkoutProcess.run(["import", history.path, "--json", "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let outcomes = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])
        #expect(outcomes.map { $0["status"] as? String } == ["imported", "imported"], "\(imported.stdout)")
        let workouts = try await Self.workouts(in: store).sorted { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") }
        #expect(workouts.map { $0["activity"] as? String } == ["cycling", "running"])
        #expect(workouts.map { $0["durationSeconds"] as? Double } == [7000, 1800])
        #expect(workouts.map { $0["distanceMeters"] as? Double } == [60000, 6000])
        // Again: both are known, and skipped.
        let again = try await WorkoutProcess.run(["import", history.path, "--json", "--store", store])
        let skipped = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]])
        #expect(skipped.map { $0["status"] as? String } == ["skipped", "skipped"])
    }
    /// An older Garmin's history wraps rides on two days in one `<MultiSportSession>`: each is a workout of its own.
    /// A file the store cannot take (one activity of five days) is refused with its name and the reason, and the
    /// other files still go in.
    @Test func legsDaysApartAreWorkoutsAndARefusedFileIsNamed() async throws {
        let folder = try Self.folder()
        let store = folder.appendingPathComponent("health.sqlite").path
        func activity(_ sport: String, _ start: String, _ end: String, seconds: Int, meters: Int) -> String {
            "<Activity Sport=\"\(sport)\"><Id>\(start)</Id><Lap StartTime=\"\(start)\"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds>"
                + "<DistanceMeters>\(meters)</DistanceMeters><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
                + "<Trackpoint><Time>\(start)</Time><DistanceMeters>0</DistanceMeters></Trackpoint>"
                + "<Trackpoint><Time>\(end)</Time><DistanceMeters>\(meters)</DistanceMeters></Trackpoint></Track></Lap></Activity>"
        }
        func file(_ name: String, _ body: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">"
                 + "<Activities>\(body)</Activities></TrainingCenterDatabase>").write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let week = try file("week.tcx", activity("Biking", "2010-03-01T07:00:00Z", "2010-03-06T07:00:00Z", seconds: 432_000, meters: 90_000))
        let legs = try file("legs.tcx", "<MultiSportSession><Id>2010-03-01T07:00:00Z</Id>"
                            + "<FirstSport>\(activity("Biking", "2010-03-01T07:00:00Z", "2010-03-01T08:00:00Z", seconds: 3600, meters: 30000))</FirstSport>"
                            + "<NextSport>\(activity("Running", "2010-03-04T18:00:00Z", "2010-03-04T18:40:00Z", seconds: 2400, meters: 8000))</NextSport>"
                            + "</MultiSportSession>")
        let imported = try await WorkoutProcess.run(["import", week, legs, "--json", "--store", store])
        #expect(imported.status == 1, "one file refused")
        let outcomes = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])
        #expect(outcomes.map { $0["status"] as? String } == ["failed", "imported", "imported"], "\(imported.stdout)")
        let refusal = outcomes.first?["error"] as? String ?? ""
        #expect(refusal.hasPrefix("\(week): cannot be stored: ") && refusal.contains("exceeds the maximum"), "\(refusal)")
        let workouts = try await Self.workouts(in: store).sorted { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") }
        #expect(workouts.map { $0["activity"] as? String } == ["cycling", "running"])
        #expect(workouts.map { $0["durationSeconds"] as? Double } == [3600, 2400])
    }

    /// A run's cadence is kept as HealthKit keeps it (step counts) and leaves again as the file had it: every record
    /// of the fenix 2 run has its cadence back, but the one it wrote after its timer stopped for good, and the
    /// session's average is the device's.
    @Test(.enabled(if: SharedData.isPresent && ExternalTool.pythonHas("garmin_fit_sdk"), "../shared/data or garmin-fit-sdk is missing"))
    func aRunsCadenceSurvivesImportAndExport() async throws {
        let folder = try Self.folder()
        let store = folder.appendingPathComponent("health.sqlite").path
        let run = SharedData.file("activity-files/fitparse__fenix2-run.fit").path
        #expect(try await WorkoutProcess.run(["import", run, "--store", store]).status == 0)
        let shown = try await WorkoutProcess.run(["show", "last", "--store", store])
        #expect(shown.stdout.contains("cadence     163 spm average"), "\(shown.stdout)")
        let id = try await #require(try Self.workouts(in: store).first?["id"] as? String)
        let back = folder.appendingPathComponent("back.fit").path
        #expect(try await WorkoutProcess.run(["export", id, "-o", back, "--store", store]).status == 0)
        let compared = try ExternalTool.python("""
            import json, sys
            from garmin_fit_sdk import Decoder, Stream
            def read(path):
                m, e = Decoder(Stream.from_file(path)).read()
                return {r['timestamp']: r.get('cadence') for r in m['record_mesgs']}, m['session_mesgs'][0].get('avg_cadence')
            (a, sa), (b, sb) = read(sys.argv[1]), read(sys.argv[2])
            print(json.dumps({'records': sum(1 for c in a.values() if c is not None), 'same': sum(1 for t, c in a.items() if c is not None and b.get(t) == c),
                              'session': [sa, sb]}))
            """, [run, back])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(compared.standardOutput.utf8)) as? [String: Any], "\(compared.standardError)")
        #expect(result["records"] as? Int == 2809)
        #expect(result["same"] as? Int == 2808, "\(result)")
        #expect((result["session"] as? [Int]) == [81, 81], "\(result)")
    }
    /// The fenix 2 run was started at 16:45 in its own zone (its FIT `activity` message says local time is UTC+2):
    /// show and the report say 16:45, and an export writes the same local time back. Its temperature is kept too.
    @Test(.enabled(if: SharedData.isPresent && ExternalTool.pythonHas("garmin_fit_sdk"), "../shared/data or garmin-fit-sdk is missing"))
    func aRunKeepsTheLocalTimeItWasRecordedIn() async throws {
        let folder = try Self.folder()
        let store = folder.appendingPathComponent("health.sqlite").path
        let run = SharedData.file("activity-files/fitparse__fenix2-run.fit").path
        #expect(try await WorkoutProcess.run(["import", run, "--store", store]).status == 0)
        let shown = try await WorkoutProcess.run(["show", "last", "--store", store])
        #expect(shown.stdout.contains("start       Saturday 15 August 2015, 16:45 GMT+2"), "\(shown.stdout)")
        // Its records' temperatures (21.2 °C on average, by Garmin's SDK) are kept as the workout's.
        #expect(shown.stdout.contains("temperature 21 °C average"), "\(shown.stdout)")
        let id = try await #require(try Self.workouts(in: store).first?["id"] as? String)
        let page = folder.appendingPathComponent("run.html").path
        #expect(try await WorkoutProcess.run(["report", id, "-o", page, "--store", store]).status == 0)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Saturday 15 August 2015, 16:45 GMT+2"))
        let back = folder.appendingPathComponent("back.fit").path
        #expect(try await WorkoutProcess.run(["export", id, "-o", back, "--store", store]).status == 0)
        let offsets = try ExternalTool.python("""
            import sys
            from garmin_fit_sdk import Decoder, Stream
            for path in sys.argv[1:]:
                m, e = Decoder(Stream.from_file(path)).read()
                a = m['activity_mesgs'][0]
                print(a['local_timestamp'] - int(a['timestamp'].timestamp() - 631065600))
            """, [run, back]).standardOutput.split(separator: "\n").map(String.init)
        #expect(offsets == ["7200", "7200"], "\(offsets)")
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias ExportImportCommandTests = BlockingCommandSuites.ExportImportCommandTests

