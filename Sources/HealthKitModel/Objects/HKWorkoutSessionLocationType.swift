import Synchronization

/// Where a workout takes place.
public enum HKWorkoutSessionLocationType: Int, Sendable, CaseIterable, Codable {
    /// Not known.
    case unknown = 1
    /// Indoors: no GPS route.
    case indoor = 2
    /// Outdoors.
    case outdoor = 3
}
