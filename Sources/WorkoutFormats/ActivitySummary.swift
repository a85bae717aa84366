public import Foundation

/// The totals of a lap or a session.
public struct ActivitySummary: Sendable, Equatable {
    /// The sport.
    public var sport: ActivitySport
    /// When it started.
    public var start: Date
    /// Seconds from start to end, pauses included.
    public var elapsedTime: TimeInterval
    /// Seconds the timer ran (pauses excluded).
    public var timerTime: TimeInterval
    /// Metres covered.
    public var distance: Double?
    /// Active energy in kilocalories.
    public var calories: Double?
    /// Average heart rate in beats per minute.
    public var averageHeartRate: Double?
    /// Highest heart rate in beats per minute.
    public var maximumHeartRate: Double?
    /// Average speed while moving, in metres per second.
    public var averageSpeed: Double?
    /// Highest speed in metres per second.
    public var maximumSpeed: Double?
    /// Average cadence per minute.
    public var averageCadence: Double?
    /// Average power in watts.
    public var averagePower: Double?
    /// Highest power in watts.
    public var maximumPower: Double?
    /// Metres climbed.
    public var ascent: Double?
    /// Metres descended.
    public var descent: Double?
    /// What ended a lap.
    public var trigger: ActivityLapTrigger
    /// A session's training figures, as a FIT session states them (a device's own, or ours on export).
    public var training: ActivityTrainingFigures?

    /// A summary starting at `start` and lasting `elapsedTime` seconds.
    public init(sport: ActivitySport, start: Date, elapsedTime: TimeInterval, timerTime: TimeInterval? = nil,
                distance: Double? = nil, calories: Double? = nil, averageHeartRate: Double? = nil, maximumHeartRate: Double? = nil,
                averageSpeed: Double? = nil, maximumSpeed: Double? = nil, averageCadence: Double? = nil,
                averagePower: Double? = nil, maximumPower: Double? = nil, ascent: Double? = nil, descent: Double? = nil,
                trigger: ActivityLapTrigger = .manual) {
        self.sport = sport
        self.start = start
        self.elapsedTime = elapsedTime
        self.timerTime = timerTime ?? elapsedTime
        self.distance = distance
        self.calories = calories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.averageSpeed = averageSpeed
        self.maximumSpeed = maximumSpeed
        self.averageCadence = averageCadence
        self.averagePower = averagePower
        self.maximumPower = maximumPower
        self.ascent = ascent
        self.descent = descent
        self.trigger = trigger
    }

    /// When it ended: the start plus the elapsed time (never a summary's own timestamp).
    public var end: Date { start.addingTimeInterval(elapsedTime) }

    /// The interval from start to end.
    public var interval: DateInterval { DateInterval(start: start, duration: max(0, elapsedTime)) }
}
