public import Foundation

/// One athlete's line on a squad page: what they did in the period.
public struct SquadRow: Sendable, Equatable, Codable {
    /// The athlete's number.
    public var athleteID: Int64
    /// Their name.
    public var name: String
    /// Workouts started in the period.
    public var workouts: Int
    /// Metres covered in them.
    public var distanceMeters: Double
    /// Seconds of activity in them, pauses left out.
    public var durationSeconds: Double
    /// Their training stress added up (TSS, else TRIMP, each as it was stored): the week's load.
    public var stress: Double
    /// When the last of them started.
    public var lastWorkout: Date?
    /// What they are in the group.
    public var role: GroupRole = .member
    /// Whether they share their workouts with the group.
    public var sharesWorkouts = true
    /// Whether the viewer sees their figures: their own, a member who shares, or anyone to the group's coach.
    public var visible = true
}
