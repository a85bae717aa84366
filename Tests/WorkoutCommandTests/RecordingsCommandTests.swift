import Foundation
import OpenHealthKit
import Testing
import TestSupport

extension BlockingCommandSuites {
@Suite(.timeLimit(.minutes(10))) struct RecordingsCommandTests {
    var scenarios: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios").path
    }

    /// A recorder killed after its session started but before its builder
    /// began collecting leaves a running session and a builder not started:
    /// `workout recover` begins the builder where the session began and
    /// finishes the workout, rather than failing with "Unable to finish a
    /// workout that is not currently ended".
    @Test func recoverFinishesAWorkoutWhoseBuilderHadNotBegun() async throws {
        let path = Scratch.url("recover-not-begun").appendingPathComponent("health.sqlite").path
        let store = HKHealthStore(location: .file(path), source: HKSource(name: "workout", bundleIdentifier: "org.openhealthkit.workout"))
        try await store.requestAuthorization(toShare: [HKWorkoutType(), HKQuantityType(.heartRate)], read: [HKWorkoutType()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let start = Date(timeIntervalSince1970: 1_709_251_200)
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: start))
        let builder = session.associatedWorkoutBuilder()
        var updates = session.updates().makeAsyncIterator()
        session.startActivity(with: start)
        // The session's running state is persisted on its own queue; the builder never begins.
        while let update = await updates.next() {
            if case .stateChanged(to: .running, _, _) = update { break }
        }
        #expect(builder.state == .notStarted)
        let recover = try await offThePool { try WorkoutProcess.runBlocking(["recover", "--json", "--store", path]) }
        #expect(recover.status == 0, "\(recover.stderr)")
        #expect(recover.stdout.contains("\"recovered\" : true") || recover.stdout.contains("\"recovered\":true"), "\(recover.stdout)")
        withExtendedLifetime(session) {}
    }

    @Test func listShowAndDeleteRecordings() async throws {
        let store = Scratch.url("list").appendingPathComponent("health.sqlite").path
        let missing = try await WorkoutProcess.run(["list", "--store", store])
        #expect(missing.status == 1 && missing.stderr.contains("no store there"), "a store that is not there is not made anew")
        #expect(try await WorkoutProcess.run(["replay", "\(scenarios)/easy-run.yaml", "--store", store]).status == 0)
        #expect(try await WorkoutProcess.run(["replay", "\(scenarios)/track-intervals.yaml", "--store", store]).status == 0)
        let list = try await WorkoutProcess.run(["list", "--store", store, "--json"])
        let workouts = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(workouts.count == 2)
        let id = try #require(workouts.last?["id"] as? String)
        #expect((workouts.last?["distanceMeters"] as? Double ?? 0) > 1000)

        let table = try await WorkoutProcess.run(["list", "--store", store]).stdout
        #expect(table.hasPrefix("id        start"))
        #expect(table.contains(String(id.prefix(8))))

        let shown = try await WorkoutProcess.run(["show", String(id.prefix(6)).lowercased(), "--store", store])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("laps"))
        #expect(shown.stdout.contains("heart rate"))
        #expect(shown.stdout.contains("zones       % of maximum heart rate ("))
        #expect(shown.stdout.contains(where: { "▁▂▃▄▅▆▇█".contains($0) }))

