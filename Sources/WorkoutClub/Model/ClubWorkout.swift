public import Foundation
public import WorkoutFormats

/// A workout on the club server: its figures and whose it is.
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
}
