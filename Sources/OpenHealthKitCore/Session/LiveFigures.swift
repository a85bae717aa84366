public import Foundation
import Synchronization
import TrainingMetrics

/// The figures a recording will be saved with, as they stand while it runs: what the dashboard, the live page,
/// a mirrored companion and `replay --no-store` show, by the rules the saved workout's figures follow
/// (`WorkoutFigures`), each reading taken in once as it arrives.
///
/// - **Moving time, distance, energy**: the builder's (the saved workout's totals are the builder's).
/// - **Average speed**: distance over moving time. **Top speed**: the stated one (the builder's metadata, a
///   replayed file's own, else the data source's gated Doppler maximum) unless it is a spike (``TopSpeed``).
/// - **Heart rate**: the mean, lowest and highest of every reading above zero, paused ones included, as the
///   saved workout's records hold them. (The builder's `HKStatistics` leave paused readings out, as HealthKit's do.)
/// - **Cadence**: ``CadenceAverage``, zeros left out; on foot in strides per minute, from the steps.
/// - **Power**: the mean over every second of moving time from the first reading on (``SecondSeries``), the
///   highest and lowest reading.
/// - **Elevation**: the stated totals (a replayed file's, in the builder's metadata) else the data source's count.
/// - **Laps**: ``laps(of:at:)``.
///
/// Until the ride ends, the power of the seconds after the last reading is not known yet: the figure is that of
/// a ride ending with it, and it equals the saved one at the end.
///
/// ```swift
/// let figures = LiveFigures(activity: .cycling)
/// let now = figures.update(builder: builder, dataSource: dataSource, at: clock.now)
/// print(now.averageCadence ?? 0)
/// ```
public final class LiveFigures: Sendable {
    /// The figures at one moment.
    public struct Now: Sendable, Equatable {
        /// Seconds of moving time.
        public var movingSeconds = 0.0
        /// Metres.
        public var distanceMeters = 0.0
        /// Metres per second over the moving time.
        public var averageSpeed: Double?
        /// Metres per second (``TopSpeed``).
        public var maximumSpeed: Double?
        /// Beats per minute.
        public var averageHeartRate: Double?
        /// Beats per minute.
        public var minimumHeartRate: Double?
        /// Beats per minute.
        public var maximumHeartRate: Double?
        /// Revolutions (on foot, strides) per minute, zeros left out.
        public var averageCadence: Double?
        /// Revolutions (strides) per minute, zeros included.
        public var averageCadenceWithZeros: Double?
        /// The lowest cadence reading.
        public var minimumCadence: Double?
        /// The highest cadence reading.
        public var maximumCadence: Double?
        /// Watts, over every second of moving time from the first reading.
        public var averagePower: Double?
        /// Watts.
        public var minimumPower: Double?
        /// Watts.
        public var maximumPower: Double?
        /// Kilocalories.
        public var energyKilocalories: Double?
        /// Metres climbed.
        public var ascentMeters: Double?
        /// Metres descended.
        public var descentMeters: Double?
    }

    /// One lap as it is saved.
    public struct Lap: Sendable, Equatable {
        /// When it started.
        public var start: Date
        /// When it ended.
        public var end: Date
        /// Its timer's seconds: the lap's own when it states them (a replayed file's), else its moving time.
        public var movingSeconds: Double
        /// Metres: the lap's own when it states them, else the builder's distance over it.
        public var distanceMeters: Double
    }

    private struct Readers {
        var heartRate = 0, cyclingCadence = 0, steps = 0, cyclingPower = 0, runningPower = 0, speed = 0
        var heartRates = (sum: 0.0, count: 0, minimum: Double?.none, maximum: Double?.none)
        /// A crank's cadence, and on foot the steps' (a multisport workout may have both: the crank's wins, as saved).
        var cadences = CadenceAverage(), strides = CadenceAverage()
        var powers = SecondSeries.Accumulator()
        var powerRange = (minimum: Double?.none, maximum: Double?.none)
        var speeds = TopSpeed()
    }

    /// The activity recorded: which distance, cadence, power and speed types are its.
    public let activity: HKWorkoutActivityType
    private let readers = Mutex(Readers())

    /// Figures for a recording of `activity`.
    public init(activity: HKWorkoutActivityType) {
        self.activity = activity
    }

    private static let perMinute = HKUnit.count().unitDivided(by: .minute())
    private static let metresPerSecond = HKUnit.meter().unitDivided(by: .second())

