public import Foundation
import RideUploads

/// How a club server forwards rides: the services' addresses (their own, unless a test or a proxy says otherwise),
/// how often it looks for rides due, and how it asks Strava about an upload.
public struct ForwardingSettings: Sendable {
    /// Strava's address.
    public var stravaServer: URL = StravaAccount.defaultServer
    /// intervals.icu's address.
    public var intervalsServer: URL = IntervalsAccount.defaultServer
    /// The wait between two looks for rides due.
    public var look: Duration = .seconds(5)
    /// The wait between two questions about one Strava upload.
    public var pollInterval: Duration = .seconds(2)
    /// How long a server process holds the rides it claimed: another takes them up when it lapses (the holder having
    /// died). Longer than an attempt: the upload, then up to 30 questions at ``pollInterval``.
    public var lease: TimeInterval = 300
    /// The wait after a ride's first failed attempt (doubling after each, up to an hour).
    public var firstRetryWait: TimeInterval = 30
    /// How long Strava is given to make a ride whose upload's answer was lost before it is sent again.
    public var lostAnswerWait: TimeInterval = 120

    /// The services' own addresses and the waits above.
    public init() {}
}
