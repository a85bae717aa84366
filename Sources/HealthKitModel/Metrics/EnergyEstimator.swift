public import Foundation

/// Active and basal energy from readings as they arrive, by the models' priority: power first (a power meter
/// measures the work done), then heart rate through Keytel et al. 2005 with the athlete's profile, then METs
/// from the activity and the speed (``EnergyModels``). Each reading closes the interval since the reading of
/// its kind before it, at that earlier reading's rate; intervals longer than ``longestInterval`` are not bridged.
///
/// One estimate for every path: the live builder derives a sensor's energy through it, and a recorded file
/// that states no calories gets its energy through it on import and on replay alike.
public struct EnergyEstimator: Sendable {
    /// Energy for one interval, in kilocalories.
    public struct Interval: Sendable, Equatable {
        /// Where the interval starts: the reading before.
        public var start: Date
        /// Where it ends: the reading that closed it.
        public var end: Date
        /// Active energy over it.
        public var activeKilocalories: Double
        /// Basal energy over it (Mifflin–St Jeor), with a profile; nil without one.
        public var basalKilocalories: Double?
    }

    /// Readings further apart than this do not carry energy across the gap, in seconds.
    public static let longestInterval: TimeInterval = 10

    /// The athlete: heart rate, METs and basal energy need one; power does not.
    public var profile: AthleteProfile?
    /// The activity, for its METs at a speed.
    public var activityType: HKWorkoutActivityType
    /// The last heart rate, in beats per minute, and when.
    public private(set) var lastHeartRate: (value: Double, date: Date)?
    /// The last power, in watts, and when.
    public private(set) var lastPower: (value: Double, date: Date)?
    /// The last speed, in metres per second, and when.
    public private(set) var lastSpeed: (value: Double, date: Date)?

    /// An estimator for `activityType`, with `profile` when there is one.
    public init(activityType: HKWorkoutActivityType, profile: AthleteProfile?) {
        self.activityType = activityType
        self.profile = profile
    }

    /// A heart-rate reading: the interval it closes at the heart rate before, unless power applies.
    public mutating func heartRate(_ bpm: Double, at date: Date) -> Interval? {
        defer { lastHeartRate = (bpm, date) }
        guard let profile, let previous = lastHeartRate, !powerIsRecent(at: date) else { return nil }
        return interval(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.keytelKilocaloriesPerMinute(heartRate: previous.value, profile: profile))
    }

    /// A power reading (cycling or running): the interval it closes at the power before.
    public mutating func power(_ watts: Double, at date: Date) -> Interval? {
        defer { lastPower = (watts, date) }
        guard let previous = lastPower else { return nil }
        return interval(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.kilocaloriesPerMinute(watts: previous.value))
    }

    /// A speed reading: the interval it closes by METs at the speed before, when neither power nor heart rate applies.
    public mutating func speed(_ metersPerSecond: Double, at date: Date) -> Interval? {
        guard metersPerSecond >= 0 else { return nil }
        defer { lastSpeed = (metersPerSecond, date) }
        guard let profile, let previous = lastSpeed, !powerIsRecent(at: date), !heartRateIsRecent(at: date),
              let mets = EnergyModels.mets(for: activityType, metersPerSecond: previous.value) else { return nil }
        return interval(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.kilocaloriesPerMinute(mets: mets, massKilograms: profile.massKilograms))
    }

    /// Whether a power reading came within ``longestInterval`` before `date`.
    public func powerIsRecent(at date: Date) -> Bool {
        lastPower.map { date.timeIntervalSince($0.date) <= Self.longestInterval } ?? false
    }

    /// Whether a heart-rate reading came within ``longestInterval`` before `date`.
    public func heartRateIsRecent(at date: Date) -> Bool {
        lastHeartRate.map { date.timeIntervalSince($0.date) <= Self.longestInterval } ?? false
    }

    private func interval(from start: Date, to end: Date, kilocaloriesPerMinute rate: Double) -> Interval? {
        let seconds = end.timeIntervalSince(start)
        guard seconds > 0, seconds <= Self.longestInterval else { return nil }
        return Interval(start: start, end: end, activeKilocalories: rate * seconds / 60,
                        basalKilocalories: profile.map { EnergyModels.basalKilocaloriesPerDay(profile: $0) * seconds / 86_400 })
    }
}
