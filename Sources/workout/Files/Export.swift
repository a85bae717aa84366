import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutCatalog
import WorkoutFormats
import WorkoutLibrary

/// `workout export ID|FILE`: a stored workout, or another activity file, as FIT, TCX or GPX.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a workout as FIT, TCX or GPX, or convert an activity file between them.",
        discussion: """
            FIT files pass Garmin's FIT SDK integrity check; TCX and GPX files validate against their XSDs. \
            Garmin Connect, Strava and most training tools accept all three. Give a workout's identifier \
            (or its first characters, as `workout list` shows them) to export from the store, or a .fit, \
            .tcx or .gpx file to convert it.
            """
    )

    @Argument(help: ArgumentHelp("A workout's identifier (or its first characters), or a .fit, .tcx or .gpx file.", valueName: "id-or-file"))
    var source: String

    @Option(help: ArgumentHelp("fit, tcx or gpx (default: the output's extension, else fit).", valueName: "format"))
    var format: ActivityFileFormat?

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write (default: named after the workout or file, in the current directory).", valueName: "path"))
    var output: String?

    @Flag(help: "Write the file the workout was imported from, byte for byte, instead of a new one.")
    var original = false

    @Flag(help: "Print what was written as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    struct Result: Encodable {
        var output: String
        var format: String
        var activity: ActivityDescription
    }

    func validate() throws {
        if original, let format { throw ValidationError("--original writes the imported file as it came; it cannot also be --format \(format).") }
        if let output, let format, let named = ActivityFileFormat(pathExtension: URL(fileURLWithPath: output).pathExtension), named != format {
            throw ValidationError("--format \(format) contradicts the output's extension .\(named); give one.")
        }
    }

    func run() async throws {
        if original { return try await writeOriginal() }
        let chosen = format ?? output.flatMap { ActivityFileFormat(pathExtension: URL(fileURLWithPath: $0).pathExtension) } ?? .fit
        let activity: Activity
        let name: String
        let sourceURL = URL(fileURLWithPath: source)
        if ActivityFileFormat(pathExtension: sourceURL.pathExtension) != nil {
            guard FileManager.default.fileExists(atPath: source) else { throw RecordingsError("\(source): no such file.") }
            activity = try readActivityFile(source)
            name = sourceURL.deletingPathExtension().lastPathComponent
        } else {
            let store = try storeOptions.openExisting()
            let workout = try await findWorkout(source, in: store)
            activity = try await store.exportedActivity(of: workout)
            name = workout.fileBaseName
        }
        let destination = URL(fileURLWithPath: output ?? "\(name).\(chosen)")
        if destination.standardizedFileURL == sourceURL.standardizedFileURL {
            throw RecordingsError("\(destination.path) is the file being read; give another --output.")
        }
        try ActivityFile.write(activity, as: chosen, to: destination)
        let written = ActivityDescription(activity)
        if json { return try printJSON(Result(output: destination.path, format: chosen.rawValue, activity: written)) }
        print("wrote \(destination.path): \(written.text)")
    }

    /// `--original`: the imported file, from the store, unchanged.
    private func writeOriginal() async throws {
        let store = try storeOptions.openExisting()
        let workout = try await findWorkout(source, in: store)
        guard let kept = try await store.originalFile(of: workout) else {
            throw RecordingsError("Workout \(workout.uuid.uuidString) has no original file: it was recorded here, or imported before files were kept. Export it as fit, tcx or gpx instead.")
        }
        let destination = URL(fileURLWithPath: output ?? kept.attachment.name)
        if FileManager.default.fileExists(atPath: destination.path),
           let existing = try? Data(contentsOf: destination), existing == kept.data {
            // Already there as it was imported (the file it came from, say): nothing to write.
        } else {
            try kept.data.write(to: destination, options: .atomic)
        }
        if json { return try printJSON(OriginalResult(output: destination.path, format: "original", bytes: kept.data.count)) }
        print("wrote \(destination.path): the original \(kept.attachment.name), \(kept.data.count) bytes")
    }

    struct OriginalResult: Encodable {
        var output: String
        var format: String
        var bytes: Int
    }
}
