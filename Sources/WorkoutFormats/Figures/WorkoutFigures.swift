import Foundation
public import HealthKitModel
public import TrainingMetrics

/// A workout's figures, computed once from its records by one set of rules, so
/// that every command, page, API and exported file shows the same numbers.
///
/// The rules, as `workout show --help` and the README state them:
/// - **Elapsed time**: from start to end, pauses included. **Moving time**: the
///   timer's time, pauses (manual and automatic, and a device's stopped time)
///   left out; the sessions' timer time when the file states one.
/// - **Distance**: the sessions' stated distance when the file or store states
///   one, else the records' own distance, else the geodesic along the track.
/// - **Average speed**: distance over moving time. **Top speed**: the stated
///   one (a device's session, or a recorder's, whose GPS gates left a settling
///   receiver's noise out), else the highest speed held over three records in a
///   row (the median of each three), so a single-record spike never counts;
///   readings above 100 m/s are ignored.
/// - **Elevation gain and loss**: the stated totals when the file or store
///   states them (a barometric device's own count wins), else the altitudes
///   with 3 m hysteresis (``ElevationGain``).
/// - **Heart rate**: the mean and highest of every reading from start to end,
///   as HealthKit's statistics take them. **Power**: the mean over every second of
///   moving time (zeros included: coasting is part of the effort), on the one-a-second
///   series the training metrics use (``SecondSeries``: a smart-recording device's
///   readings, seconds apart, weigh by the time they cover), and the highest reading.
///   **Cadence**: the mean of the non-zero readings (coasting left out, as
///   Garmin and Strava show it), with the mean including zeros beside it.
/// - **Energy**: the stated total (the sessions', or the store's samples).
///   **Temperature**: the mean of the device's readings (a stored workout keeps it).
/// - **Heart-rate zones**: one model from the athlete (``HeartRateZoneChoice``);
///   each reading counts until the next, for at most 10 s, pauses left out;
///   the time below zone 1 is its own row, and shares are of all the time with
///   a reading.
/// - **Training metrics** (normalized power, IF, TSS, VI, EF, work, power levels, decoupling,
///   TRIMP, HRV): ``RideMetrics`` over the one-a-second series of moving time
///   (``WorkoutTimeline/seconds(of:)``), against the athlete's figures stored with the workout.
/// - **Laps**: the activity's laps with their stated totals; the last runs to
///   the end.
/// - **Times** are shown rounded to the nearest second everywhere
///   (``WorkoutFigures/clock(_:alwaysHours:)``).
public struct WorkoutFigures: Sendable, Equatable, Codable {
    /// Time in heart-rate zones.
    public struct Zones: Sendable, Equatable, Codable {
        /// How the zones were chosen.
        public var choice: HeartRateZoneChoice
        /// Moving seconds below zone 1.
        public var belowSeconds: Double
        /// Moving seconds in zones 1 to 5.
        public var seconds: [Double]
    }

    /// One lap's figures.
    public struct Lap: Sendable, Equatable, Codable {
        /// 1 for the first.
        public var number: Int
        /// Seconds from the workout's start to the lap's.
        public var startSeconds: Double
        /// Moving seconds.
        public var movingTime: Double
        /// Metres.
        public var distance: Double?
        /// Beats per minute.
        public var averageHeartRate: Double?
        /// Metres per second over the moving time.
        public var averageSpeed: Double?
    }

