import WorkoutFormats
import Foundation
import TestSupport
import Testing
import OpenHealthKit
import WorkoutSources
import ScenarioModel

@Suite struct ScenarioParserTests {
    static let minimal = """
        activity: running
        route:
          loop: {center: [51.5, -0.1, 10], length: 1km}
        timeline:
          - start
          - move: {duration: 5m, pace: "5:00/km"}
          - stop
          - end
        """

    @Test func readsAMinimalScenarioWithDefaults() throws {
        let scenario = try Scenario(yaml: Self.minimal, file: "run.yaml")
        #expect(scenario.activity == .running)
        #expect(scenario.location == .outdoor)
        #expect(scenario.seed == 1)
        #expect(scenario.sensors.gps != nil)
        #expect(scenario.sensors.heartRate != nil)
        #expect(scenario.route.map { abs($0.length - 1000) < 1 } == true)
        #expect(scenario.timeline.count == 4)
        guard case .move(let movement) = scenario.timeline[1] else { Issue.record("the second step is not a move"); return }
        #expect(movement.extent == .duration(300))
        #expect(movement.target == .speed(1000.0 / 300))
    }

    @Test(arguments: [
        ("90s", 90.0), ("10m", 600), ("1h30m", 5400), ("1:05:00", 3900), ("45:00", 2700), ("2h 5m 3s", 7503), ("250ms", 0.25),
    ])
    func durations(_ text: String, _ seconds: Double) {
        #expect(UnitText.duration(text) == seconds)
    }

    @Test func distancesSpeedsAndPaces() {
        #expect(UnitText.distance("5km") == 5000)
        #expect(UnitText.distance("400m") == 400)
        #expect(UnitText.distance("1mi") == 1609.344)
        #expect(UnitText.speed("36 km/h") == 10)
        #expect(UnitText.pace("5:00/km") == 1000.0 / 300)
        #expect(UnitText.pace("8:00/mi") == 1609.344 / 480)
        #expect(UnitText.duration("soon") == nil)
        #expect(UnitText.distance("5 parsecs") == nil)
        #expect(UnitText.pace("5:00/lap") == nil)
    }

