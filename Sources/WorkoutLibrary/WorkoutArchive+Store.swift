public import Foundation
public import OpenHealthKitCore
import WorkoutFormats
public import ClubArchive
import WorkoutCatalog

extension WorkoutArchive {
    /// The archive of `workout` as `store` holds it, kept under `id`: its summary, its readings,
    /// laps and events, and the athlete stored with it. `workout sync` sends these; the club
    /// makes them of uploaded files the same way, so both are stored alike.
    public init(workout: HKWorkout, in store: HKHealthStore, id: UUID) async throws {
        var summary = WorkoutSummary(workout)
        summary.id = id.uuidString
        try self.init(summary: summary, activity: try await Activity(workout: workout, in: store), athlete: try await store.athleteFigures(for: workout))
    }
}
