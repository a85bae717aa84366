import Foundation
public import OpenHealthKitCore
public import WorkoutFormats
import ScenarioModel

/// Replays a recorded activity file (FIT, TCX, GPX) through a real session,
/// live builder and data source on a virtual clock, as ``ScenarioRunner``
/// replays a scenario.
///
/// The file's records become the readings a watch would have had (positions
/// with their speed and altitude, heart rate, power, cadence, beat-to-beat
/// intervals) at their own times; its timer stops and starts pause and resume
/// the session, its laps are laps, and each session of a multisport file
/// begins a new activity. The live builder computes distance, energy and
/// statistics from those readings, so the replay shows what this library
/// makes of the ride; the file's own distance is the result's ground truth.
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

        // The timeline: actions at their times, in order; readings at their records' times.
        var actions: [(Date, ScenarioStep)] = [(start, .prepare(countdown: 0)), (start, .start)]
        // Devices repeat timer events (a start while running); only changes pause or resume.
        var paused = false
        for event in activity.timerEvents where event.date > start && event.date < end && (event.kind == .stop) != paused {
            paused.toggle()
            actions.append((event.date, paused ? .pause : .resume))
        }
        if activity.sessions.count > 1 {
            for session in activity.sessions where session.start < end {
                actions.append((max(session.start, start), .activity(session.sport.activityType, scenario.location)))
            }
        }
        for (index, lap) in activity.laps.enumerated() where index + 1 < activity.laps.count && lap.end > start && lap.end < end {
            actions.append((lap.end, .lap))
        }
        actions.append((end, .stop))
        actions.append((end, .end))
        // In time order; actions at the same time keep the order they were added in.
        actions = actions.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)

        let bpm = HKUnit.count().unitDivided(by: .minute())
        var beats = activity.heartbeatIntervals[...]
        var next = actions[...]
        var batch: [WorkoutReading] = []
        var readingCount = 0
        var elapsed: TimeInterval = 0
        let duration = max(end.timeIntervalSince(start), 1)
        func deliver() async {
            guard !batch.isEmpty else { return }
            await driver.liveBuilder?.dataSource?.deliver(batch, from: "file")
            batch.removeAll(keepingCapacity: true)
        }
        func perform(until date: Date, inclusive: Bool) async throws {
            while let (when, step) = next.first, inclusive ? when <= date : when < date {
                next.removeFirst()
                await deliver()
                clock.set(to: when)
                try await driver.perform(step, at: when)
            }
        }
        for (index, record) in activity.records.enumerated() where record.date >= start && record.date <= end {
            try Task.checkCancellation()
            try await perform(until: record.date, inclusive: false)
            let offset = record.date.timeIntervalSince(start)
            if case .speed(let factor) = pacing, factor > 0, offset > elapsed {
                await deliver()
                try await sleep(.seconds((offset - elapsed) / factor))
            }
            elapsed = max(elapsed, offset)
            clock.set(to: record.date)
            if let latitude = record.latitude, let longitude = record.longitude {
                batch.append(.location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
                                                  altitude: record.altitude ?? 0, horizontalAccuracy: 5,
                                                  verticalAccuracy: record.altitude == nil ? -1 : 5, course: -1, courseAccuracy: -1,
                                                  speed: record.speed ?? -1, speedAccuracy: record.speed == nil ? -1 : 0.5, timestamp: record.date)))
            }
            if let heartRate = record.heartRate, heartRate > 0 {
                batch.append(.quantity(HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: heartRate),
                                                        start: record.date, end: record.date)))
            }
            if let power = record.power {
                let type = HKQuantityType(activity.sport == .cycling ? .cyclingPower : .runningPower)
                batch.append(.quantity(HKQuantitySample(type: type, quantity: HKQuantity(unit: .watt(), doubleValue: power), start: record.date, end: record.date)))
            }
            if let cadence = record.cadence, activity.sport == .cycling {
                batch.append(.quantity(HKQuantitySample(type: HKQuantityType(.cyclingCadence), quantity: HKQuantity(unit: bpm, doubleValue: cadence),
                                                        start: record.date, end: record.date)))
            }
            while let beat = beats.first, beat.date <= record.date {
                batch.append(.heartbeat(interval: beat.seconds, date: beat.date))
                beats.removeFirst()
            }
            readingCount += 1
            if batch.count >= 256 { await deliver() }
            if index % 900 == 0 { progress?(min(offset / duration, 1)) }
        }
        await deliver()
        // Elevation is the device's own count when the file states one, as for an import: the builder's own
        // metadata wins over what it derives from the positions' altitudes.
        let stated = activity.statedElevationMetadata
        if !stated.isEmpty { try await driver.builder.addMetadata(stated) }
        try await perform(until: end, inclusive: true)
        await driver.liveBuilder?.dataSource?.flush()
        progress?(1)
        let run = ScenarioRunner.Run(groundTruthDistance: activity.sessions.compactMap(\.distance).reduce(0, +),
                                     timelineDuration: end.timeIntervalSince(start), clockOffset: 0, statuses: [], readingCount: readingCount)
        let result = await ScenarioResult(scenario: scenario, workout: driver, run: run)
        await driver.abandonIfUnfinished()
        return result
    }
}
