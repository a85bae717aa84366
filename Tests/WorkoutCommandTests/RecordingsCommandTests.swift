import Foundation
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(2))) struct RecordingsCommandTests {
    var scenarios: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios").path
    }

    @Test func listShowAndDeleteRecordings() throws {
        let store = Scratch.url("list").appendingPathComponent("health.sqlite").path
        let missing = try WorkoutProcess.run(["list", "--store", store])
        #expect(missing.status == 1 && missing.stderr.contains("no store there"), "a store that is not there is not made anew")
        #expect(try WorkoutProcess.run(["replay", "\(scenarios)/easy-run.yaml", "--store", store]).status == 0)
        #expect(try WorkoutProcess.run(["replay", "\(scenarios)/track-intervals.yaml", "--store", store]).status == 0)
        let list = try WorkoutProcess.run(["list", "--store", store, "--json"])
        let workouts = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(workouts.count == 2)
        let id = try #require(workouts.last?["id"] as? String)
        #expect((workouts.last?["distanceMeters"] as? Double ?? 0) > 1000)

        let table = try WorkoutProcess.run(["list", "--store", store]).stdout
        #expect(table.hasPrefix("id        start"))
        #expect(table.contains(String(id.prefix(8))))

        let shown = try WorkoutProcess.run(["show", String(id.prefix(6)).lowercased(), "--store", store])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("laps"))
        #expect(shown.stdout.contains("heart rate"))
        #expect(shown.stdout.contains("zones (of "))
        #expect(shown.stdout.contains(where: { "▁▂▃▄▅▆▇█".contains($0) }))

        let unknown = try WorkoutProcess.run(["show", "zz", "--store", store])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("No workout's identifier starts with 'zz'"))
        #expect(!unknown.stderr.contains("Usage"))

        let deleted = try WorkoutProcess.run(["delete", id, "--store", store])
        #expect(deleted.status == 0)
        #expect(deleted.stdout.contains("Deleted workout \(id) and "))
        let after = try JSONSerialization.jsonObject(with: Data(try WorkoutProcess.run(["list", "--store", store, "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(after?.count == 1)
        let heartRates = try WorkoutProcess.run(["samples", "heartRate", "--store", store, "--json"])
        let remaining = try JSONSerialization.jsonObject(with: Data(heartRates.stdout.utf8)) as? [Any]
        #expect((remaining?.count ?? 0) > 0, "the other workout's samples stay")
    }

    @Test func recordSaysWhatIsWrongBeforeRecording() throws {
        let nothing = try WorkoutProcess.run(["record", "--indoor"])
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("Nothing to record from"))
        let activity = try WorkoutProcess.run(["record", "--activity", "runing"])
        #expect(activity.stderr.contains("The value 'runing' is invalid for '--activity <name>'") && activity.stderr.contains("  - running\n"),
                "the choices are listed: \(activity.stderr)")
        let profile = Scratch.url("profile", extension: "yaml")
        try "age: 42\nmaxHr: 182\n".write(to: profile, atomically: true, encoding: .utf8)
        let badProfile = try WorkoutProcess.run(["record", "--indoor", "--hrm", "/dev/null", "--profile", profile.path, "--store", ":memory:"])
        #expect(badProfile.stderr.contains("\(profile.path):2:1: error: unknown key 'maxHr'"))
    }
}
