import Foundation

/// When each kind of reading last arrived, for the energy models' intervals,
/// and the active energy derived so far.
struct EnergyIntervals: Sendable {
    /// The last heart rate, in beats per minute, and when.
    var lastHeartRate: (value: Double, date: Date)?
    /// The last power, in watts, and when.
    var lastPower: (value: Double, date: Date)?
    /// The last Doppler speed, in metres per second, and when.
    var lastSpeed: (value: Double, date: Date)?
    /// Active energy derived so far, in kilocalories.
    var activeKilocalories = 0.0

    /// Readings further apart than this do not carry energy across the gap, in seconds.
    static let longestInterval: TimeInterval = 10

    /// Whether a power reading came within ``longestInterval`` before `date`.
    func powerIsRecent(at date: Date) -> Bool {
        lastPower.map { date.timeIntervalSince($0.date) <= Self.longestInterval } ?? false
    }

    /// Whether a heart-rate reading came within ``longestInterval`` before `date`.
    func heartRateIsRecent(at date: Date) -> Bool {
        lastHeartRate.map { date.timeIntervalSince($0.date) <= Self.longestInterval } ?? false
    }
}
