import Foundation
import OpenHealthKit
import Testing
import TestSupport

/// The phone side of a mirrored workout starts the watch app as Apple's samples do: `startWatchApp(with:completion:)`.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StartWatchAppAsWrittenTests {
    /// What a phone app's start button does, with HealthKit's completion handler.
    static func startWatchApp(_ store: HKHealthStore, activity: HKWorkoutActivityType) async -> (Bool, (any Error)?) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        configuration.locationType = .outdoor
        return await withCheckedContinuation { continuation in
            store.startWatchApp(with: configuration) { success, error in
                continuation.resume(returning: (success, error))
            }
        }
    }

    @Test func theWatchAppIsStartedWithTheWorkoutToRun() async throws {
        let folder = Scratch.url("watch-app")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let said = folder.appendingPathComponent("started.txt")
        let store = HKHealthStore(location: .file(folder.appendingPathComponent("health.sqlite").path))
        // The watch app here: a command that says what it was asked to run, and where.
        let command = "echo \"$OPENHEALTHKIT_WORKOUT_ACTIVITY $OPENHEALTHKIT_WORKOUT_LOCATION $OPENHEALTHKIT_STORE $OPENHEALTHKIT_COMPANION\" > '\(said.path)'"
        let (success, error) = await ProcessEnvironment.with(["OPENHEALTHKIT_WATCH_APP": command]) {
            await Self.startWatchApp(store, activity: .cycling)
        }
        #expect(success && error == nil, "\(String(describing: error))")
        let written = try await eventually(every: .milliseconds(50), within: .seconds(30)) { FileManager.default.fileExists(atPath: said.path) }
        #expect(written)
        let words = try String(contentsOf: said, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        #expect(words == ["cycling", "outdoor", folder.appendingPathComponent("health.sqlite").path, store.companionSocketPath])
    }

    @Test func withoutAWatchAppItFailsAsAPhoneWithoutAWatchDoes() async throws {
        let store = HKHealthStore(location: .inMemory)
        let (success, error) = await ProcessEnvironment.with(["OPENHEALTHKIT_WATCH_APP": ""]) {
            await Self.startWatchApp(store, activity: .running)
        }
        #expect(!success)
        #expect((error as? HKError)?.code == .errorHealthDataUnavailable)
        #expect(error?.localizedDescription.contains("OPENHEALTHKIT_WATCH_APP") == true, "\(String(describing: error))")
    }
}
