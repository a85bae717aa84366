import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog
import TrainingMetrics

/// Everything `workout show` says about a workout, in one value: the text is
/// drawn from it, and `--json` prints it, so both carry the same facts.
/// Times inside the workout are seconds from its start.
struct WorkoutDetail: Encodable {
    struct HeartRate: Encodable {
        var average: Double
        var minimum: Double
        var maximum: Double
    }

    struct Pause: Encodable {
        var startSeconds: Double
        /// `nil` when the workout ended paused.
        var durationSeconds: Double?
        var automatic: Bool
    }

    struct Lap: Encodable {
        var number: Int
        var startSeconds: Double
        /// Active time, pauses left out.
        var durationSeconds: Double
        var distanceMeters: Double?
        var averageHeartRate: Double?
    }

    struct Leg: Encodable {
        var activity: String
        var startSeconds: Double
        var durationSeconds: Double
        var distanceMeters: Double?
        var energyKilocalories: Double?
        var averageHeartRate: Double?
        /// The time between the previous leg's end and this one's start, when the legs do not touch.
        var gapBeforeSeconds: Double?
    }

    struct Zones: Encodable {
        /// The zone model: `percentOfMaximum`, `heartRateReserve` or `lactateThreshold`.
        var model: String
        /// The model said as every surface says it.
        var description: String
        /// Where the reference came from: `athlete` (the profile stored with the workout),
        /// `option` (--maximum-heart-rate) or `workout` (its own highest reading).
        var basis: String
        /// The maximum heart rate, or the lactate-threshold heart rate for that model.
        var maximumHeartRate: Double
        /// The lower bounds of zones 1 to 5, in bpm.
        var lowerBounds: [Double]
        /// Moving seconds spent in zones 1 to 5.
        var seconds: [Double]
        /// Moving seconds below zone 1.
        var belowSeconds: Double
    }

    struct Marker: Encodable {
        var atSeconds: Double
        var name: String?
    }

    var id: String
    var activity: String
    var start: Date
    var end: Date
    var durationSeconds: Double
    var elapsedSeconds: Double
    var distanceMeters: Double?
    var energyKilocalories: Double?
    var heartRate: HeartRate?
    var averageSpeed: Double?
    var maximumSpeed: Double?
    /// Zeros (coasting) left out; `averageCadenceWithZeros` keeps them.
    var averageCadence: Double?
    var averageCadenceWithZeros: Double?
    var averagePower: Double?
    var maximumPower: Double?
    /// The average air temperature the device measured, in °C.
    var temperatureCelsius: Double?
    var ascentMeters: Double?
    var descentMeters: Double?
    /// The workout's title and notes, if it has them.
    var name: String?
    var notes: String?
    var importedFile: String?
    /// The device that recorded an imported workout, as "Garmin Edge 500".
    var device: String?
    /// The sensors that took part, as `show` lists them: `Assioma DUO (power meter, battery 72 %)`.
    var sensors: [String]
    /// The file the workout was imported from, kept byte for byte (`workout export ID --original`).
    var originalFile: OriginalFile?
    /// The time zone the workout was done in, when its file said (an identifier such as `GMT+0200`).
    var timeZone: String?
    var pauses: [Pause]
    var laps: [Lap]
    var legs: [Leg]
    var zones: Zones?
    /// Training metrics (``RideMetrics``): NP, IF, TSS, VI, EF, work, power levels, decoupling, TRIMP, HRV.
    var training: RideMetrics?
    /// The training figures the file states, as its device computed them.
    var statedTraining: ActivityTrainingFigures?
    var markers: [Marker]
    var deviceEvents: [Marker]
    /// Heart rate and speed (km/h) over time, for the sparklines (not in JSON).
    var heartRateSeries: [(Date, Double)] = []
    var speedSeries: [(Date, Double)] = []

    /// A file kept with its workout.
    struct OriginalFile: Encodable {
        var name: String
        var bytes: Int
    }

    enum CodingKeys: String, CodingKey {
        case id, activity, start, end, durationSeconds, elapsedSeconds, distanceMeters, energyKilocalories, heartRate, averageSpeed, maximumSpeed,
             averageCadence, averageCadenceWithZeros, averagePower, maximumPower, temperatureCelsius, ascentMeters, descentMeters, name, notes, importedFile, device, originalFile, timeZone, pauses, laps, legs, zones, training, statedTraining, markers, deviceEvents
    }

