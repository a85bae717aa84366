public import Foundation

/// A recording's state as the live page shows it; sent with every update.
public struct LiveStatus: Codable, Sendable, Equatable {
    /// `waiting`, `running`, `paused`, `auto-paused`, `stopped` or `ended`.
    public var state: String
    /// The activity, as HealthKit's case name.
    public var activity: String
    /// When the workout started.
    public var start: Date?
    /// Seconds of activity, pauses left out.
    public var elapsedSeconds: Double
    /// Metres covered.
    public var distanceMeters: Double
    /// The current speed in metres per second, if recent.
    public var speed: Double?
    /// Whether speed reads better as pace (on foot).
    public var showsPace: Bool
    /// The current heart rate, if recent.
    public var heartRate: Double?
    /// The heart-rate zone (1 to 5), when the athlete is known.
    public var heartRateZone: Int?
    /// The GPS receiver's state (`receiving`, `stale`, `went away`, …), if one is used.
    public var gps: String?
    /// The heart-rate strap's state, if one is used.
    public var strap: String?
    /// The time of the latest fix (the receiver's clock).
    public var fixTime: Date?
    /// The saved workout's identifier, once it has ended.
    public var workoutID: String?

    /// A status.
    public init(state: String, activity: String, start: Date? = nil, elapsedSeconds: Double = 0, distanceMeters: Double = 0, speed: Double? = nil,
                showsPace: Bool = false, heartRate: Double? = nil, heartRateZone: Int? = nil, gps: String? = nil, strap: String? = nil,
                fixTime: Date? = nil, workoutID: String? = nil) {
        self.state = state
        self.activity = activity
        self.start = start
        self.elapsedSeconds = elapsedSeconds
        self.distanceMeters = distanceMeters
        self.speed = speed
        self.showsPace = showsPace
        self.heartRate = heartRate
        self.heartRateZone = heartRateZone
        self.gps = gps
        self.strap = strap
        self.fixTime = fixTime
        self.workoutID = workoutID
    }
}
