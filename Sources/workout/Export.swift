import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats

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

    @Flag(help: "Print what was written as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    struct Result: Encodable {
        var output: String
        var format: String
        var activity: ActivityDescription
    }

    func validate() throws {
        if let output, let format, let named = ActivityFileFormat(pathExtension: URL(fileURLWithPath: output).pathExtension), named != format {
            throw ValidationError("--format \(format) contradicts the output's extension .\(named); give one.")
        }
    }

    func run() async throws {
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
            activity = try await Activity(workout: workout, in: store)
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
}