    /// The detail of `workout`, reading its samples from `store`: every figure is ``WorkoutFigures``'
    /// (the rules the report, the servers and export use), with zones from `maximumHeartRate` when given,
    /// else the athlete's model and figures stored with it, else its own highest heart rate.
    init(_ workout: HKWorkout, in store: HKHealthStore, maximumHeartRate: Double? = nil) async throws {
        let start = workout.startDate
        func offset(_ date: Date) -> Double { date.timeIntervalSince(start) }
        let summary = WorkoutSummary(workout)
        let recorded = try await Activity(workout: workout, in: store)
        let figures = WorkoutFigures(activity: recorded, athlete: try await store.athleteFigures(for: workout), maximumHeartRate: maximumHeartRate)
        id = summary.id
        activity = summary.activity
        self.start = start
        end = workout.endDate
        durationSeconds = figures.movingTime
        elapsedSeconds = figures.elapsedTime
        distanceMeters = figures.distance
        energyKilocalories = figures.energy
        importedFile = workout.metadata?[ActivityImporter.importedFileKey] as? String
        name = recorded.name
        notes = recorded.notes
        if importedFile != nil {
            // The creator the report and exports name too: a FIT file's maker and product, a TCX or GPX file's device name.
            device = recorded.creator != .openHealthKit ? recorded.creator.displayName : nil
        }
        sensors = recorded.sensors.map(\.text)
        originalFile = try await store.originalFileAttachment(of: workout).map { OriginalFile(name: $0.name, bytes: $0.size) }
        timeZone = recorded.timeZone?.identifier
        ascentMeters = figures.ascent
        descentMeters = figures.descent
        averageSpeed = figures.averageSpeed
        maximumSpeed = figures.maximumSpeed
        averageCadence = figures.averageCadence
        averageCadenceWithZeros = figures.averageCadenceWithZeros
        averagePower = figures.averagePower
        maximumPower = figures.maximumPower
        temperatureCelsius = figures.temperature
        heartRate = nil
        if let average = figures.averageHeartRate, let minimum = figures.minimumHeartRate, let maximum = figures.maximumHeartRate {
            heartRate = HeartRate(average: average, minimum: minimum, maximum: maximum)
        }
        laps = figures.laps.map { Lap(number: $0.number, startSeconds: $0.startSeconds, durationSeconds: $0.movingTime,
                                      distanceMeters: $0.distance, averageHeartRate: $0.averageHeartRate) }
        training = figures.training
        statedTraining = figures.statedTraining
        zones = figures.zones.map { zones in
            Zones(model: zones.choice.model.rawValue, description: zones.choice.description, basis: zones.choice.basis,
                  maximumHeartRate: zones.choice.reference, lowerBounds: zones.choice.zones.lowerBounds, seconds: zones.seconds,
                  belowSeconds: zones.belowSeconds)
        }

        let events = workout.workoutEvents ?? []
        var pauses: [Pause] = []
        var pauseIntervals: [DateInterval] = []
        for pause in events where pause.type == .pause {
            let resume = events.first { $0.type == .resume && $0.dateInterval.start >= pause.dateInterval.start }
            // Auto-pause records a motion pause at the same instant, as a watch does.
            let automatic = events.contains { $0.type == .motionPaused && $0.dateInterval.start == pause.dateInterval.start }
            pauses.append(Pause(startSeconds: offset(pause.dateInterval.start),
                                durationSeconds: resume.map { $0.dateInterval.start.timeIntervalSince(pause.dateInterval.start) }, automatic: automatic))
            pauseIntervals.append(DateInterval(start: pause.dateInterval.start, end: max(pause.dateInterval.start, resume?.dateInterval.start ?? workout.endDate)))
        }
        self.pauses = pauses
        func activeSeconds(_ interval: DateInterval) -> Double {
            interval.duration - pauseIntervals.reduce(0) { $0 + ($1.intersection(with: interval)?.duration ?? 0) }
        }

        // Legs, and the sparklines' series, from the activity the figures came from: its sessions are the legs
        // (with the legs' own statistics where the store has them), its records the readings.
        var legs: [Leg] = []
        var previousEnd: Date?
        for (leg, session) in zip(workout.workoutActivities, recorded.sessions) {
            let interval = DateInterval(start: leg.startDate, end: max(leg.startDate, leg.endDate ?? workout.endDate))
            let type = leg.workoutConfiguration.activityType
            // Time between two legs is a transition of its own only where the device recorded none: beside a
            // transition leg it is the device's seconds between sessions.
            let besideTransition = type == .transition || legs.last?.activity == HKWorkoutActivityType.transition.name
            let gap = besideTransition ? nil : previousEnd.map { interval.start.timeIntervalSince($0) }.flatMap { $0 >= 1 ? $0 : nil }
            // A transition's distance is what was covered in it (running to the bike, the bike to the line), whichever type counted it.
            legs.append(Leg(activity: type.name, startSeconds: offset(interval.start), durationSeconds: activeSeconds(interval),
                            distanceMeters: type == .transition ? leg.statistics(for: HKQuantityType(HKWorkout.distanceType(for: type)))?.sumQuantity()?
                                .doubleValue(for: .meter()) ?? session.distance : session.distance,
                            energyKilocalories: session.calories, averageHeartRate: session.averageHeartRate, gapBeforeSeconds: gap))
            previousEnd = interval.end
        }
        self.legs = legs
        heartRateSeries = recorded.records.compactMap { record in record.heartRate.map { (record.date, $0) } }
        speedSeries = recorded.records.compactMap { record in record.speed.map { (record.date, $0 * 3.6) } }

        markers = events.filter { $0.type == .marker && $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] == nil }
            .map { Marker(atSeconds: offset($0.dateInterval.start), name: $0.metadata?[OpenHealthKitMetadataKeyEventName] as? String) }
        deviceEvents = events.filter { $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] != nil }
            .map { Marker(atSeconds: offset($0.dateInterval.start), name: $0.metadata?[OpenHealthKitMetadataKeyEventName] as? String) }
    }
}
