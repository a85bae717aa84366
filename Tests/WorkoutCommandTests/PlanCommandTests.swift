import Foundation
import TestSupport
import Testing

/// `workout plan show|check|export` on files written here: what each says, and where a plan is wrong.
@Suite(.timeLimit(.minutes(5))) struct PlanCommandTests {
    func write(_ text: String, _ name: String, _ fileExtension: String) throws -> String {
        let path = Scratch.url(name, extension: fileExtension).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aPlanIsShownCheckedAndExportedAsAFITWorkoutThatReadsBack() async throws {
        let plan = try write("name: Threshold\nsteps:\n  - warmup: 5min\n    heartRate: zone 2\n  - repeat: 2\n    steps:\n      - active: 8min\n        power: zone 4\n      - recovery: 400m\n", "plan", "yaml")
        let store = Scratch.url("plan-store", extension: "sqlite").path
        // Without the figures, the targets in the plan's terms, and why.
        let shown = try await WorkoutProcess.run(["plan", "show", plan, "--store", store])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Threshold (cycling): 5 steps, 0:21:00 by time, 0.80 km by distance\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Targets in the plan's terms only: step 1 (warmup) aims at heart-rate zone 2, and no maximum heart rate is known"), "\(shown.stdout)")
        // With them: zone 4 of 250 W is 225–263 W; zone 2 of 190 bpm is 114–133.
        let mine = try await WorkoutProcess.run(["plan", "show", plan, "--ftp", "250", "--max-heart-rate", "190", "--store", store])
        #expect(mine.stdout.contains("heart-rate zone 2 = 114–133 bpm") && mine.stdout.contains("power zone 4 = 225–263 W"), "\(mine.stdout)")
        #expect(mine.stdout.contains("Active 2/2") && mine.stdout.contains("400 m"), "\(mine.stdout)")
        let checked = try await WorkoutProcess.run(["plan", "check", plan, "--ftp", "250", "--max-heart-rate", "190", "--store", store])
        #expect(checked.status == 0 && checked.stdout == "ok    \(plan): Threshold, 5 steps, 0:21:00 by time\n", "\(checked.stdout)")
        let fit = Scratch.url("threshold", extension: "fit").path
        let exported = try await WorkoutProcess.run(["plan", "export", plan, "-o", fit])
        #expect(exported.status == 0 && exported.stdout.hasPrefix("Wrote \(fit): Threshold, 5 steps, "), "\(exported.stdout)\(exported.stderr)")
        let again = try await WorkoutProcess.run(["plan", "check", fit, "--ftp", "250", "--max-heart-rate", "190", "--store", store])
        #expect(again.stdout == "ok    \(fit): Threshold, 5 steps, 0:21:00 by time\n", "\(again.stdout)")
    }

    @Test func aWrongPlanIsToldWithItsPlaceAndTheStatusIsOne() async throws {
        let yaml = try write("name: Bad\nsteps:\n  - active: 10min\n    power: lots\n", "bad", "yaml")
        let zwo = try write("<workout_file><workout>\n<SteadyState Power=\"0.8\"/></workout></workout_file>", "bad", "zwo")
        let activity = Scratch.url("not-a-workout", extension: "fit").path
        try Data([14, 0x20, 0x34, 0x08, 0, 0, 0, 0, 0x2E, 0x46, 0x49, 0x54, 0, 0]).write(to: URL(fileURLWithPath: activity))
        let checked = try await WorkoutProcess.run(["plan", "check", yaml, zwo, activity, "--ftp", "250"])
        #expect(checked.status == 1)
        let lines = checked.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(checked.stdout)")
        #expect(lines.first?.hasPrefix("error \(yaml):4:12: `lots` is not a power or a band of them (low..high). Write watts (250W) or a percentage of FTP (88%).") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("error \(zwo):2:1: <SteadyState> needs a Duration attribute") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("error \(activity): ") == true, "\(lines)")
        let unknown = try await WorkoutProcess.run(["plan", "show", try write("x", "plan", "txt")])
        #expect(unknown.status != 0 && unknown.stderr.contains("a plan is a FIT workout file (.fit), a Zwift workout (.zwo) or the YAML form (.yaml), not .txt"), "\(unknown.stderr)")
    }
}