    /// Seconds from start to end, pauses included.
    public var elapsedTime: Double
    /// Seconds of moving time.
    public var movingTime: Double
    /// Metres.
    public var distance: Double?
    /// Metres per second over the moving time.
    public var averageSpeed: Double?
    /// Metres per second, held over three records.
    public var maximumSpeed: Double?
    /// Beats per minute.
    public var averageHeartRate: Double?
    /// Beats per minute.
    public var minimumHeartRate: Double?
    /// Beats per minute.
    public var maximumHeartRate: Double?
    /// Metres climbed.
    public var ascent: Double?
    /// Metres descended.
    public var descent: Double?
    /// Watts.
    public var averagePower: Double?
    /// Watts.
    public var minimumPower: Double?
    /// Watts.
    public var maximumPower: Double?
    /// Revolutions (or, on foot, strides: half the steps) per minute, zeros left out; ``cadenceText(_:onFoot:)`` shows it.
    public var averageCadence: Double?
    /// Revolutions (or strides) per minute, zeros included.
    public var averageCadenceWithZeros: Double?
    /// The lowest cadence reading, zeros included.
    public var minimumCadence: Double?
    /// The highest cadence reading.
    public var maximumCadence: Double?
    /// Kilocalories.
    public var energy: Double?
    /// The average air temperature the device measured, in degrees Celsius.
    public var temperature: Double?
    /// Time in heart-rate zones, when there are readings and a maximum.
    public var zones: Zones?
    /// The laps.
    public var laps: [Lap]
    /// Training metrics, when the workout has power or heart rate.
    public var training: RideMetrics?
    /// The training figures the file states, as its device computed them (a one-session file's), shown beside ``training``.
    public var statedTraining: ActivityTrainingFigures?

    /// The figures of `activity`, whose records `timeline` holds (made from it when not given); zones
    /// from `athlete` (and `option`, a maximum heart rate a view is given), as ``HeartRateZoneChoice`` rules.
    public init(activity: Activity, timeline given: WorkoutTimeline? = nil, athlete: AthleteFigures? = nil, maximumHeartRate option: Double? = nil) {
        let timeline = given ?? WorkoutTimeline(activity: activity)
        statedTraining = activity.sessions.count == 1 ? activity.sessions[0].training.flatMap { $0.isEmpty ? nil : $0 } : nil
        elapsedTime = timeline.duration
        let timer = activity.sessions.reduce(0) { $0 + $1.timerTime }
        movingTime = timer > 0 ? timer : timeline.movingDuration
        let stated = activity.sessions.compactMap(\.distance)
        if !stated.isEmpty {
            distance = stated.reduce(0, +)
        } else if let last = timeline.distance.last, last > 0 {
            distance = last
        }
        if let distance, distance > 0, movingTime > 0 { averageSpeed = distance / movingTime }
        maximumSpeed = TopSpeed.shown(stated: activity.sessions.compactMap(\.maximumSpeed).max(), sustained: Self.sustainedMaximum(timeline.speed))

        let heartRates = timeline.heartRate.compactMap { $0 }.filter { $0 > 0 }
        if !heartRates.isEmpty {
            averageHeartRate = heartRates.reduce(0, +) / Double(heartRates.count)
            minimumHeartRate = heartRates.min()
            maximumHeartRate = heartRates.max()
        }
        let powers = timeline.power.compactMap { $0 }
        let powerSeries = powers.isEmpty ? nil : timeline.seconds(of: \.power)
        if !powers.isEmpty {
            averagePower = powerSeries?.mean ?? powers.reduce(0, +) / Double(powers.count)
            minimumPower = powers.min()
            maximumPower = powers.max()
        }
        var cadence = CadenceAverage()
        for value in timeline.cadence { if let value { cadence.add(value) } }
        averageCadenceWithZeros = cadence.withZeros
        minimumCadence = cadence.minimum
        maximumCadence = cadence.maximum
        averageCadence = cadence.turning
        let statedAscent = activity.sessions.compactMap(\.ascent)
        if !statedAscent.isEmpty {
            ascent = statedAscent.reduce(0, +)
            descent = activity.sessions.compactMap(\.descent).reduce(nil) { ($0 ?? 0) + $1 }
        } else if timeline.altitude.contains(where: { $0 != nil }) {
            var gain = ElevationGain()
            for (altitude, time) in zip(timeline.altitude, timeline.elapsed) { if let altitude { gain.add(altitude: altitude, at: time) } }
            ascent = gain.ascended
            descent = gain.descended
        }
        let calories = activity.sessions.compactMap(\.calories)
        energy = calories.isEmpty ? nil : calories.reduce(0, +)
        let temperatures = activity.records.compactMap(\.temperature)
        temperature = temperatures.isEmpty ? activity.averageTemperature : temperatures.reduce(0, +) / Double(temperatures.count)

        if !heartRates.isEmpty, let choice = HeartRateZoneChoice(athlete: athlete, maximumHeartRate: option, workoutMaximum: heartRates.max()) {
            let time = ZoneTime(values: timeline.heartRate, lowerBounds: [0] + choice.zones.lowerBounds, timeline: timeline)
            zones = Zones(choice: choice, belowSeconds: time.zones[0].seconds, seconds: time.zones.dropFirst().map(\.seconds))
        }

        if powers.contains(where: { $0 > 0 }) || !heartRates.isEmpty {
            let thresholds = RideMetrics.Thresholds(functionalThresholdPower: athlete?.functionalThresholdPower,
                                                    maximumHeartRate: option ?? athlete?.maximumHeartRate,
                                                    restingHeartRate: athlete?.restingHeartRate,
                                                    criticalPower: athlete?.criticalPower, wPrime: athlete?.wPrime)
            training = RideMetrics(power: powerSeries,
                                   heartRate: heartRates.isEmpty ? nil : timeline.seconds(of: \.heartRate),
                                   rrIntervals: activity.heartbeatIntervals.map { $0.seconds * 1000 }, thresholds: thresholds)
        }

        let start = timeline.start
        laps = activity.laps.enumerated().map { index, lap in
            let average = activity.records.lazy.filter { $0.date >= lap.start && $0.date <= lap.end }.compactMap(\.heartRate)
            let heartRate = lap.averageHeartRate ?? (average.isEmpty ? nil : average.reduce(0, +) / Double(average.count))
            let speed = lap.distance.flatMap { distance in lap.timerTime > 0 ? distance / lap.timerTime : nil }
            return Lap(number: index + 1, startSeconds: lap.start.timeIntervalSince(start), movingTime: lap.timerTime, distance: lap.distance,
                       averageHeartRate: heartRate, averageSpeed: speed)
        }
    }

