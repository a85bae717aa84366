public import Foundation

/// The limits within which a scenario file is read and played, so that a
/// file cannot ask for unbounded memory or time; a file beyond one is refused
/// with a message that names the limit.
///
/// They are far above any real workout: the longest shipped scenario is a
/// 24-hour ultra of a kilobyte and 20 steps.
public enum ScenarioLimits {
    /// The largest scenario file read: 1 MiB.
    public static let maximumFileBytes = 1 << 20
    /// The most steps in a timeline.
    public static let maximumSteps = 10_000
    /// The most faults, and the most expectations.
    public static let maximumFaults = 1_000
    /// The longest timeline, estimated from its durations, and its distances at
    /// their slower target speed: 14 days.
    public static let maximumDuration: TimeInterval = 14 * 86_400
    /// The most points in a route (waypoints, or a route file's points).
    public static let maximumRoutePoints = 1_000_000
    /// The largest route file read: 256 MiB.
    public static let maximumRouteFileBytes = 256 << 20
}
