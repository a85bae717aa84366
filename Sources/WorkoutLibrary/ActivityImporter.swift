public import Foundation
public import OpenHealthKitCore
public import WorkoutFormats

/// Stores an ``Activity`` read from a file as a workout, with its samples,
/// route, events and heartbeats.
///
/// A workout builder does the work, so the stored workout's statistics are
/// computed as for a recorded one: heart rate, speed, cadence and power
/// samples at each record (a run's cadence as step counts since the record before); distance samples between records (the file's own
/// distance where it has one, else the geodesic between positions); each
/// lap's or session's calories spread over its active time; pauses,
/// automatic pauses and laps as events; each session of a multisport file as
/// an activity; the route with every position; and the beat-to-beat intervals
/// as a heartbeat series.
///
/// ```swift
/// let activity = try ActivityFile.read(URL(fileURLWithPath: "ride.fit"))
/// let workout = try await ActivityImporter(store: store).importActivity(activity, from: "ride.fit")
/// ```
public struct ActivityImporter: Sendable {
    /// Where workouts are saved.
    public let store: HKHealthStore

    /// The metadata key naming the file a workout was imported from.
    public static let importedFileKey = "OpenHealthKitImportedFile"

    /// The athlete who did the workouts, if known: their heart-rate and power
    /// figures are stored with each workout (``AthleteProfile/workoutMetadata``),
    /// so zones are drawn from them later.
    public var athleteProfile: AthleteProfile?

    /// The workout's UUID elsewhere (on a club server it was pulled from), kept
    /// as `HKMetadataKeyExternalUUID` so that it is sent back under the same one.
    public var externalUUID: UUID?

    /// Metadata the workout keeps from where it came from (a workout stored again under another
    /// sport by ``HKHealthStore/edit(_:_:)``): it wins over what the importer works out, except the
    /// title and notes, which are the activity's.
    public var carriedMetadata: [String: MetadataValue] = [:]

    /// The device to store the workout under instead of the one the activity's creator describes
    /// (``ActivityCreator/device``): a workout stored again keeps its own.
    public var device: HKDevice?

    /// An importer saving into `store`, for `athleteProfile`'s workouts.
    public init(store: HKHealthStore, athleteProfile: AthleteProfile? = nil) {
        self.store = store
        self.athleteProfile = athleteProfile
    }