    /// Each speed as the median of itself and its neighbours (the first and last as they are), the impossible
    /// (negative, or 100 m/s and over) left out: the speeds whose highest is ``sustainedMaximum(_:)``, as
    /// the report draws them.
    public static func sustainedSpeeds(_ speeds: [Double?]) -> [Double?] {
        let plausible = speeds.map { speed in speed.flatMap { $0 >= 0 && $0 < 100 ? $0 : nil } }
        let present = plausible.indices.filter { plausible[$0] != nil }
        guard present.count >= 3 else { return plausible }
        var result = plausible
        for position in 1..<(present.count - 1) {
            let three = [plausible[present[position - 1]]!, plausible[present[position]]!, plausible[present[position + 1]]!].sorted()
            result[present[position]] = three[1]
        }
        // The ends have one neighbour: no more than it and the reading next to it allow.
        result[present[0]] = min(plausible[present[0]]!, max(plausible[present[1]]!, plausible[present[2]]!))
        let last = present.count - 1
        result[present[last]] = min(plausible[present[last]]!, max(plausible[present[last - 1]]!, plausible[present[last - 2]]!))
        return result
    }

    /// The highest speed held over three readings in a row (``TopSpeed``).
    static func sustainedMaximum(_ speeds: [Double?]) -> Double? {
        var top = TopSpeed()
        for speed in speeds { if let speed { top.add(speed) } }
        return top.sustained
    }

    /// Cadence as people read it: revolutions per minute on a bike; on foot, steps per minute, twice the
    /// strides per minute that FIT and TCX files (and the records read from them) hold, as Garmin and Strava
    /// show a run's cadence.
    public static func cadenceText(_ cadence: Double, onFoot: Bool) -> String {
        onFoot ? "\(Int((cadence * 2).rounded())) spm" : "\(Int(cadence.rounded())) rpm"
    }

    /// A duration as every surface shows it, rounded to the nearest second: `H:MM:SS`, or `M:SS` under an
    /// hour unless `alwaysHours` (the CLI's and the list's columns); a negative one (a clock's offset) signed.
    public static func clock(_ seconds: Double, alwaysHours: Bool = false) -> String {
        let total = Int(seconds.rounded())
        let magnitude = abs(total)
        let hours = magnitude / 3600, minutes = magnitude / 60 % 60, rest = magnitude % 60
        let text = hours > 0 || alwaysHours ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
        return total < 0 ? "-" + text : text
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
