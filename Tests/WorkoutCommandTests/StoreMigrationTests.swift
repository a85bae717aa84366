import Foundation
import Testing
import TestSupport

/// A store written before quantity series (schema v4, one row per reading;
/// `Tests/Fixtures/StoreV4`, made by `Scripts/make-store-fixture`) opens with
/// today's code, which reads back every sample as that code did, and goes on
/// taking workouts, now stored as series.
@Suite(.timeLimit(.minutes(10))) struct StoreMigrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = root.appendingPathComponent("Tests/Fixtures/StoreV4")
    static let types = ["heartRate", "distanceWalkingRunning", "runningSpeed", "activeEnergyBurned", "basalEnergyBurned"]

    /// The fixture's store copied into a folder of this test's: opening migrates it.
    func copyOfTheOldStore() throws -> String {
        let folder = Scratch.url("migration")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("health.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixture.appendingPathComponent("health.sqlite").path, toPath: store)
        return store
    }

    func json(_ text: String) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as! NSObject
    }

    func expected(_ name: String) throws -> NSObject {
        try json(String(contentsOf: Self.fixture.appendingPathComponent(name), encoding: .utf8))
    }

    @Test func everySampleOfTheOldStoreReadsBackAsTheOldCodeReadIt() async throws {
        let store = try copyOfTheOldStore()
        for type in Self.types {
            let samples = try await offThePool { try WorkoutProcess.runBlocking(["samples", type, "--store", store, "--json"]) }
            #expect(samples.status == 0, "\(samples.stderr)")
            let rows = try json(samples.stdout)
            #expect((rows as? [Any])?.count ?? 0 > 100, "\(type): the fixture holds a run's readings")
            #expect(rows == (try expected("samples-\(type).json")), "\(type) differs from what the old code read")
        }
        let show = try await offThePool { try WorkoutProcess.runBlocking(["show", "last", "--store", store, "--json"]) }
        #expect(show.status == 0, "\(show.stderr)")
        // The training metrics are new since the old code; every figure it printed is still printed, the same.
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(shown["training"] != nil, "a run with heart rate has training metrics")
        let old = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? NSDictionary).mutableCopy() as! NSMutableDictionary
        old.removeObject(forKey: "training")
        #expect(old == (try expected("show.json")), "the workout's figures, laps, route and zones differ")
    }

    @Test func theMigratedStoreTakesNewWorkoutsAsSeries() async throws {
        let store = try copyOfTheOldStore()
        let before = try await offThePool { try WorkoutProcess.runBlocking(["store", "--store", store, "--json"]) }
        let replay = try await offThePool { try WorkoutProcess.runBlocking(["replay", Self.root.appendingPathComponent("Scenarios/easy-run.yaml").path, "--store", store]) }
        #expect(replay.status == 0, "\(replay.stderr)")
        let after = try await offThePool { try WorkoutProcess.runBlocking(["store", "--store", store, "--json"]) }
        let old = try #require((try json(before.stdout) as? [String: Any])?["counts"] as? [String: Int])
        let new = try #require((try json(after.stdout) as? [String: Any])?["counts"] as? [String: Int])
        // The same scenario again: twice the readings, one more workout.
        #expect(new["workout"] == 2)
        for type in Self.types { #expect(new[type] == 2 * (old[type] ?? -1), "\(type): \(old[type] ?? 0) before, \(new[type] ?? 0) after") }
        // The new workout's readings are series: far fewer rows than readings.
        let rows = try await offThePool {
            try ExternalTool.python("import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM quantity_series_chunk').fetchone()[0])", [store])
        }
        #expect((Int(rows.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0)
        #expect(try await offThePool { try RecordCommandFaultTests.integrity(of: store) } == "ok")
    }
}
