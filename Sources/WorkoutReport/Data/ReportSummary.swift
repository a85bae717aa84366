import OpenHealthKitCore
public import WorkoutFormats

/// A workout's figures, from all its records (never from what is drawn).
public struct ReportSummary: Sendable, Equatable, Codable {
    /// Seconds from start to end, pauses included.
    public var elapsedTime: Double
    /// Seconds of moving time, pauses left out.
    public var movingTime: Double
    /// Metres.
    public var distance: Double
    /// Metres per second over the moving time.
    public var averageSpeed: Double?
    /// The highest speed recorded, in metres per second.
    public var maximumSpeed: Double?
    /// Beats per minute, the mean of the readings while moving.
    public var averageHeartRate: Double?
    /// The highest heart rate recorded.
    public var maximumHeartRate: Double?
    /// Metres climbed (the device's figure, else with a 3 m threshold).
    public var ascent: Double?
    /// Metres descended.
    public var descent: Double?
    /// Watts, the mean of the readings while moving.
    public var averagePower: Double?
    /// The highest power recorded.
    public var maximumPower: Double?
    /// The mean cadence while moving.
    public var averageCadence: Double?
    /// Kilocalories, as the device or store gave them.
    public var energy: Double?

    /// The figures of `activity`, whose records `timeline` holds.
    public init(activity: Activity, timeline: WorkoutTimeline) {
        elapsedTime = timeline.duration
        let timer = activity.sessions.reduce(0) { $0 + $1.timerTime }
        movingTime = timer > 0 ? timer : timeline.movingDuration
        distance = max(timeline.distance.last ?? 0, activity.sessions.reduce(0) { $0 + ($1.distance ?? 0) })
        averageSpeed = movingTime > 0 && distance > 0 ? distance / movingTime : nil
        // A GPS glitch can claim any speed: above 100 m/s (360 km/h) is not a workout's.
        maximumSpeed = timeline.speed.compactMap { $0 }.filter { $0 < 100 }.max()
        func moving(_ column: [Double?]) -> [Double] {
            column.indices.compactMap { index in column[index].flatMap { timeline.isPaused(at: timeline.elapsed[index]) ? nil : $0 } }
        }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        averageHeartRate = mean(moving(timeline.heartRate))
        maximumHeartRate = timeline.heartRate.compactMap { $0 }.max()
        averagePower = mean(moving(timeline.power))
        maximumPower = timeline.power.compactMap { $0 }.max()
        averageCadence = mean(moving(timeline.cadence))
        let deviceAscent = activity.sessions.compactMap(\.ascent)
        if !deviceAscent.isEmpty {
            ascent = deviceAscent.reduce(0, +)
            descent = activity.sessions.compactMap(\.descent).reduce(0, +)
        } else if timeline.altitude.contains(where: { $0 != nil }) {
            var gain = ElevationGain()
            for altitude in timeline.altitude { if let altitude { gain.add(altitude: altitude) } }
            ascent = gain.ascended
            descent = gain.descended
        }
        let calories = activity.sessions.compactMap(\.calories)
        energy = calories.isEmpty ? nil : calories.reduce(0, +)
    }
}
