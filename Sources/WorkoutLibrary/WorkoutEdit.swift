import Foundation
public import OpenHealthKitCore
public import WorkoutCatalog
public import WorkoutFormats

/// What a rider changes about a stored workout: its title, its notes, its sport, who may see it.
///
/// A field left nil stays as it is; an empty title or notes removes them.
public struct WorkoutEdit: Sendable, Equatable {
    /// Who may see it: private, or public with a link (a store has no club), or nil to keep it.
    public var visibility: WorkoutVisibility?
    /// The new title (``WorkoutText/name(_:)`` applies), or nil to keep it.
    public var name: String?
    /// The new notes (``WorkoutText/notes(_:)`` applies), or nil to keep them.
    public var notes: String?
    /// The new sport, or nil to keep it.
    public var sport: ActivitySport?

    /// An edit of the given fields.
    public init(name: String? = nil, notes: String? = nil, sport: ActivitySport? = nil, visibility: WorkoutVisibility? = nil) {
        self.name = name
        self.notes = notes
        self.sport = sport
        self.visibility = visibility
    }
}

/// Why a workout cannot be edited so.
public struct WorkoutEditError: Error, CustomStringConvertible, Equatable {
    /// What went wrong and what to do.
    public let description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}

extension HKHealthStore {
    /// Applies `edit` to `workout` and returns the workout as it now is.
    ///
    /// A new title or notes change the workout's metadata in place: it keeps its identifier. Made public,
    /// it keeps its link's token (``OpenHealthKitMetadataKeyShareToken``) or gets `newToken`; made private, it
    /// loses it, so an old link stops working.
    /// A new sport changes what its samples are (a ride's distance is cycling distance, its
    /// cadence crank revolutions; a run's are walking-and-running distance and steps), so the
    /// workout is stored again from its own records, laps, events, route, heartbeats, metadata
    /// and original file under the new sport, and the old one deleted: it gets a new identifier.
    ///
    /// - Throws: ``WorkoutEditError`` for a sport change of a multisport workout (each leg has
    ///   its own), and the store's errors.
    public func edit(_ workout: HKWorkout, _ edit: WorkoutEdit, newToken: String = RandomToken.base64URL()) async throws -> HKWorkout {
        var setting: [String: Any] = [:]
        var removing: Set<String> = []
        switch edit.visibility {
        case .public where workout.metadata?[OpenHealthKitMetadataKeyShareToken] == nil: setting[OpenHealthKitMetadataKeyShareToken] = newToken
        case .private: removing.insert(OpenHealthKitMetadataKeyShareToken)
        case .club: throw WorkoutEditError(description: "A store has no club: a workout in it is private, or public with a link.")
        default: break
        }
        if let name = edit.name {
            if let kept = WorkoutText.name(name) { setting[OpenHealthKitMetadataKeyWorkoutName] = kept } else { removing.insert(OpenHealthKitMetadataKeyWorkoutName) }
        }
        if let notes = edit.notes {
            if let kept = WorkoutText.notes(notes) { setting[OpenHealthKitMetadataKeyWorkoutNotes] = kept } else { removing.insert(OpenHealthKitMetadataKeyWorkoutNotes) }
        }
        guard let sport = edit.sport, sport.activityType != workout.workoutActivityType else {
            guard !setting.isEmpty || !removing.isEmpty else { return workout }
            return try await updateMetadata(of: workout, setting: setting, removing: removing)
        }
        guard workout.workoutActivities.count <= 1 else {
            throw WorkoutEditError(description: "Workout \(workout.uuid.uuidString) is a multisport workout of \(workout.workoutActivities.count) legs, each with its own sport; its sport cannot change as a whole.")
        }
        guard sport != .transition else {
            throw WorkoutEditError(description: "A transition is a leg of a multisport workout, not a workout's sport; name running, cycling, walking, hiking, swimming, rowing, cross_country_skiing or training.")
        }
        var activity = try await Activity(workout: workout, in: self)
        activity.sessions = activity.sessions.map { var session = $0; session.sport = sport; return session }
        activity.laps = activity.laps.map { var lap = $0; lap.sport = sport; return lap }
        var carried = workout.metadata ?? [:]
        for (key, value) in setting { carried[key] = value }
        for key in removing { carried[key] = nil }
        activity.name = carried[OpenHealthKitMetadataKeyWorkoutName] as? String
        activity.notes = carried[OpenHealthKitMetadataKeyWorkoutNotes] as? String
        var importer = ActivityImporter(store: self)
        importer.carriedMetadata = carried.compactMapValues(MetadataValue.init)
        importer.device = workout.device
        let original = try await originalFile(of: workout)
        let file = workout.metadata?[ActivityImporter.importedFileKey] as? String ?? original?.attachment.name ?? workout.fileBaseName
        var stored = try await importer.importActivity(activity, from: file, original: original?.data)
        if workout.metadata?[ActivityImporter.importedFileKey] == nil {
            // A workout recorded here stays one recorded here.
            stored = try await updateMetadata(of: stored, removing: [ActivityImporter.importedFileKey])
        }
        try await deleteWorkoutAndSamples(workout)
        return stored
    }
}
