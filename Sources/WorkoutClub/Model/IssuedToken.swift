/// A token just made: its record, and the secret shown once to whoever made it.
public struct IssuedToken: Sendable, Equatable {
    /// The token's record as the club keeps it.
    public var token: APIToken
    /// The secret a recorder sends as `Authorization: Bearer …`; the club keeps only its hash.
    public var secret: String
}
