/// A club, a squad or a coach's group: athletes who share workouts with each other.
public struct ClubGroup: Sendable, Equatable, Codable {
    /// The group's number.
    public var id: Int64
    /// Its name.
    public var name: String

    /// A group.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}
