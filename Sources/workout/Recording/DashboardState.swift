import Foundation

/// What the recording dashboard shows: every figure as a plain value, so the
/// screen is a pure function of it and of the terminal's size.
struct DashboardState: Sendable {
    var state = "starting"
    var activity = ""
    var elapsed: TimeInterval = 0
    var lapNumber = 1
    var lapTime: TimeInterval = 0
    var lapDistance: Double = 0
    var distance: Double = 0
    /// Metres per second.
    var speed: Double?
    var averageSpeed: Double?
    var maximumSpeed: Double?
    /// Whether speed is shown as pace (min/km), as runners read it.
    var showsPace = false
    var heartRate: Double?
    var heartRateZone: Int?
    var averageHeartRate: Double?
    var cadence: Double?
    var power: Double?
    var elevation: Double?
    /// Percent.
    var grade: Double?
    var energy: Double?
    var timeOfDay = ""
    var gps: String?
    var strap: String?
    var log: [String] = []
}
