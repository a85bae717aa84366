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

        // Events: pauses (automatic ones as motion pauses too), laps with the file's totals, and markers.
        let stops = activity.timerStops()
        let events = activity.workoutEvents(stops: stops, end: end)
        if !events.isEmpty { try await builder.addWorkoutEvents(events) }
        if activity.sessions.count > 1 {
            for session in activity.sessions {
                let legConfiguration = HKWorkoutConfiguration()
                legConfiguration.activityType = session.sport.activityType
                legConfiguration.locationType = configuration.locationType
                // The session's own climbing (a barometric device's count) is the leg's, as a single session's is the workout's.
                var legMetadata: [String: Any] = [:]
                if let ascent = session.ascent { legMetadata[HKMetadataKeyElevationAscended] = HKQuantity(unit: .meter(), doubleValue: ascent) }
                if let descent = session.descent { legMetadata[HKMetadataKeyElevationDescended] = HKQuantity(unit: .meter(), doubleValue: descent) }
                if let training = session.training, !training.isEmpty { legMetadata[OpenHealthKitMetadataKeyStatedTraining] = training.metadataValue }
                try await builder.addWorkoutActivity(HKWorkoutActivity(workoutConfiguration: legConfiguration, start: session.start,
                                                                       end: min(session.end, end), metadata: legMetadata.isEmpty ? nil : legMetadata))
            }
        }

        let pauses = stops.map(\.interval)
        // A file that states no calories gets the models' estimate, as its replay does: against the athlete's figures, else the store's.
        let samples = activity.healthSamples(pauses: pauses, end: end, energyProfile: athleteProfile ?? store.energyProfile(at: start).profile)
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
        // What the device computed of the training (NP, TSS, IF), kept to be shown beside ours.
        if activity.sessions.count == 1, let training = activity.sessions[0].training, !training.isEmpty {
            metadata[OpenHealthKitMetadataKeyStatedTraining] = training.metadataValue
        }
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
        metadata[OpenHealthKitMetadataKeyBestEfforts] = WorkoutEfforts(activity: activity, timeline: timeline).metadataValue
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
}
