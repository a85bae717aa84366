import Foundation
public import OpenHealthKitCore
public import WorkoutFormats
import ScenarioModel

/// Replays a recorded activity file (FIT, TCX, GPX) through a real session,
/// live builder and data source on a virtual clock, as ``ScenarioRunner``
/// replays a scenario.
///
/// The file becomes the readings a watch would have had, at their own times, made by the one computation
/// `workout import` saves (``Activity/healthSamples(pauses:end:)``): heart rate, speed, power, cadence or steps,
/// the file's own distance where it has one (else the geodesic between positions), energy from its calories, and
/// beat-to-beat intervals; its positions draw the route. Its timer's stops (``Activity/timerStops()``) pause and
/// resume the session, its laps are laps, and each session of a multisport file begins a new activity. So the
/// live builder's figures at the end are the imported workout's; the file's own distance is the result's ground truth.
///
/// ```swift
/// let activity = try ActivityFile.read(URL(fileURLWithPath: "ride.fit"))
/// let result = try await ActivityReplay(activity: activity, name: "ride.fit").replay(in: store)
/// print(result.summary)
/// ```
public struct ActivityReplay: Sendable {
    /// The activity to replay.
    public let activity: Activity
    /// A name for the result, such as the file's name.
    public let name: String
    /// The athlete, for energy from heart rate and heart-rate zones; without
    /// one, energy comes only from power.
    public let athlete: AthleteProfile?

    /// A replay of `activity`.
    public init(activity: Activity, name: String, athlete: AthleteProfile? = nil) {
        self.activity = activity.completingSummaries()
        self.name = name
        self.athlete = athlete
    }

    /// The scenario equivalent: activity type, place, start, beat-to-beat intervals.
    var scenario: Scenario {
        var sensors = ScenarioSensors()
        sensors.heartRate?.rrIntervals = !activity.heartbeatIntervals.isEmpty
        return Scenario(name: name, activity: activity.sessions.count > 1 ? .swimBikeRun : activity.sport.activityType,
                        location: activity.records.contains { $0.hasPosition } ? .outdoor : .indoor,
                        start: activity.startDate ?? Date(timeIntervalSince1970: 0), athlete: athlete, sensors: sensors, timeline: [], file: name)
    }

    /// Replays the activity in `store` and summarises the workout.
    ///
    /// - Parameters:
    ///   - pacing: instantly (the default), or some times faster than the ride took.
    ///   - sleep: how paced replays wait.
    ///   - progress: called now and then with the fraction done.
    ///   - savingCollectedData: whether the workout's samples, route and
    ///     heartbeats are saved with it (the default); see
    ///     ``HKLiveWorkoutDataSource/savesCollectedData``.
    public func replay(in store: HKHealthStore, pacing: ScenarioRunner.Pacing = .instant,
                       sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                       progress: (@Sendable (Double) -> Void)? = nil,
                       savingCollectedData: Bool = true) async throws -> ScenarioResult {
        let scenario = scenario
        guard let start = activity.startDate, let end = activity.endDate else {
            throw ActivityFileError(path: name, location: .file, message: "has no records or sessions with a time", hint: "give a recorded activity")
        }
        let clock = VirtualClock(start: start)
        let driver = try await ScenarioWorkout(scenario: scenario, store: store, clock: clock, savingCollectedData: savingCollectedData)

        // What `workout import` saves of the file, the one computation of it: its timer's stops, and its records and
        // summaries as samples (the file's own distance where it has one, speed, power, cadence or steps, energy).
        let stops = activity.timerStops()
        let profile = driver.dataSource.athleteProfile ?? store.energyProfile(at: start).profile
        let samples = activity.healthSamples(pauses: stops.map(\.interval), end: end, energyProfile: profile).compactMap { $0 as? HKQuantitySample }
        // The positions draw the route; distance, speed and climbing come from the file, as they do on import.
        driver.dataSource.derivesMotionFromLocations = false
        // The file's calories are its energy, as on import, or for a file that states none the same estimate import makes.
        driver.dataSource.derivesActiveEnergy = false
        let sampleTypes = Set(samples.map(\.quantityType)).subtracting(driver.dataSource.typesToCollect)
        if !sampleTypes.isEmpty {
            try await store.requestAuthorization(toShare: Set(sampleTypes.map { $0 as HKSampleType }), read: Set(sampleTypes.map { $0 as HKObjectType }))
            for type in sampleTypes { driver.dataSource.enableCollection(for: type, predicate: nil) }
        }

        // The timeline, in time order. At one time, a start, resume or new leg comes before the readings of that time,
        // and a pause, lap or stop after them: a record at the moment the timer stops still counts, as on import.
        var timeline: [TimelineItem] = [TimelineItem(date: start, order: 0, step: .prepare(countdown: 0)), TimelineItem(date: start, order: 0, step: .start)]
        for stop in stops where stop.interval.start > start && stop.interval.start < end {
            timeline.append(TimelineItem(date: stop.interval.start, order: 2, step: .pause))
            if stop.interval.end < end { timeline.append(TimelineItem(date: stop.interval.end, order: 0, step: .resume)) }
        }
        if activity.sessions.count > 1 {
            for session in activity.sessions where session.start < end {
                timeline.append(TimelineItem(date: max(session.start, start), order: 0, step: .activity(session.sport.activityType, scenario.location)))
            }
        }
        // The file's laps (with its own totals), markers and motion pauses, as import saves them, each once it has ended;
        // the session makes the pauses and resumes.
        for event in activity.workoutEvents(stops: stops, end: end) where event.type != .pause && event.type != .resume {
            timeline.append(TimelineItem(date: max(event.dateInterval.end, start), order: 2, event: event))
        }
        timeline.append(TimelineItem(date: end, order: 2, step: .stop))
        timeline.append(TimelineItem(date: end, order: 2, step: .end))
        for record in activity.records where record.date >= start && record.date <= end {
            guard let latitude = record.latitude, let longitude = record.longitude else { continue }
            timeline.append(TimelineItem(date: record.date, order: 1, reading: .location(CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: record.altitude ?? 0, horizontalAccuracy: 5,
                verticalAccuracy: record.altitude == nil ? -1 : 5, course: -1, courseAccuracy: -1, speed: record.speed ?? -1,
                speedAccuracy: record.speed == nil ? -1 : 0.5, timestamp: record.date))))
        }
        for sample in samples where sample.endDate >= start && sample.endDate <= end {
            timeline.append(TimelineItem(date: sample.endDate, order: 1, reading: .quantity(sample)))
        }
        for beat in activity.heartbeatIntervals where beat.date >= start && beat.date <= end {
            timeline.append(TimelineItem(date: beat.date, order: 1, reading: .heartbeat(interval: beat.seconds, date: beat.date)))
        }
        // Stable: items of one time and order keep the order they were added in.
        timeline = timeline.enumerated().sorted { ($0.element.date, $0.element.order, $0.offset) < ($1.element.date, $1.element.order, $1.offset) }.map(\.element)

