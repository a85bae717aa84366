import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutLibrary
import WorkoutSources
import ScenarioModel

/// `workout replay`: drive a session and live builder from a scenario file.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a scenario or a recorded FIT, TCX or GPX file through a real session and live builder, and store the workout.",
        discussion: """
            The replay runs on a virtual clock: instantly by default, or paced with --speed or --realtime. \
            The same file and seed always give the same workout and the same output. \
            A recorded file is fed to the live builder as `workout import` saves it, at its own times: heart rate, \
            speed, power, cadence, the file's own distance (else the distance between its positions) and heartbeats; \
            its positions draw the route, its pauses pause the session and its laps are laps, and a file that names no \
            sport takes one as import does (or --activity). So the replayed workout's figures are the imported one's. The workout is saved in the store, with its samples and route, and its figures are the \
            saved workout's, by the rules `show`, the report and export use; unless --no-store is given: \
            then nothing is kept, and the figures are the live builder's running totals. To export a workout without keeping \
            a store, give --store :memory: instead.
            """
    )

    @Argument(help: ArgumentHelp("The scenario file (YAML), or a recorded .fit, .tcx or .gpx file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The activity of a recorded file that does not state one (GPX often has none), as for import: cycling, running, walking, …",
                               valueName: "name"))
    var activity: String?

    @OptionGroup var exportOptions: ExportOptions

    @OptionGroup var profileOptions: ProfileOptions

    @Flag(help: "Replay as fast as possible (the default).")
    var instant = false

    @Option(help: ArgumentHelp("Replay N times faster than real time.", valueName: "N"))
    var speed: Double?

    @Flag(help: "Replay in real time (the same as --speed 1).")
    var realtime = false

    @Flag(name: .customLong("no-store"), help: "Keep nothing: print the figures without saving the workout's samples or route.")
    var noStore = false

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the result as JSON with stable keys.")
    var json = false

    func validate() throws {
        if [instant, speed != nil, realtime].filter({ $0 }).count > 1 {
            throw ValidationError("Choose one of --instant, --speed N and --realtime.")
        }
        if let speed, !(speed > 0 && speed.isFinite) {
            throw ValidationError("--speed must be a number above 0, such as 10 for ten times real time.")
        }
        if let activity {
            guard ActivityFileFormat(pathExtension: URL(fileURLWithPath: file).pathExtension) != nil else {
                throw ValidationError("--activity is for recorded files; a scenario names its activity.")
            }
            guard ActivitySport(name: activity) != nil else {
                throw ValidationError("--activity \(activity) is not an activity; give one such as cycling, running, walking or hiking.")
            }
        }
        if noStore, storeOptions.store != nil {
            throw ValidationError("--no-store and --store contradict each other; give one.")
        }
        if noStore, let export = exportOptions.export {
            throw ValidationError("--no-store keeps no samples or route to export to \(export); give --store :memory: to export without keeping a store.")
        }
    }

    var pacing: ScenarioRunner.Pacing {
        if realtime { return .speed(1) }
        return speed.map { .speed($0) } ?? .instant
    }

    func run() async throws {
        let store = noStore ? HKHealthStore(location: .inMemory, source: workoutSource) : storeOptions.open()
        var result: ScenarioResult
        if ActivityFileFormat(pathExtension: URL(fileURLWithPath: file).pathExtension) != nil {
            // The sport settled by import's rule: the file's, else --activity, else guessed from how it moved, said.
            let named = try readActivityFile(file).namingSport(self.activity.flatMap(ActivitySport.init(name:)), by: "--activity")
            if let note = named.note, !json { warn("\(file): \(note)") }
            let activity = named.activity
            let athlete = try profileOptions.load()
            let bar = ProgressBar(label: URL(fileURLWithPath: file).lastPathComponent)
            var progress: (@Sendable (Double) -> Void)?
            if let bar { progress = { bar.update($0) } }
            result = try await ActivityReplay(activity: activity, name: URL(fileURLWithPath: file).lastPathComponent, athlete: athlete)
                .replay(in: store, pacing: pacing, progress: progress, savingCollectedData: !noStore)
            bar?.finish()
        } else {
            if profileOptions.profile != nil { throw ValidationError("--profile is for recorded files; a scenario names its athlete.") }
            let scenario = try loadScenario(file)
            let runner = ScenarioRunner(scenario: scenario)
            let bar = ProgressBar(label: scenario.name)
            var progress: (@Sendable (Double) -> Void)?
            if let bar { progress = { bar.update($0) } }
            result = try await runner.replay(in: store, pacing: pacing, progress: progress, savingCollectedData: !noStore)
            bar?.finish()
        }
        if !noStore { await store.checkpoint() }
        // The saved workout's figures, by the rules show, the report and export use; the live builder's
        // running totals only when nothing was kept.
        var saved: HKWorkout?
        if !noStore, let start = result.start {
            let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
            saved = workouts.last { abs($0.startDate.timeIntervalSince(start)) < 0.001 }
            if let workout = saved {
                let activity = try await Activity(workout: workout, in: store)
                // Its training stress and best efforts, kept with it for the training-load chart and the records,
                // from the workout as read once.
                let kept = try await store.keepDerivedFigures(of: workout, activity: activity)
                saved = kept
                result = result.adopting(WorkoutFigures(activity: activity, athlete: try await store.athleteFigures(for: kept)))
            }
        }
        if json {
            print(result.json())
        } else {
            print(result.summary)
            if !noStore { print("  stored in   \(store.location)") }
        }
        if let export = exportOptions.export {
            guard let workout = saved else {
                throw RecordingsError("The replay saved no workout, so there is nothing to export to \(export).")
            }
            try await exportOptions.write(workout, from: store)
            if !json { print("  exported to \(export)") }
        }
    }
}
