public import Foundation

/// One lap of a workout, as the club keeps it for comparisons.
public struct ClubLap: Sendable, Equatable, Codable {
    /// Its place in the workout, from 0.
    public var index: Int
    /// When it started.
    public var start: Date
    /// Seconds from its start to its end.
    public var elapsedSeconds: Double
    /// Seconds of activity in it, pauses left out.
    public var timerSeconds: Double
    /// Metres covered.
    public var distanceMeters: Double?
    /// Average heart rate, beats per minute.
    public var averageHeartRate: Double?
    /// Highest heart rate, beats per minute.
    public var maximumHeartRate: Double?
    /// Average speed, metres per second.
    public var averageSpeed: Double?
    /// Average power, watts.
    public var averagePower: Double?
    /// What ended it: manual, time, distance, position or sessionEnd.
    public var trigger: String
}