    /// Takes in the readings the builder collected since the last update, and returns the figures at `date`.
    public func update(builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource?, at date: Date) -> Now {
        var now = Now()
        now.movingSeconds = builder.elapsedTime(at: date)
        let distance = Self.distance(of: builder, activity: activity)
        now.distanceMeters = distance
        if distance > 0, now.movingSeconds > 0 { now.averageSpeed = distance / now.movingSeconds }
        now.energyKilocalories = builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie())
        let stated = builder.metadata, derived = dataSource?.derivedMetadata ?? [:]
        func quantity(_ key: String, _ unit: HKUnit) -> Double? {
            ((stated[key] ?? derived[key]) as? HKQuantity)?.doubleValue(for: unit)
        }
        now.ascentMeters = quantity(HKMetadataKeyElevationAscended, .meter())
        now.descentMeters = quantity(HKMetadataKeyElevationDescended, .meter())
        let statedTop = quantity(HKMetadataKeyMaximumSpeed, Self.metresPerSecond)

        let start = builder.startDate ?? date
        let events = builder.workoutEvents, end = builder.endDate
        func moving(_ seconds: Double) -> Double {
            ElapsedTime.activeDuration(start: start, end: end, events: events, at: Date(timeIntervalSince1970: seconds))
        }
        // A ride's speed sensor, else the runner's; cadence and power of either kind, as the saved workout's records take them.
        let speedType = HKQuantityType(activity == .cycling ? .cyclingSpeed : .runningSpeed)
        readers.withLock { readers in
            let heartRates = builder.collectedRows(of: HKQuantityType(.heartRate), from: readers.heartRate)
            readers.heartRate = heartRates.next
            for row in heartRates.rows where row.value > 0 && row.value.isFinite {
                let bpm = HKQuantity(unit: HKQuantityType(.heartRate).canonicalUnit, doubleValue: row.value).doubleValue(for: Self.perMinute)
                readers.heartRates.sum += bpm
                readers.heartRates.count += 1
                readers.heartRates.minimum = min(readers.heartRates.minimum ?? bpm, bpm)
                readers.heartRates.maximum = max(readers.heartRates.maximum ?? bpm, bpm)
            }
            let cadences = builder.collectedRows(of: HKQuantityType(.cyclingCadence), from: readers.cyclingCadence)
            readers.cyclingCadence = cadences.next
            for row in cadences.rows {
                readers.cadences.add(HKQuantity(unit: HKQuantityType(.cyclingCadence).canonicalUnit, doubleValue: row.value).doubleValue(for: Self.perMinute))
            }
            let steps = builder.collectedRows(of: HKQuantityType(.stepCount), from: readers.steps)
            readers.steps = steps.next
            for row in steps.rows where row.end > row.start {
                // Steps over an interval, as strides per minute at its end (half the steps per minute).
                readers.strides.add(row.value / (row.end - row.start) * 30)
            }
            // A multisport workout's legs come one after the other: a ride's power, then a run's, in time order.
            for (type, place) in [(HKQuantityType(.cyclingPower), \Readers.cyclingPower), (HKQuantityType(.runningPower), \Readers.runningPower)] {
                let powers = builder.collectedRows(of: type, from: readers[keyPath: place])
                readers[keyPath: place] = powers.next
                for row in powers.rows where row.value.isFinite {
                    let watts = HKQuantity(unit: type.canonicalUnit, doubleValue: row.value).doubleValue(for: .watt())
                    readers.powers.add(watts, at: moving(row.start))
                    readers.powerRange.minimum = min(readers.powerRange.minimum ?? watts, watts)
                    readers.powerRange.maximum = max(readers.powerRange.maximum ?? watts, watts)
                }
            }
            let speeds = builder.collectedRows(of: speedType, from: readers.speed)
            readers.speed = speeds.next
            for row in speeds.rows {
                readers.speeds.add(HKQuantity(unit: speedType.canonicalUnit, doubleValue: row.value).doubleValue(for: Self.metresPerSecond))
            }
            if readers.heartRates.count > 0 {
                now.averageHeartRate = readers.heartRates.sum / Double(readers.heartRates.count)
                now.minimumHeartRate = readers.heartRates.minimum
                now.maximumHeartRate = readers.heartRates.maximum
            }
            let cadence = readers.cadences.minimum != nil ? readers.cadences : readers.strides
            now.averageCadence = cadence.turning
            now.averageCadenceWithZeros = cadence.withZeros
            now.minimumCadence = cadence.minimum
            now.maximumCadence = cadence.maximum
            now.averagePower = readers.powers.mean
            now.minimumPower = readers.powerRange.minimum
            now.maximumPower = readers.powerRange.maximum
            now.maximumSpeed = TopSpeed.shown(stated: statedTop, sustained: readers.speeds.sustained)
        }
        return now
    }

    /// Metres: the sum of the distance type of each of the workout's activities (a multisport workout's legs each
    /// count their own: swimming, cycling, running), else of the workout's.
    public static func distance(of builder: HKLiveWorkoutBuilder, activity: HKWorkoutActivityType) -> Double {
        let types = Set([activity] + builder.workoutActivities.map(\.workoutConfiguration.activityType)).map(HKWorkout.distanceType(for:))
        return Set(types).reduce(0.0) { total, type in
            total + (builder.statistics(for: HKQuantityType(type))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0)
        }
    }

    /// The laps as the workout will be saved with them, at `date`: the builder's lap events, covering the
    /// workout's activities (or the workout) as ``LapCover`` adds laps, the last running to `date` (or the end);
    /// without lap events, one lap for each activity (or the workout). Each has its own timer time and distance
    /// when it states them (a replayed file's laps do), else its moving time and the distance covered in it:
    /// each distance reading counts where it ends, less its paused part, as the saved workout's records count it.
    public static func laps(of builder: HKLiveWorkoutBuilder, activity: HKWorkoutActivityType, at date: Date) -> [Lap] {
        guard let start = builder.startDate else { return [] }
        let end = max(start, builder.endDate ?? date)
        let events = builder.workoutEvents
        let lapEvents = events.filter { $0.type == .lap && $0.dateInterval.duration > 0 }.sorted { $0.dateInterval.start < $1.dateInterval.start }
        let activities = builder.workoutActivities
        let sessions = activities.isEmpty ? [(activity, DateInterval(start: start, end: end))]
            : activities.map { ($0.workoutConfiguration.activityType, DateInterval(start: $0.startDate, end: max($0.startDate, $0.endDate ?? end))) }
        func moving(_ interval: DateInterval) -> Double {
            ElapsedTime.activeDuration(start: start, end: builder.endDate, events: events, at: interval.end)
                - ElapsedTime.activeDuration(start: start, end: builder.endDate, events: events, at: interval.start)
        }
        // The active time the builder masks its rows to (the pauses left out), from before the start to after the end.
        let active = ActiveIntervals.between(start: -.infinity, end: .infinity, events: events.sorted { $0.dateInterval.start < $1.dateInterval.start })
        var covered: [HKWorkoutActivityType: [(end: Double, meters: Double)]] = [:]
        for type in Set(sessions.map(\.0)) {
            let distanceType = HKQuantityType(HKWorkout.distanceType(for: type))
            var total = 0.0
            covered[type] = builder.collectedRows(of: distanceType, from: 0).rows.sorted { $0.end < $1.end }.map { row in
                let counted = ActiveIntervals.mask(CollectionOfOne(row), to: active, cumulative: true).reduce(0) { $0 + $1.value }
                total += HKQuantity(unit: distanceType.canonicalUnit, doubleValue: counted).doubleValue(for: .meter())
                return (row.end, total)
            }
        }
        func distance(_ type: HKWorkoutActivityType, at time: Date) -> Double {
            let seconds = time.timeIntervalSince1970
            return covered[type]?.last { $0.end <= seconds }?.meters ?? 0
        }
        guard !lapEvents.isEmpty else {
            // A session's lap is the session: a workout's whole distance, a leg's the distance covered in it.
            if activities.isEmpty { return [Lap(start: start, end: end, movingSeconds: moving(sessions[0].1), distanceMeters: Self.distance(of: builder, activity: activity))] }
            return sessions.map { type, interval in
                Lap(start: interval.start, end: interval.end, movingSeconds: moving(interval),
                    distanceMeters: distance(type, at: interval.end) - distance(type, at: interval.start))
            }
        }
        return LapCover.intervals(laps: lapEvents.map(\.dateInterval), sessions: sessions.map(\.1)).map { interval in
            let stated = lapEvents.first { $0.dateInterval == interval }?.metadata
            let type = sessions.last { $0.1.start <= interval.start }?.0 ?? activity
            return Lap(start: interval.start, end: interval.end,
                       movingSeconds: (stated?[OpenHealthKitMetadataKeyLapTimerTime] as? HKQuantity)?.doubleValue(for: .second()) ?? moving(interval),
                       distanceMeters: (stated?[OpenHealthKitMetadataKeyLapDistance] as? HKQuantity)?.doubleValue(for: .meter())
                           ?? distance(type, at: interval.end) - distance(type, at: interval.start))
        }
    }
}
