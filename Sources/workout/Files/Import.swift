import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog

/// `workout import FILE...`: activity files into the store.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import FIT, TCX and GPX activity files into the store as workouts.",
        discussion: """
            Each file becomes a workout with its samples (heart rate, distance, speed, cadence, power, energy), \
            route, pauses, laps and heartbeats; its totals are the file's. A file already imported (a workout of \
            the same activity starting at the same second) is skipped unless --force is given. A damaged or \
            truncated file is reported with where the damage is; --salvage imports what precedes it. A TCX file holding \
            several activities (a Training Center history) gives a workout for each; a MultiSportSession is one \
            multisport workout. A file that names \
            no sport (most GPX tracks) is taken as cycling at 16 km/h or more (10 with a pedalling cadence), running \
            from 6.5 km/h, else walking, and the import says so; --activity names it instead.
            """
    )

    @Argument(help: ArgumentHelp("The files (.fit, .tcx, .gpx).", valueName: "file"))
    var files: [String]

    @Flag(help: "Import what can be read safely from a damaged or truncated file.")
    var salvage = false

    @Flag(help: "Import a file even if its workout is already in the store.")
    var force = false

    @Option(help: ArgumentHelp("The activity of files that do not state one (GPX often has none): cycling, running, walking, hiking, …", valueName: "name"))
    var activity: String?

    @OptionGroup var profileOptions: ProfileOptions

    @Flag(help: "Print one JSON object per file: its status (imported, skipped, failed), the workout and what the file holds.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    struct Outcome: Encodable {
        var file: String
        var status: String
        var workout: String?
        var salvaged: Bool
        var activity: ActivityDescription?
        var error: String?
        var note: String?
    }

    func validate() throws {
        if let activity, ActivitySport(name: activity) == nil {
            throw ValidationError("Unknown activity '\(activity)'. Files know running, cycling, walking, hiking, swimming, rowing, cross_country_skiing and training.")
        }
    }

    func run() async throws {
        let athlete = try profileOptions.load()
        let store = storeOptions.open()
        let importer = ActivityImporter(store: store, athleteProfile: athlete)
        var outcomes: [Outcome] = []
        for file in files {
            var activity: Activity
            var salvaged = false
            do {
                activity = try readActivityFile(file)
            } catch {
                guard salvage, let readable = error.readable else {
                    if !json { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
                    outcomes.append(Outcome(file: file, status: "failed", salvaged: false, error: error.description))
                    continue
                }
                if !json { FileHandle.standardError.write(Data("\(error)\n  salvaging what precedes it\n".utf8)) }
                activity = readable
                salvaged = true
            }
            // A TCX history holds several workouts: each is imported as its own.
            for var activity in activity.separated() {
                let named = activity.namingSport(self.activity.flatMap(ActivitySport.init(name:)), by: "--activity")
                activity = named.activity
                let note = named.note
                if let note, !json { warn("\(file): \(note)") }
                if !force, let existing = try await importer.existingWorkout(for: activity) {
                    if !json { print("skipped \(file): already in the store as \(existing.uuid.uuidString) (--force imports it again)") }
                    outcomes.append(Outcome(file: file, status: "skipped", workout: existing.uuid.uuidString, salvaged: salvaged,
                                            activity: ActivityDescription(activity), note: note))
                    continue
                }
                let workout: HKWorkout
                do {
                    workout = try await importer.importActivity(activity, from: file, original: try? Data(contentsOf: URL(fileURLWithPath: file)))
                } catch let error as HKError {
                    // The store refused what the file holds: said with the file's name, and the other files still go in.
                    let message = "\(file): cannot be stored: \(error.localizedDescription)"
                    if !json { FileHandle.standardError.write(Data("\(message)\n".utf8)) }
                    outcomes.append(Outcome(file: file, status: "failed", salvaged: salvaged, error: message))
                    continue
                }
                // The line says what the store now holds, as `list` and `show` will say it.
                let described = ActivityDescription(activity).stored(as: WorkoutSummary(workout))
                if !json { print("imported \(file)\(salvaged ? " (salvaged)" : "") as \(workout.uuid.uuidString): \(described.text)") }
                outcomes.append(Outcome(file: file, status: "imported", workout: workout.uuid.uuidString, salvaged: salvaged,
                                        activity: described, note: note))
            }
        }
        if json { try printJSON(outcomes) }
        if outcomes.contains(where: { $0.status == "failed" }) { throw ExitCode(1) }
    }
}
