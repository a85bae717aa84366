import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutCatalog

/// `workout recover`: finishes a workout a crash left open.
struct Recover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Finish a workout that a crash or power loss left unfinished, from what was saved as it was recorded.")

    @Flag(help: "Print the result as JSON: {\"recovered\": false} or the workout's summary.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    struct Result: Encodable {
        var recovered: Bool
        var workout: WorkoutSummary?
    }

    func run() async throws {
        // No store yet is nothing to recover (the record service asks at every start, the first included).
        if case .file(let path) = storeOptions.location, !FileManager.default.fileExists(atPath: path) {
            if json { return try printJSON(Result(recovered: false)) }
            print("No unfinished workout: no store at \(path) yet.")
            return
        }
        let store = try storeOptions.openExisting()
        guard let session = try await store.recoverActiveWorkoutSession() else {
            if json { return try printJSON(Result(recovered: false)) }
            print("No unfinished workout in \(store.location).")
            return
        }
        let builder = session.associatedWorkoutBuilder()
        // A store written before persisting was serialized may hold a running
        // session whose builder had not yet begun: it began with the session.
        if builder.state == .notStarted, let start = session.startDate {
            try await builder.beginCollection(at: start)
        }
        // The workout ends where its readings end, not now: the crash may be hours old.
        let end = builder.latestSampleDate ?? builder.startDate ?? SystemClock().now
        session.end()
        await session.settle(at: .ended)
        // A workout killed before its first reading still ends after it began.
        if builder.state == .active { try await builder.endCollection(at: max(end, (builder.startDate ?? end).addingTimeInterval(0.001))) }
        guard let workout = try await builder.finishWorkout() else {
            throw RecordingsError("The unfinished workout in \(store.location) could not be saved.")
        }
        if json { return try printJSON(Result(recovered: true, workout: WorkoutSummary(workout))) }
        print("Recovered workout \(workout.uuid.uuidString): \(clockText(workout.duration)) active"
              + (WorkoutSummary.distance(of: workout).map { String(format: ", %.2f km", $0 / 1000) } ?? ""))
    }
}
