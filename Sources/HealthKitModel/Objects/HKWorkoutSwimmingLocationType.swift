import Synchronization

/// Where a swim takes place.
public enum HKWorkoutSwimmingLocationType: Int, Sendable, CaseIterable, Codable {
    /// Not known.
    case unknown = 0
    /// A pool, with a lap length.
    case pool = 1
    /// Open water.
    case openWater = 2
}