    /// A stored workout of the same activity type starting at the same second, if any:
    /// the file was imported before (or recorded here).
    public func existingWorkout(for activity: Activity) async throws -> HKWorkout? {
        guard let start = activity.startDate else { return nil }
        let window = HKQuery.predicateForSamples(withStart: start.addingTimeInterval(-0.5), end: start.addingTimeInterval(0.5), options: [])
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout(window)], sortDescriptors: []).result(for: store)
        return workouts.first { abs($0.startDate.timeIntervalSince(start)) < 0.5 && $0.workoutActivityType == activity.sport.activityType }
    }

    /// Saves `activity` as a workout; `file` is recorded in its metadata, and
    /// `original`, the file's bytes, kept with the workout (``HKHealthStore/originalFile(of:)``).
    ///
    /// - Throws: ``ActivityFileError`` for an activity without a start, or the store's errors.
    @discardableResult
    public func importActivity(_ activity: Activity, from file: String, original: Data? = nil) async throws -> HKWorkout {
        let activity = activity.completingSummaries()
        guard let start = activity.startDate, let end = activity.endDate, end >= start else {
            throw ActivityFileError(path: file, location: .file, message: "has no records or sessions with a time", hint: "give a recorded activity")
        }
        let sport = activity.sport
        let hasRoute = activity.records.contains { $0.hasPosition }
        let distanceType = HKQuantityType(HKWorkout.distanceType(for: sport.activityType))
        let speedType = HKQuantityType(sport == .cycling ? .cyclingSpeed : .runningSpeed)
        let powerType = HKQuantityType(sport == .cycling ? .cyclingPower : .runningPower)
        var types: Set<HKSampleType> = [HKWorkoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat(), HKQuantityType(.heartRate),
                                        HKQuantityType(.activeEnergyBurned), HKQuantityType(.cyclingCadence), HKQuantityType(.stepCount), speedType, powerType]
        for session in activity.sessions { types.insert(HKQuantityType(HKWorkout.distanceType(for: session.sport.activityType))) }
        try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))

        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity.sessions.count > 1 ? .swimBikeRun : sport.activityType
        configuration.locationType = hasRoute ? .outdoor : .indoor
        let device = self.device ?? activity.creator.device
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: device)
        try await builder.beginCollection(at: start)

        // Events: pauses (automatic ones as motion pauses too) and laps. Time between two sessions that
        // neither covers (a multisport watch's gap between legs) is a pause too, so the workout's active
        // time is the file's timer time.
        var events: [HKWorkoutEvent] = []
        for stop in Self.stops(of: activity) where stop.interval.start > start && stop.interval.start < end {
            let at = { (date: Date) in DateInterval(start: date, duration: 0) }
            events.append(HKWorkoutEvent(type: .pause, dateInterval: at(stop.interval.start), metadata: nil))
            if stop.automatic { events.append(HKWorkoutEvent(type: .motionPaused, dateInterval: at(stop.interval.start), metadata: nil)) }
            guard stop.interval.end < end else { continue }
            events.append(HKWorkoutEvent(type: .resume, dateInterval: at(stop.interval.end), metadata: nil))
            if stop.automatic { events.append(HKWorkoutEvent(type: .motionResumed, dateInterval: at(stop.interval.end), metadata: nil)) }
        }
        let sessionLaps = activity.laps.count == activity.sessions.count && activity.laps.allSatisfy { $0.trigger == .sessionEnd }
        if !sessionLaps {
            // Each lap keeps the file's own totals, so it leaves as it came.
            for lap in activity.laps where lap.elapsedTime > 0 {
                var totals: [String: Any] = [OpenHealthKitMetadataKeyLapTimerTime: HKQuantity(unit: .second(), doubleValue: lap.timerTime)]
                if let distance = lap.distance { totals[OpenHealthKitMetadataKeyLapDistance] = HKQuantity(unit: .meter(), doubleValue: distance) }
                if let calories = lap.calories { totals[OpenHealthKitMetadataKeyLapEnergy] = HKQuantity(unit: .kilocalorie(), doubleValue: calories) }
                events.append(HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lap.start, end: min(lap.end, end)), metadata: totals))
            }
        }
        for marker in activity.markers where marker.date >= start && marker.date <= end {
            events.append(HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: marker.date, duration: 0),
                                         metadata: marker.name.map { [OpenHealthKitMetadataKeyEventName: $0] }))
        }
        if !events.isEmpty { try await builder.addWorkoutEvents(events) }
        if activity.sessions.count > 1 {
            for session in activity.sessions {
                let legConfiguration = HKWorkoutConfiguration()
                legConfiguration.activityType = session.sport.activityType
                legConfiguration.locationType = configuration.locationType
                try await builder.addWorkoutActivity(HKWorkoutActivity(workoutConfiguration: legConfiguration, start: session.start,
                                                                       end: min(session.end, end), metadata: nil))
            }
        }

        let pauses = Self.stops(of: activity).map(\.interval)
        let samples = Self.samples(of: activity, pauses: pauses, distanceType: distanceType, speedType: speedType, powerType: powerType, end: end)
        for batch in stride(from: 0, to: samples.count, by: 10_000) {
            try await builder.addSamples(Array(samples[batch..<min(batch + 10_000, samples.count)]))
        }
        if hasRoute, let routeBuilder = builder.seriesBuilder(for: .workoutRoute()) {
            let locations = activity.records.compactMap { record -> CLLocation? in
                guard let latitude = record.latitude, let longitude = record.longitude else { return nil }
                return CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: record.altitude ?? 0,
                                  horizontalAccuracy: 5, verticalAccuracy: record.altitude == nil ? -1 : 5, course: -1, courseAccuracy: -1,
                                  speed: record.speed ?? -1, speedAccuracy: record.speed == nil ? -1 : 0.5, timestamp: record.date)
            }
            for batch in stride(from: 0, to: locations.count, by: 10_000) {
                try await routeBuilder.insertRouteData(Array(locations[batch..<min(batch + 10_000, locations.count)]))
            }
        }
        var metadata: [String: Any] = athleteProfile?.workoutMetadata ?? [:]
        metadata.merge(carriedMetadata.mapValues(\.anyValue)) { _, carried in carried }
        metadata[HKMetadataKeyIndoorWorkout] = !hasRoute
        metadata[Self.importedFileKey] = URL(fileURLWithPath: file).lastPathComponent
        if let externalUUID { metadata[HKMetadataKeyExternalUUID] = externalUUID.uuidString }
        if activity.elevationSource != .unknown { metadata[OpenHealthKitMetadataKeyElevationSource] = activity.elevationSource.rawValue }
        metadata.merge(activity.statedElevationMetadata) { _, stated in stated }
        if let timeZone = activity.timeZone { metadata[HKMetadataKeyTimeZone] = timeZone.identifier }
        if !activity.sensors.isEmpty { metadata[OpenHealthKitMetadataKeySensors] = ActivitySensor.metadataValue(activity.sensors) }
        metadata[OpenHealthKitMetadataKeyWorkoutName] = nil
        metadata[OpenHealthKitMetadataKeyWorkoutNotes] = nil
        if let name = WorkoutText.name(activity.name) { metadata[OpenHealthKitMetadataKeyWorkoutName] = name }
        if let notes = WorkoutText.notes(activity.notes) { metadata[OpenHealthKitMetadataKeyWorkoutNotes] = notes }
        // The figures against the athlete's values in force on the workout's date: its training stress is kept with it.
        let history = try await AthleteHistory(store: store)
        let timeline = WorkoutTimeline(activity: activity)
        let figures = WorkoutFigures(activity: activity, timeline: timeline,
                                     athlete: history.figures(at: start, stored: athleteProfile.map(AthleteFigures.init(profile:))))
        metadata[OpenHealthKitMetadataKeyBestEfforts] = WorkoutEfforts(timeline: timeline).metadataValue
        if let temperature = figures.temperature {
            metadata[HKMetadataKeyWeatherTemperature] = HKQuantity(unit: .degreeCelsius(), doubleValue: temperature)
        }
        metadata.merge(TrainingHistory.stressMetadata(figures: figures)) { _, stress in stress }
        try await builder.addMetadata(metadata)
        try await builder.endCollection(at: end)
        guard let workout = try await builder.finishWorkout() else {
            throw ActivityFileError(path: file, location: .file, message: "the store did not save the workout", hint: "check the store with `workout store`")
        }
        if let first = activity.heartbeatIntervals.first {
            let seriesStart = first.date.addingTimeInterval(-first.seconds)
            let series = HKHeartbeatSeriesBuilder(healthStore: store, device: device, start: seriesStart)
            try await series.addHeartbeat(at: 0, precededByGap: false)
            var time = 0.0
            var previousDate = seriesStart
            for interval in activity.heartbeatIntervals {
                // Beats follow one another; a beat more than 3 s behind its message's time starts again after a gap.
                let gap = interval.date.timeIntervalSince(seriesStart) - (time + interval.seconds) > 3 || interval.date < previousDate
                time = gap ? max(time + interval.seconds, interval.date.timeIntervalSince(seriesStart)) : time + interval.seconds
                previousDate = interval.date
                try await series.addHeartbeat(at: time, precededByGap: gap)
            }
            _ = try await series.finishSeries(workout: workout.uuid)
        }
        if let original { try await store.attachOriginalFile(original, named: file, to: workout) }
        return workout
    }

    /// When the activity's timer was stopped, oldest first, overlapping ones
    /// merged: its pauses (automatic when the device paused by itself) and
    /// the gaps between sessions that no session covers.
    static func stops(of activity: Activity) -> [(interval: DateInterval, automatic: Bool)] {
        var stops: [(interval: DateInterval, automatic: Bool)] = []
        var stoppedBy: ActivityTimerEvent?
        for timer in activity.timerEvents {
            switch timer.kind {
            case .stop where stoppedBy == nil:
                stoppedBy = timer
            case .start:
                if let stop = stoppedBy, timer.date > stop.date { stops.append((DateInterval(start: stop.date, end: timer.date), stop.isAutomatic)) }
                stoppedBy = nil
            default:
                break
            }
        }
        if let stop = stoppedBy, let end = activity.endDate, end > stop.date { stops.append((DateInterval(start: stop.date, end: end), stop.isAutomatic)) }
        for (session, next) in zip(activity.sessions, activity.sessions.dropFirst()) where next.start.timeIntervalSince(session.end) >= 0.5 {
            stops.append((DateInterval(start: session.end, end: next.start), false))
        }
        // Records a device wrote after its last session ended are outside its timer too.
        if let last = activity.sessions.last, let end = activity.endDate, end.timeIntervalSince(last.end) >= 0.5 {
            stops.append((DateInterval(start: last.end, end: end), false))
        }
        stops.sort { $0.interval.start < $1.interval.start }
        stops += silentStops(of: activity, besides: stops.map(\.interval))
        stops.sort { $0.interval.start < $1.interval.start }
        var merged: [(interval: DateInterval, automatic: Bool)] = []
        for stop in stops {
            if let last = merged.last, stop.interval.start <= last.interval.end {
                merged[merged.count - 1] = (DateInterval(start: last.interval.start, end: max(last.interval.end, stop.interval.end)), last.automatic && stop.automatic)
            } else {
                merged.append(stop)
            }
        }
        return merged
    }

    /// Stops a file's timer made without a timer event: a device power-cycled, or paused by itself
    /// without saying so. Where a session's stated timer time is shorter than its span less its known
    /// stops, its longest gaps between records (10 s or more, outside known stops) are taken as stops,
    /// longest first, each in the middle of its gap and shortened to what is left to account for, so the
    /// workout's moving time is the session's timer time.
    static func silentStops(of activity: Activity, besides known: [DateInterval]) -> [(interval: DateInterval, automatic: Bool)] {
        var found: [(interval: DateInterval, automatic: Bool)] = []
        let dates = activity.records.map(\.date).sorted()
        for session in activity.sessions where session.elapsedTime > 0 {
            let span = session.interval
            let stopped = known.reduce(0.0) { $0 + ($1.intersection(with: span)?.duration ?? 0) }
            var excess = span.duration - stopped - session.timerTime
            guard excess >= 1 else { continue }
            let inside = dates.filter { span.contains($0) }
            var gaps = zip(inside, inside.dropFirst()).map { DateInterval(start: $0, end: $1) }
                .filter { gap in gap.duration >= 10 && !known.contains { ($0.intersection(with: gap)?.duration ?? 0) > 0 } }
            gaps.sort { $0.duration > $1.duration }
            for gap in gaps where excess >= 1 {
                // In the middle of the gap: a stop ending at the last record would read as stopped for good, and
                // one starting at the first would start with the workout.
                let length = min(gap.duration, excess)
                found.append((DateInterval(start: gap.start.addingTimeInterval((gap.duration - length) / 2), duration: length), false))
                excess -= length
            }
        }
        return found
    }

    /// The quantity samples of an activity's records and summaries.
    static func samples(of activity: Activity, pauses: [DateInterval], distanceType: HKQuantityType, speedType: HKQuantityType,
                        powerType: HKQuantityType, end: Date) -> [HKSample] {
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let metresPerSecond = HKUnit.meter().unitDivided(by: .second())
        var samples: [HKSample] = []
        samples.reserveCapacity(activity.records.count * 3)
        var sessionIndex = 0
        // Distance: the file's own where it has it, else the geodesic between positions. Steps that end
        // inside a pause or share a time are carried to the next record, so the total is never lost.
        let usesFileDistance = activity.records.contains { $0.distance != nil }
        var lastDistance: Double?
        var lastPosition: (Double, Double)?
        var pendingMeters = 0.0
        var emitted = 0.0
        var lastSampleEnd: Date?
        var lastDistanceSample: Int?
        var previousRecordDate: Date?
        for record in activity.records where record.date <= end {
            while sessionIndex + 1 < activity.sessions.count && activity.sessions[sessionIndex + 1].start <= record.date { sessionIndex += 1 }
            let legDistanceType = activity.sessions.count > 1 ? HKQuantityType(HKWorkout.distanceType(for: activity.sessions[sessionIndex].sport.activityType)) : distanceType
            if let heartRate = record.heartRate, heartRate > 0 {
                samples.append(HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: heartRate), start: record.date, end: record.date))
            }
            if let speed = record.speed, speed >= 0 {
                samples.append(HKQuantitySample(type: speedType, quantity: HKQuantity(unit: metresPerSecond, doubleValue: speed), start: record.date, end: record.date))
            }
            let legSport = activity.sessions.isEmpty ? activity.sport : activity.sessions[sessionIndex].sport
            if let cadence = record.cadence, legSport == .cycling {
                samples.append(HKQuantitySample(type: HKQuantityType(.cyclingCadence), quantity: HKQuantity(unit: bpm, doubleValue: cadence), start: record.date, end: record.date))
            } else if let cadence = record.cadence, cadence >= 0, [.running, .walking, .hiking].contains(legSport) {
                // On foot, cadence is steps, as HealthKit keeps it: the file's strides per minute (half the steps) over the
                // time since the last record (at most 10 s, never across a pause; the second before the first record), so
                // that its cadence reads back exactly.
                let previous = previousRecordDate ?? record.date.addingTimeInterval(-1)
                let since = max(previous, record.date.addingTimeInterval(-10), pauses.last { $0.end <= record.date }?.end ?? previous)
                if record.date > since, !pauses.contains(where: { $0.start < record.date && record.date <= $0.end }) {
                    samples.append(HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: cadence * 2 * record.date.timeIntervalSince(since) / 60),
                                                    start: since, end: record.date))
                }
            }
            previousRecordDate = record.date
            if let power = record.power {
                samples.append(HKQuantitySample(type: powerType, quantity: HKQuantity(unit: .watt(), doubleValue: power), start: record.date, end: record.date))
            }
            if usesFileDistance {
                if let now = record.distance {
                    if let before = lastDistance { pendingMeters += max(0, now - before) }
                    lastDistance = now
                }
            } else if let latitude = record.latitude, let longitude = record.longitude {
                if let (a, b) = lastPosition { pendingMeters += Geodesic.wgs84.distance(latitude1: a, longitude1: b, latitude2: latitude, longitude2: longitude) }
                lastPosition = (latitude, longitude)
            }
            let since = lastSampleEnd ?? record.date
            // Inside a pause, or in a stop that runs to the end (records after the timer stopped for good).
            let inPause = pauses.contains { $0.start < record.date && (record.date < $0.end || $0.end >= end) }
            if pendingMeters > 0, !inPause, record.date > since {
                // After a pause the step counts from the resume, so the builder does not mask it away.
                var start = min(max(since, pauses.last { $0.end <= record.date }?.end ?? since), record.date)
                // A step across days of silence (a damaged clock, a device left on) lasts at most what HealthKit allows a
                // sample of its type: its metres are kept, the sample is not refused.
                if legDistanceType.isMaximumDurationRestricted {
                    start = max(start, record.date.addingTimeInterval(-legDistanceType.maximumAllowedDuration))
                }
                samples.append(HKQuantitySample(type: legDistanceType, quantity: HKQuantity(unit: .meter(), doubleValue: pendingMeters),
                                                start: start, end: record.date))
                lastDistanceSample = samples.count - 1
                emitted += pendingMeters
                pendingMeters = 0
                lastSampleEnd = record.date
            }
            if lastSampleEnd == nil { lastSampleEnd = record.date }
        }
        // Steps after the timer stopped for good, and the rest of the file's total beyond its last record's
        // distance (a device counts to the session's end), join the last step: the workout's total is the file's.
        let declared = activity.sessions.compactMap(\.distance).reduce(0, +)
        var rest = pendingMeters
        if activity.sessions.count == 1, declared - emitted - rest > 0.005 { rest = declared - emitted }
        if rest > 0.005, let index = lastDistanceSample, let last = samples[index] as? HKQuantitySample {
            samples[index] = HKQuantitySample(type: last.quantityType, quantity: HKQuantity(unit: .meter(), doubleValue: last.quantity.doubleValue(for: .meter()) + rest),
                                              start: last.startDate, end: last.endDate)
        }
        // Calories: the sessions' totals where they have them, else the laps', spread over the active time.
        let summaries = activity.sessions.contains { $0.calories != nil } ? activity.sessions : activity.laps
        for summary in summaries {
            guard let calories = summary.calories, calories > 0 else { continue }
            var active: [DateInterval] = [summary.interval]
            for pause in pauses {
                active = active.flatMap { part -> [DateInterval] in
                    guard let overlap = part.intersection(with: pause), overlap.duration > 0 else { return [part] }
                    return [DateInterval(start: part.start, end: overlap.start), DateInterval(start: overlap.end, end: part.end)].filter { $0.duration > 0 }
                }
            }
            active = active.filter { $0.start < end }.map { DateInterval(start: $0.start, end: min($0.end, end)) }
            let total = active.reduce(0) { $0 + $1.duration }
            if total == 0 {
                samples.append(HKQuantitySample(type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: calories),
                                                start: summary.start, end: summary.start))
                continue
            }
            for part in active {
                samples.append(HKQuantitySample(type: HKQuantityType(.activeEnergyBurned),
                                                quantity: HKQuantity(unit: .kilocalorie(), doubleValue: calories * part.duration / total),
                                                start: part.start, end: part.end))
            }
        }
        return samples
    }
}