    /// Each bad file names the line and column at fault, says what was expected and, for near misses, suggests the fix.
    @Test(arguments: [
        ("activity: runing\ntimeline: [start]\n", 1, 11, "unknown activity 'runing'", "Did you mean 'running'?"),
        ("activity: running\nlocation: indoor\ntimelin: [start]\n", 3, 1, "unknown key 'timelin'", "Did you mean 'timeline'?"),
        ("activity: running\nlocation: indoor\ntimeline:\n  - strat\n", 4, 5, "unknown timeline step 'strat'", "Did you mean 'start'?"),
        ("activity: running\nlocation: indoor\ntimeline:\n  - start\n  - move: {duration: soon, speed: 3}\n", 5, 22, "expected a duration, found 'soon'", "Write it like 90s"),
        ("activity: running\nlocation: indoor\ntimeline:\n  - start\n  - move: {distance: 1km, speed: 0}\n", 5, 11, "needs a speed above zero", nil),
        ("activity: running\nlocation: indoor\ntimeline: [start]\nexpect:\n  totalDistance: 5km\n", 5, 3, "unknown result key 'totalDistance'", "Did you mean 'totalDistanceMeters'?"),
        ("activity: running\ntimeline: [start, {move: {duration: 1m, speed: 3}}]\n", 1, 11, "needs a route", nil),
        ("activity: running\nlocation: indoor\ntimeline: [start, stop\nexpect: {}\n", 4, 7, "not valid YAML", nil),
        ("activity: running\nlocation: indoor\nfaults:\n  - gpsLos: {at: 1m, duration: 1m}\ntimeline: [start]\n", 4, 5, "'gpsLos' is not a fault", "Did you mean 'gpsLoss'?"),
    ])
    func errorsPointAtTheProblem(_ text: String, _ line: Int, _ column: Int, _ message: String, _ hint: String?) {
        do {
            _ = try Scenario(yaml: text, file: "bad.yaml")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.file == "bad.yaml")
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(message), "\(error.message)")
            if let hint {
                let got = error.hint ?? ""
                #expect(got.contains(hint), "\(got)")
            }
            let description = error.description
            #expect(description.hasPrefix("bad.yaml:\(line):\(column): error: "))
        }
    }

    @Test func anEmptyFileIsAnError() {
        #expect(throws: ScenarioError.self) { try Scenario(yaml: "", file: "empty.yaml") }
    }

    @Test func expectationsAcceptTolerancesRangesWordsAndLists() throws {
        let scenario = try Scenario(yaml: """
            activity: running
            location: indoor
            timeline: [start]
            expect:
              state: ended
              elapsed: "30:00 ± 5s"
              totalDistanceMeters: 5km +- 1%
              heartRate.average: {min: 120, max: 160}
              events: [pause, resume]
              laps: 3
            """)
        let checks = Dictionary(uniqueKeysWithValues: scenario.expectations.map { ($0.key, $0.check) })
        #expect(checks["state"] == .equals("ended"))
        #expect(checks["elapsed"] == .approximately(1800, tolerance: 5, relative: false))
        #expect(checks["totalDistanceMeters"] == .approximately(5000, tolerance: 0.01, relative: true))
        #expect(checks["heartRate.average"] == .range(minimum: 120, maximum: 160))
        #expect(checks["events"] == .sequence(["pause", "resume"]))
        #expect(checks["laps"] == .approximately(3, tolerance: 0, relative: false))
    }

    @Test func everyShippedScenarioReads() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.count >= 9)
        for file in files {
            let scenario = try Scenario(contentsOf: folder.appendingPathComponent(file))
            #expect(!scenario.expectations.isEmpty, "\(file) has no expectations")
        }
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real GPX route"))
    func routesComeFromRealGPXFiles() throws {
        let file = SharedData.file("activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx")
        let route = try ScenarioRoute.gpx(contentsOf: file)
        #expect(route.points.count > 100)
        #expect(route.length > 1000)
    }

    @Test func aTruncatedGPXFileIsALocatedError() throws {
        let url = Scratch.url("broken", extension: "gpx")
        try Data("<gpx><trk><trkseg><trkpt lat=\"51.5\" lon=\"-0.1\"><ele>10</ele></trkpt><trkpt lat=\"51.6\" lon=\"-0.2\"><ele>1".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ScenarioRoute.gpx(contentsOf: url)
            Issue.record("a truncated GPX file was accepted")
        } catch {
            #expect(error.line == 1)
            let message = error.message
            #expect(message.contains("truncated") || message.contains("not well-formed XML"), "\(message)")
        }
    }

    // MARK: Limits for hostile files

    private static func timeline(_ steps: String) -> String {
        "activity: running\nlocation: indoor\ntimeline:\n  - start\n" + steps + "  - stop\n  - end\n"
    }

    @Test func aTimelineOfTenMillionStepsIsRefusedBeforeItIsParsed() throws {
        // 10,000,000 steps do not fit in a scenario file's 1 MiB: refused before YAML reads them.
        let text = Self.timeline(String(repeating: "  - lap\n", count: 10_000_000))
        #expect { try Scenario(yaml: text, file: "steps.yaml") } throws: { "\($0)".contains("is 76.3 MiB, and scenarios are at most 1.0 MiB") }
        let url = Scratch.url("steps", extension: "yaml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect { try Scenario(contentsOf: url) } throws: { "\($0)".contains("the file is 76.3 MiB, and scenario files are at most 1.0 MiB") }
    }

    @Test func aTimelineHasAtMostTenThousandSteps() throws {
        #expect(try Scenario(yaml: Self.timeline(String(repeating: "  - lap\n", count: ScenarioLimits.maximumSteps - 3))).timeline.count == ScenarioLimits.maximumSteps)
        #expect { try Scenario(yaml: Self.timeline(String(repeating: "  - lap\n", count: ScenarioLimits.maximumSteps - 2)), file: "laps.yaml") } throws: {
            "\($0)".contains("laps.yaml:4:") && "\($0)".contains("the timeline has 10001 steps, and a timeline has at most 10000")
        }
    }

    @Test(arguments: [
        ("  - move: {duration: 100000h, pace: \"6:00/km\"}\n", "lasts about 4167 days"),
        ("  - move: {duration: 240h, pace: \"6:00/km\"}\n  - move: {distance: 500km, speed: 1km/h}\n", "lasts about 31 days"),
    ])
    func aTimelineLastsAtMostFourteenDays(_ steps: String, _ message: String) {
        #expect { try Scenario(yaml: Self.timeline(steps), file: "long.yaml") } throws: {
            "\($0)".contains(message) && "\($0)".contains("a scenario lasts at most 14 days")
        }
    }

    /// Found by hand while setting limits: these never covered their first metre, and replays ran forever.
    @Test(arguments: ["{distance: 1km, power: 0W}", "{distance: 1km, speed: 0km/h, to: 10km/h}", "{distance: 1km, power: 200W, to: 0W}"])
    func aMoveByDistanceFromAStandstillIsRefused(_ move: String) {
        #expect { try Scenario(yaml: Self.timeline("  - move: \(move)\n"), file: "still.yaml") } throws: {
            "\($0)".contains("still.yaml:5:") && "\($0)".contains("above zero at its start and its end")
        }
    }

    /// A profile gives the bike's wheel circumference in millimetres; a size no wheel has is refused where it is written.
    @Test func aProfileGivesTheWheelsCircumference() throws {
        let profile = try AthleteProfile(yaml: "age: 40\nsex: female\nmass: 60\nwheel: 2096\n")
        #expect(profile.wheelCircumference == 2.096)
        #expect(try AthleteProfile(yaml: "age: 40\nsex: female\nmass: 60\n").wheelCircumference == nil)
        let error = #expect(throws: ScenarioError.self) { try AthleteProfile(yaml: "age: 40\nsex: female\nmass: 60\nwheel: 21\n", file: "me.yaml") }
        #expect(error?.line == 4 && error?.message.contains("wheel circumference in millimetres") == true, "\(String(describing: error))")
    }
}
