/// What a member is in a group.
public enum GroupRole: String, Sendable, Codable, CaseIterable {
    /// An athlete of the group.
    case member
    /// A coach: sees every member's workouts, shared or not (but none its athlete made private).
    case coach
}
