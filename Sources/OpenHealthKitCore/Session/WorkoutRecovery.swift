import Foundation
internal import GRDB

/// What a live workout persists so another process can pick it up after a crash.
struct PersistedWorkout: Codable {
    var sessionState: Int
    var sessionStart: Date?
    var sessionEnd: Date?
    var configuration: HKWorkoutConfiguration.Values
    var builderState: Int
    var start: Date?
    var end: Date?
    var events: [HKWorkoutEvent]
    var metadata: [String: MetadataValue]
    var activities: [WorkoutPayload.Activity]
    var route: UUID?
}

extension HKHealthStore {
    /// Writes (or, with `nil`, removes) a live workout's persisted state.
    func persistActiveWorkout(_ workout: UUID, state: PersistedWorkout?) {
        guard let database = try? database() else { return }
        let bundle = source.bundleIdentifier
        let json: String? = state.flatMap { state in
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            return (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) }
        }
        try? database.writer.write { db in
            if let json {
                let next = (try Int64.fetchOne(db, sql: "SELECT max(updated) FROM active_workout") ?? 0) + 1
                try db.execute(sql: "INSERT OR REPLACE INTO active_workout (workout, bundle, state, updated) VALUES (?, ?, ?, ?)",
                               arguments: [workout, bundle, json, next])
            } else {
                try db.execute(sql: "DELETE FROM active_workout WHERE workout = ?", arguments: [workout])
            }
        }
    }

    /// Picks up the workout session this app had running when its process died.
    ///
    /// Returns `nil` when there is nothing to recover. The session comes back
    /// in its persisted state with its builder: start and end dates, events,
    /// metadata, activities and every sample added before the crash (samples
    /// are saved as they arrive). Delegates, the data source and the clock are
    /// not persisted: set the delegates and data source again, as on a watch.
    ///
    /// - Parameter clock: The clock the recovered session and builder read.
    public func recoverActiveWorkoutSession(clock: any WorkoutClock = SystemClock()) async throws -> HKWorkoutSession? {
        let database = try database()
        let found = try await database.writer.read { db -> (UUID, String)? in
            guard let row = try Row.fetchOne(db, sql: "SELECT workout, state FROM active_workout WHERE bundle = ? ORDER BY updated DESC LIMIT 1",
                                             arguments: [self.source.bundleIdentifier]) else { return nil }
            return (row["workout"], row["state"])
        }
        guard let (workoutUUID, json) = found else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let state: PersistedWorkout
        do {
            state = try decoder.decode(PersistedWorkout.self, from: Data(json.utf8))
        } catch {
            throw HKError(.errorDatabaseInaccessible, "Workout builder requires recovery but the persisted state of workout \(workoutUUID) cannot be read: \(error)")
        }
        let query = ObjectQuery(types: nil, filter: .parent(workoutUUID), restrictToBundle: source.bundleIdentifier)
        // A live workout's readings are series: the builder takes them back value by value.
        let samples = try await reader().loadingSeries(reader().objects(query).compactMap { $0 as? HKSample })
        // If the workout was saved just before the crash, the recovered builder is
        // still "ended": its finishWorkout() returns the saved workout instead of saving another.
        let session = try HKWorkoutSession(recovering: state, workoutUUID: workoutUUID, samples: samples, healthStore: self, clock: clock)
        if let route = state.route { try await session.associatedWorkoutBuilder().restoreRoute(route) }
        return session
    }

    /// Completion-handler form of ``recoverActiveWorkoutSession(clock:)``.
    @preconcurrency
    public func recoverActiveWorkoutSession(completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void) {
        completing(completion, optional: { try await self.recoverActiveWorkoutSession() })
    }

    /// The workout with `uuid`, if one was saved.
    func savedWorkout(_ uuid: UUID) async throws -> HKWorkout? {
        let query = ObjectQuery(types: [HKWorkoutType()], filter: .uuids([uuid]))
        return try await reader().objects(query).first as? HKWorkout
    }
}
