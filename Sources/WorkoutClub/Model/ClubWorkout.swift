public import Foundation
import WorkoutFormats
public import WorkoutCatalog

/// A workout on the club server: its figures and whose it is.
///
/// In JSON it is one object: the summary's keys, as the one-athlete server writes
/// a workout (`id`, `activity`, `start`, `distanceMeters`, …), then `athleteID`,
/// `athleteName`, `recordCount` and `receivedAt`, so a script reading either
/// server's list reads the same keys.
public struct ClubWorkout: Sendable, Equatable, Codable {
    /// The workout's figures, with its UUID.
    public var summary: WorkoutSummary
    /// Whose it is.
    public var athleteID: Int64
    /// Their name.
    public var athleteName: String
    /// How many records it holds.
    public var recordCount: Int
    /// When the server stored it.
    public var receivedAt: Date

    /// A workout's listing.
    public init(summary: WorkoutSummary, athleteID: Int64, athleteName: String, recordCount: Int, receivedAt: Date) {
        self.summary = summary
        self.athleteID = athleteID
        self.athleteName = athleteName
        self.recordCount = recordCount
        self.receivedAt = receivedAt
    }

    private enum CodingKeys: String, CodingKey {
        case athleteID, athleteName, recordCount, receivedAt
    }

    /// Reads the summary's keys and the club's beside them.
    public init(from decoder: any Decoder) throws {
        summary = try WorkoutSummary(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        athleteID = try container.decode(Int64.self, forKey: .athleteID)
        athleteName = try container.decode(String.self, forKey: .athleteName)
        recordCount = try container.decode(Int.self, forKey: .recordCount)
        receivedAt = try container.decode(Date.self, forKey: .receivedAt)
    }

    /// Writes the summary's keys and the club's beside them, in one object.
    public func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(athleteID, forKey: .athleteID)
        try container.encode(athleteName, forKey: .athleteName)
        try container.encode(recordCount, forKey: .recordCount)
        try container.encode(receivedAt, forKey: .receivedAt)
    }
}
