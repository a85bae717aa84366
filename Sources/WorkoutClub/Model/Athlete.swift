/// A person with an account on the club server.
public struct Athlete: Sendable, Equatable, Codable {
    /// The account's number.
    public var id: Int64
    /// The name they log in with.
    public var name: String
    /// Whether they may manage other accounts.
    public var isAdmin: Bool

    /// An athlete.
    public init(id: Int64, name: String, isAdmin: Bool) {
        self.id = id
        self.name = name
        self.isAdmin = isAdmin
    }
}