        var batch: [WorkoutReading] = []
        let readingCount = activity.records.count { $0.date >= start && $0.date <= end }
        var elapsed: TimeInterval = 0
        let duration = max(end.timeIntervalSince(start), 1)
        func deliver() async {
            guard !batch.isEmpty else { return }
            await driver.liveBuilder?.dataSource?.deliver(batch, from: "file")
            batch.removeAll(keepingCapacity: true)
        }
        // At its end the file states its elevation (the device's own count when it has one, as for an import) and
        // its top speed: the builder's metadata wins over what it would derive, so its last figures are the file's.
        let stated = activity.endOfRideMetadata
        // What the file recorded while its timer was stopped (a heart rate during a pause) is kept as import keeps it,
        // added to the builder at the resume: the data source, as a watch's, collects only while running.
        var paused = false
        var heldWhilePaused: [HKSample] = []
        func addHeld() async throws {
            guard !heldWhilePaused.isEmpty else { return heldWhilePaused.removeAll() }
            try await driver.builder.addSamples(heldWhilePaused)
            heldWhilePaused.removeAll()
        }
        for (index, item) in timeline.enumerated() {
            try Task.checkCancellation()
            let offset = item.date.timeIntervalSince(start)
            if case .speed(let factor) = pacing, factor > 0, offset > elapsed {
                await deliver()
                try await sleep(.seconds((offset - elapsed) / factor))
            }
            elapsed = max(elapsed, offset)
            if let step = item.step {
                await deliver()
                if step == .resume || step == .stop { try await addHeld() }
                if step == .pause { paused = true } else if step == .resume { paused = false }
                if step == .stop {
                    await driver.liveBuilder?.dataSource?.flush()
                    if !stated.isEmpty { try await driver.builder.addMetadata(stated) }
                }
                clock.set(to: item.date)
                try await driver.perform(step, at: item.date)
            } else if let event = item.event {
                await deliver()
                clock.set(to: item.date)
                try await driver.builder.addWorkoutEvents([event])
            } else if let reading = item.reading {
                if paused, case .quantity(let sample) = reading {
                    heldWhilePaused.append(sample)
                    continue
                }
                clock.set(to: item.date)
                batch.append(reading)
                if batch.count >= 256 { await deliver() }
            }
            if index % 2_000 == 0 { progress?(min(offset / duration, 1)) }
        }
        await deliver()
        await driver.liveBuilder?.dataSource?.flush()
        progress?(1)
        let run = ScenarioRunner.Run(groundTruthDistance: activity.sessions.compactMap(\.distance).reduce(0, +),
                                     timelineDuration: end.timeIntervalSince(start), clockOffset: 0, statuses: [], readingCount: readingCount)
        let result = await ScenarioResult(scenario: scenario, workout: driver, run: run)
        await driver.abandonIfUnfinished()
        return result
    }
}

/// One thing at one time of a replayed file: a step of the session, an event of the file, or a reading; `order` ranks
/// those of one time.
private struct TimelineItem {
    var date: Date
    var order: Int
    var step: ScenarioStep?
    var reading: WorkoutReading?
    var event: HKWorkoutEvent?

    init(date: Date, order: Int, step: ScenarioStep) {
        self.date = date
        self.order = order
        self.step = step
    }

    init(date: Date, order: Int, event: HKWorkoutEvent) {
        self.date = date
        self.order = order
        self.event = event
    }

    init(date: Date, order: Int, reading: WorkoutReading) {
        self.date = date
        self.order = order
        self.reading = reading
    }
}
