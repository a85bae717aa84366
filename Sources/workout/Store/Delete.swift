import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog

/// `workout delete ID`: removes a workout and the samples recorded with it.
struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete a workout and the samples, route and heartbeats recorded with it.",
        discussion: """
            Give the workout's full identifier, or --yes, to delete without a question. With only the first characters \
            of an identifier, the workout is shown and deletion is asked for on a terminal, and refused elsewhere.
            """
    )

    @Argument(help: ArgumentHelp("The workout's identifier (or its first characters, confirmed).", valueName: "id"))
    var id: String

    @Flag(name: [.short, .long], help: "Delete without asking, even with a short identifier.")
    var yes = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.openExisting()
        let workout = try await findWorkout(id, in: store)
        if !yes, id.lowercased() != workout.uuid.uuidString.lowercased() {
            let summary = WorkoutSummary(workout)
            let what = "\(ActivityWords.name(of: summary.activity, legs: summary.legs)) of \(WorkoutDateText.dateTime(summary.start, in: .current, zone: true)), \(clockText(summary.durationSeconds))"
                + (summary.distanceMeters.map { String(format: ", %.2f km", $0 / 1000) } ?? "")
            guard isatty(STDIN_FILENO) == 1 else {
                throw RecordingsError("'\(id)' is workout \(workout.uuid.uuidString) (\(what)); give its full identifier or --yes to delete it.")
            }
            FileHandle.standardError.write(Data("Delete workout \(workout.uuid.uuidString) (\(what))? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: .whitespaces)) else {
                print("Kept workout \(workout.uuid.uuidString).")
                return
            }
        }
        let associated = try await store.deleteWorkoutAndSamples(workout)
        print("Deleted workout \(workout.uuid.uuidString) and \(associated) sample\(associated == 1 ? "" : "s") recorded with it.")
    }
}