        let unknown = try await WorkoutProcess.run(["show", "zz", "--store", store])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("No workout's identifier starts with 'zz'"))
        #expect(!unknown.stderr.contains("Usage"))

        let deleted = try await WorkoutProcess.run(["delete", id, "--store", store])
        #expect(deleted.status == 0)
        #expect(deleted.stdout.contains("Deleted workout \(id) and "))
        let after = try JSONSerialization.jsonObject(with: Data(try await WorkoutProcess.run(["list", "--store", store, "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(after?.count == 1)
        let heartRates = try await WorkoutProcess.run(["samples", "heartRate", "--store", store, "--json"])
        let remaining = try JSONSerialization.jsonObject(with: Data(heartRates.stdout.utf8)) as? [Any]
        #expect((remaining?.count ?? 0) > 0, "the other workout's samples stay")
    }

    /// `workout edit`: a title and notes in place, shown by `list` and `show`; a sport stores it again under a new identifier.
    @Test func editRenamesInPlaceAndASportChangeSaysTheNewIdentifier() async throws {
        let store = Scratch.url("edit").appendingPathComponent("health.sqlite").path
        #expect(try await WorkoutProcess.run(["replay", "\(scenarios)/easy-run.yaml", "--store", store]).status == 0)
        let id = try #require((try JSONSerialization.jsonObject(with: Data(try await WorkoutProcess.run(["list", "--store", store, "--json"]).stdout.utf8))
            as? [[String: Any]])?.first?["id"] as? String)
        let renamed = try await WorkoutProcess.run(["edit", "last", "--name", "Sunday long run", "--notes", "Felt easy.", "--store", store])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout == "edited \(id): “Sunday long run”, running\n")
        let table = try await WorkoutProcess.run(["list", "--store", store]).stdout
        #expect(table.split(separator: "\n").first?.hasSuffix("title") == true && table.contains("Sunday long run"), "\(table)")
        let shown = try await WorkoutProcess.run(["show", "last", "--store", store]).stdout
        #expect(shown.contains("  title       Sunday long run\n  notes       Felt easy.\n"), "\(shown)")

        let walked = try await WorkoutProcess.run(["edit", String(id.prefix(8)), "--activity", "walking", "--json", "--store", store])
        #expect(walked.status == 0, "\(walked.stderr)")
        let now = try #require(try JSONSerialization.jsonObject(with: Data(walked.stdout.utf8)) as? [String: Any])
        #expect(now["activity"] as? String == "walking" && now["name"] as? String == "Sunday long run" && now["id"] as? String != id)

        let nothing = try await WorkoutProcess.run(["edit", "last", "--store", store])
        #expect(nothing.status != 0 && nothing.stderr.contains("Say what to change: --name, --notes, --activity or --visibility."), "\(nothing.stderr)")
        // Public gives it a link for `workout serve`; a store has no club; private drops the link.
        let published = try await WorkoutProcess.run(["edit", "last", "--visibility", "public", "--store", store])
        let link = try #require(published.stdout.firstMatch(of: /public at (\/shared\/[A-Za-z0-9_-]{43}) on/).map { String($0.output.1) }, "\(published.stdout)\(published.stderr)")
        let again = try await WorkoutProcess.run(["edit", "last", "--visibility", "public", "--store", store])
        #expect(again.stdout.contains(link), "public again keeps its link")
        let club = try await WorkoutProcess.run(["edit", "last", "--visibility", "club", "--store", store])
        #expect(club.status != 0 && club.stderr.contains("a store has no club"), "\(club.stderr)")
        let hidden = try await WorkoutProcess.run(["edit", "last", "--visibility", "private", "--store", store])
        #expect(hidden.status == 0 && hidden.stdout.hasSuffix(", private\n"), "\(hidden.stdout)")
        let unknown = try await WorkoutProcess.run(["edit", "last", "--activity", "skydiving", "--store", store])
        #expect(unknown.status != 0 && unknown.stderr.contains("Unknown activity 'skydiving'"), "\(unknown.stderr)")
    }

    @Test func recordSaysWhatIsWrongBeforeRecording() async throws {
        let nothing = try await WorkoutProcess.run(["record", "--indoor"])
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("Nothing to record from"))
        let activity = try await WorkoutProcess.run(["record", "--activity", "runing"])
        #expect(activity.stderr.contains("The value 'runing' is invalid for '--activity <name>'") && activity.stderr.contains("  - running\n"),
                "the choices are listed: \(activity.stderr)")
        let profile = Scratch.url("profile", extension: "yaml")
        try "age: 42\nmaxHr: 182\n".write(to: profile, atomically: true, encoding: .utf8)
        let badProfile = try await WorkoutProcess.run(["record", "--indoor", "--hrm", "/dev/null", "--profile", profile.path, "--store", ":memory:"])
        #expect(badProfile.stderr.contains("\(profile.path):2:1: error: unknown key 'maxHr'"))
    }

    /// A gpsd that never answers: nothing is saved and the exit status says so, unless `--allow-empty`.
    @Test func aRecordingNothingAnsweredIsNotSaved() async throws {
        let folder = Scratch.url("empty")
        let store = folder.appendingPathComponent("health.sqlite").path
        let port = try Loopback.freePort()
        let nothing = try await WorkoutProcess.run(["record", "--plain", "--gpsd", "127.0.0.1:\(port)", "--fix-wait", "1", "--duration", "2s", "--store", store])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("error: nothing was recorded from gpsd://127.0.0.1:\(port)"), "\(nothing.stderr)")
        #expect(nothing.stderr.contains("--allow-empty"))
        #expect(nothing.stderr.contains("warning: no fix from gpsd://127.0.0.1:\(port) in 1 s"), "warnings go to standard error")
        let listed = try await WorkoutProcess.run(["list", "--json", "--store", store])
        #expect((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any])?.isEmpty == true)
        let kept = try await WorkoutProcess.run(["record", "--plain", "--gpsd", "127.0.0.1:\(port)", "--fix-wait", "0", "--duration", "2s", "--allow-empty", "--json",
                                           "--store", store])
        #expect(kept.status == 0, "\(kept.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.split(separator: "\n").drop { !$0.hasPrefix("{") }.joined(separator: "\n").utf8))
            as? [String: Any], "\(kept.stdout)")
        #expect(summary["activity"] as? String == "running")
        #expect((summary["durationSeconds"] as? Double ?? 0) >= 2)
    }

    /// `list` is newest first, and narrows by activity, date and count.
    @Test func listNarrowsByActivityDateAndCount() async throws {
        let store = Scratch.url("narrow").appendingPathComponent("health.sqlite").path
        for scenario in ["easy-run", "trainer-ride", "track-intervals"] {
            #expect(try await WorkoutProcess.run(["replay", "\(scenarios)/\(scenario).yaml", "--store", store]).status == 0)
        }
        func listed(_ arguments: [String]) async throws -> [[String: Any]] {
            let output = try await WorkoutProcess.run(["list", "--json", "--store", store] + arguments)
            return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]], "\(output.stderr)")
        }
        let all = try await listed([])
        let starts = all.compactMap { $0["start"] as? String }
        #expect(starts.count == 3 && starts == starts.sorted(by: >), "newest first")
        #expect(try await listed(["--oldest-first"]).compactMap { $0["start"] as? String } == starts.reversed())
        #expect(try await listed(["--limit", "1"]).count == 1)
        #expect(try await listed(["--activity", "running"]).allSatisfy { $0["activity"] as? String == "running" })
        #expect(try await listed(["--activity", "cycling"]).count == 1)
        #expect(try await listed(["--since", starts[0]]).count == 1)
        // A short identifier is not enough to delete, off a terminal.
        let id = try #require(all.first?["id"] as? String)
        let refused = try await WorkoutProcess.run(["delete", String(id.prefix(6)), "--store", store])
        #expect(refused.status == 1 && refused.stderr.contains("give its full identifier or --yes"), "\(refused.stderr)")
        #expect(try await listed([]).count == 3)
        #expect(try await WorkoutProcess.run(["delete", String(id.prefix(6)), "--yes", "--store", store]).status == 0)
        #expect(try await listed([]).count == 2)
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias RecordingsCommandTests = BlockingCommandSuites.RecordingsCommandTests

