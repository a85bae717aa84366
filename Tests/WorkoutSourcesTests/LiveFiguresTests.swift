import Foundation
import OpenHealthKit
import ScenarioModel
import TestSupport
import Testing
import WorkoutFormats
import WorkoutLibrary
import WorkoutSources

/// What the rider saw is what was saved: for every real file in `../shared/data` and every shipped scenario, the
/// live figures at the end of the replay (the dashboard's last frame, ``LiveFigures`` through ``LiveSnapshotter``,
/// which `replay --no-store` prints) equal the saved workout's (``WorkoutFigures``, which `show`, the report, the
/// web app and export print), to the precision they are shown: times to the second, distances to 10 m, speeds to
/// 0.1 km/h, the rest to the unit; and every lap.
@Suite(.timeLimit(.minutes(10))) struct LiveFiguresTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every shipped scenario, read from the folder so that a new one is covered too.
    static let scenarios: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenarios").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    static let files = ["fitparse__fenix2-run.fit", "fitparse__garmin-edge-500-ride.fit", "gc__edge705-ride-hr-2009-09-19.tcx",
                        "gc__urbanbiker-ride-hr-2019-04-18.gpx"]

    @Test func everyShippedScenarioIsCovered() {
        #expect(Self.scenarios.count >= 12, "\(Self.scenarios)")
    }

    @Test(arguments: scenarios)
    func aScenarioEndsWithTheFiguresItIsSavedWith(_ name: String) async throws {
        let scenario = try Scenario(contentsOf: Self.root.appendingPathComponent("Scenarios/\(name)"))
        let url = Scratch.url("live-figures", extension: "sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let store = HKHealthStore(location: .file(url.path))
        let result = try await ScenarioRunner(scenario: scenario).replay(in: store)
        try await Self.compare(result, savedIn: store, name: name)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real activity files"), arguments: files)
    func aRealFileEndsWithTheFiguresItIsSavedWith(_ name: String) async throws {
        let activity = try ActivityFile.read(SharedData.file("activity-files/\(name)")).namingSport(nil, by: "--activity").activity
        let urls = [Scratch.url("live-figures", extension: "sqlite"), Scratch.url("live-figures-unsaved", extension: "sqlite")]
        defer { for url in urls { try? FileManager.default.removeItem(at: url) } }
        let store = HKHealthStore(location: .file(urls[0].path))
        let result = try await ActivityReplay(activity: activity, name: name).replay(in: store)
        try await Self.compare(result, savedIn: store, name: name)
        // Replayed and kept or not, the live figures are the same: nothing the figures use depends on saving.
        let unsaved = try await ActivityReplay(activity: activity, name: name).replay(in: HKHealthStore(location: .file(urls[1].path)), savingCollectedData: false)
        #expect(unsaved.summary == result.summary, "\(name): kept\n\(result.summary)\nnot kept\n\(unsaved.summary)")
    }

    static func clock(_ seconds: Double) -> String { WorkoutFigures.clock(seconds) }
    static func km(_ meters: Double?) -> String { String(format: "%.2f", (meters ?? 0) / 1000) }
    static func kmh(_ speed: Double?) -> String { speed.map { String(format: "%.1f", $0 * 3.6) } ?? "–" }
    static func unit(_ value: Double?) -> String { value.map { String(Int($0.rounded())) } ?? "–" }

    /// The live figures of `result` against those of the workout it saved in `store`.
    static func compare(_ result: ScenarioResult, savedIn store: HKHealthStore, name: String) async throws {
        #expect(result.errors.isEmpty, "\(name): \(result.errors)")
        let start = try #require(result.start)
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store)
        let workout = try #require(workouts.first { abs($0.startDate.timeIntervalSince(start)) < 0.001 }, "\(name): no workout saved")
        let saved = WorkoutFigures(activity: try await Activity(workout: workout, in: store))
        let onFoot = ["running", "walking", "hiking"].contains(result.activityType)

        #expect(clock(result.elapsed) == clock(saved.movingTime), "\(name): moving time live \(result.elapsed) s, saved \(saved.movingTime) s")
        #expect(clock(result.duration) == clock(saved.elapsedTime), "\(name): elapsed live \(result.duration) s, saved \(saved.elapsedTime) s")
        #expect(km(result.totalDistanceMeters) == km(saved.distance), "\(name): distance live \(result.totalDistanceMeters) m, saved \(saved.distance ?? 0) m")
        #expect(unit(result.totalEnergyKilocalories) == unit(saved.energy ?? 0), "\(name): energy live \(result.totalEnergyKilocalories), saved \(saved.energy ?? 0)")
        #expect(kmh(result.averageSpeedMetersPerSecond) == kmh(saved.averageSpeed), "\(name): average speed live \(kmh(result.averageSpeedMetersPerSecond)), saved \(kmh(saved.averageSpeed))")
        #expect(kmh(result.maximumSpeedMetersPerSecond) == kmh(saved.maximumSpeed), "\(name): top speed live \(kmh(result.maximumSpeedMetersPerSecond)), saved \(kmh(saved.maximumSpeed))")
        #expect(unit(result.elevationAscendedMeters) == unit(saved.ascent), "\(name): climbed live \(unit(result.elevationAscendedMeters)) m, saved \(unit(saved.ascent)) m")
        #expect(unit(result.elevationDescendedMeters) == unit(saved.descent), "\(name): descended live \(unit(result.elevationDescendedMeters)) m, saved \(unit(saved.descent)) m")
        #expect(unit(result.heartRate?.average) == unit(saved.averageHeartRate), "\(name): heart rate live \(unit(result.heartRate?.average)), saved \(unit(saved.averageHeartRate))")
        #expect(unit(result.heartRate?.maximum) == unit(saved.maximumHeartRate), "\(name): highest heart rate live \(unit(result.heartRate?.maximum)), saved \(unit(saved.maximumHeartRate))")
        #expect(unit(result.heartRate?.minimum) == unit(saved.minimumHeartRate), "\(name): lowest heart rate live \(unit(result.heartRate?.minimum)), saved \(unit(saved.minimumHeartRate))")
        #expect(unit(result.power?.average) == unit(saved.averagePower), "\(name): power live \(unit(result.power?.average)) W, saved \(unit(saved.averagePower)) W")
        #expect(unit(result.power?.maximum) == unit(saved.maximumPower), "\(name): top power live \(unit(result.power?.maximum)) W, saved \(unit(saved.maximumPower)) W")
        // Cadence as people read it: on foot in steps per minute, twice the strides.
        let cadence = { (value: Double?) in value.map { WorkoutFigures.cadenceText($0, onFoot: onFoot) } ?? "–" }
        #expect(cadence(result.cadence?.average) == cadence(saved.averageCadence), "\(name): cadence live \(cadence(result.cadence?.average)), saved \(cadence(saved.averageCadence))")

        let live = result.laps.map { "\(clock($0.duration)) \(km($0.distanceMeters))" }
        let atRest = saved.laps.map { "\(clock($0.movingTime)) \(km($0.distance))" }
        #expect(live == atRest, "\(name): laps live \(live), saved \(atRest)")
    }
}
