import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutLibrary

/// `--export PATH`: also write the finished workout as a file, shared by `record` and `replay`.
struct ExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the finished workout to this .fit, .tcx or .gpx file.", valueName: "path"))
    var export: String?

    /// The format the path's extension names.
    var format: ActivityFileFormat? { export.flatMap { ActivityFileFormat(pathExtension: URL(fileURLWithPath: $0).pathExtension) } }

    func validate() throws {
        if export != nil, format == nil { throw ValidationError("--export needs a file ending in .fit, .tcx or .gpx.") }
    }

    /// Writes `workout` from `store` to the path, if one was given.
    func write(_ workout: HKWorkout, from store: HKHealthStore) async throws {
        guard let export, let format else { return }
        let activity = try await store.exportedActivity(of: workout)
        try ActivityFile.write(activity, as: format, to: URL(fileURLWithPath: export))
    }
}
