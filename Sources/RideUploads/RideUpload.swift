public import Foundation

/// One ride as it is sent: a FIT file and what the service shows with it.
public struct RideUpload: Sendable {
    /// The workout's identifier in the store (or on the club).
    public var workoutID: UUID
    /// The activity's name on the service.
    public var name: String
    /// The FIT file.
    public var fit: Data
    /// Whether it was ridden indoors, on a trainer.
    public var indoor: Bool
    /// When the ride started, where the service's list of activities is searched for it after a lost answer.
    public var start: Date?

    /// Makes an upload.
    public init(workoutID: UUID, name: String, fit: Data, indoor: Bool = false, start: Date? = nil) {
        self.workoutID = workoutID
        self.name = name
        self.fit = fit
        self.indoor = indoor
        self.start = start
    }

    /// The identifier the service keeps with the activity (Strava's and intervals.icu's `external_id`),
    /// the same for every attempt, so a resent ride is recognised as the one already there.
    public var externalID: String { "openhealthkit-\(workoutID.uuidString.lowercased())" }

    /// The file's name in the upload.
    public var fileName: String { "\(workoutID.uuidString.lowercased()).fit" }
}
