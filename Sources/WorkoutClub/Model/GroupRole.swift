/// What a member is in a group.
public enum GroupRole: String, Sendable, Codable, CaseIterable {
    /// An athlete of the group.
    case member
    /// A coach: sees what members share, as members do.
    case coach
}
