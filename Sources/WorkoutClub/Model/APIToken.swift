public import Foundation

/// A recorder's key to an athlete's account (a Raspberry Pi on a bike, a CI
/// runner): the club keeps its hash, never the token itself.
public struct APIToken: Sendable, Equatable, Codable {
    /// The token's number, for revoking it.
    public var id: Int64
    /// Whose account it opens.
    public var athleteID: Int64
    /// What it is for: the recorder's name.
    public var label: String
    /// When it was made.
    public var createdAt: Date
    /// When it stops working, if ever.
    public var expiresAt: Date?
    /// When it was revoked, if it was.
    public var revokedAt: Date?

    /// A token's record.
    public init(id: Int64, athleteID: Int64, label: String, createdAt: Date, expiresAt: Date?, revokedAt: Date?) {
        self.id = id
        self.athleteID = athleteID
        self.label = label
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// Whether the token opens the account at `date`.
    public func isUsable(at date: Date) -> Bool { revokedAt == nil && (expiresAt.map { $0 > date } ?? true) }
}
