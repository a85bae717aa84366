import ClubArchive
import Foundation
import OpenHealthKitCore
import WorkoutClub
import WorkoutFormats
import WorkoutLibrary

/// A FIT, TCX or GPX file uploaded to the club, made into the archive `workout
/// sync` would send had the file been imported into a recorder's store: the same
/// figures, readings, laps and events.
enum ClubUpload {
    /// The archive of the file's workout for `owner`, under ``Club/uploadedWorkoutID(owner:activity:start:)``.
    ///
    /// - Throws: ``UploadError/unreadable(_:)`` with the reader's message when the file cannot be read.
    static func archive(of file: UploadedFile, owner: Int64) async throws -> WorkoutArchive {
        let activity = try file.activity()
        // The importer computes the figures as `workout import` does; the workout is taken out again at once,
        // so the process's in-memory store keeps nothing of it.
        let store = HKHealthStore(location: .inMemory)
        let workout: HKWorkout
        do { workout = try await ActivityImporter(store: store).importActivity(activity, from: file.name) } catch let error as ActivityFileError {
            throw UploadError.unreadable(error.description)
        }
        let id = Club.uploadedWorkoutID(owner: owner, activity: workout.workoutActivityType.name, start: workout.startDate)
        let archive: WorkoutArchive
        do { archive = try await WorkoutArchive(workout: workout, in: store, id: id) } catch {
            _ = try? await store.deleteWorkoutAndSamples(workout)
            throw error
        }
        try await store.deleteWorkoutAndSamples(workout)
        return archive
    }
}
