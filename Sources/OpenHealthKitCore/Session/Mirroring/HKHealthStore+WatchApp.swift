import Foundation
import Synchronization

extension HKHealthStore {
    /// Starts the watch side of a mirrored workout, as a phone app does before it waits for the watch's session in
    /// ``workoutSessionMirroringStartHandler``.
    ///
    /// There is no watch here: the "watch app" is the process that runs the primary session — a recorder such as
    /// `workout record --mirror`, or an app's own watch-side process — named by `OPENHEALTHKIT_WATCH_APP` as a shell
    /// command line. It is started with the workout's activity and place in `OPENHEALTHKIT_WORKOUT_ACTIVITY` and
    /// `OPENHEALTHKIT_WORKOUT_LOCATION` (HealthKit's case names), the store in `OPENHEALTHKIT_STORE` and the companion's
    /// socket in `OPENHEALTHKIT_COMPANION`, so that it mirrors its session back to this store. Its output goes where
    /// this process's goes.
    ///
    /// - Throws: ``HKError/Code/errorHealthDataUnavailable`` when no watch app is configured, as on a phone without a
    ///   paired watch; ``HKError/Code/errorInvalidArgument`` when it cannot be started.
    public func startWatchApp(toHandle workoutConfiguration: HKWorkoutConfiguration) async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let command = environment["OPENHEALTHKIT_WATCH_APP"], !command.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw HKError(.errorHealthDataUnavailable,
                          "No watch app to start: set OPENHEALTHKIT_WATCH_APP to the command that runs the workout's primary session "
                          + "(such as `workout record --mirror …`, or your app's watch-side process), which mirrors it to this store.")
        }
        var childEnvironment = environment
        childEnvironment["OPENHEALTHKIT_WORKOUT_ACTIVITY"] = workoutConfiguration.activityType.name
        childEnvironment["OPENHEALTHKIT_WORKOUT_LOCATION"] = String(describing: workoutConfiguration.locationType)
        childEnvironment["OPENHEALTHKIT_COMPANION"] = companionSocketPath
        childEnvironment.removeValue(forKey: "OPENHEALTHKIT_WATCH_APP")
        if case .file(let path) = location { childEnvironment["OPENHEALTHKIT_STORE"] = path }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = childEnvironment
        do {
            try process.run()
        } catch {
            throw HKError(.errorInvalidArgument, "The watch app `\(command)` (OPENHEALTHKIT_WATCH_APP) could not be started: \(error)")
        }
        watchApps.withLock { $0.append(process) }
    }

    /// Completion-handler form of ``startWatchApp(toHandle:)``.
    @preconcurrency
    public func startWatchApp(with workoutConfiguration: HKWorkoutConfiguration, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.startWatchApp(toHandle: workoutConfiguration) }
    }
}
