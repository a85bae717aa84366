import Foundation
public import OpenHealthKit

extension Activity {
    /// The activity of a stored workout, ready to write as FIT, TCX or GPX.
    ///
    /// Records are taken at every route location and heart-rate sample: the
    /// position and speed of the fix, the latest heart rate, cadence and power
    /// of the five seconds before, and the distance covered so far (the sum of
    /// the workout's distance samples). Pauses become timer stops and starts
    /// (automatic when the workout marks them as motion pauses), nothing is
    /// recorded inside a pause, lap events become laps, each activity of a
    /// multisport workout becomes a session with its own totals, and the
    /// heartbeat series gives the beat-to-beat intervals.
    ///
    /// ```swift
    /// let activity = try await Activity(workout: workout, in: store)
    /// try ActivityFile.write(activity, as: .fit, to: URL(fileURLWithPath: "ride.fit"))
    /// ```
    public init(workout: HKWorkout, in store: HKHealthStore) async throws {
        let predicate = HKQuery.predicateForObjects(from: workout)
        func samples(_ identifier: HKQuantityTypeIdentifier) async throws -> [HKQuantitySample] {
            try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(identifier), predicate: predicate)],
                                              sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        }
        let distanceIdentifiers = Set([workout.workoutActivityType] + workout.workoutActivities.map(\.workoutConfiguration.activityType))
            .map(HKWorkout.distanceType(for:))
        var distances: [HKQuantitySample] = []
        for identifier in Set(distanceIdentifiers) { distances += try await samples(identifier) }
        distances.sort { $0.endDate < $1.endDate }
        let heartRates = try await samples(.heartRate)
        let cadences = try await samples(.cyclingCadence)
        let powers = try await samples(.cyclingPower) + (try await samples(.runningPower))
        let speeds = try await samples(workout.workoutActivityType == .cycling ? .cyclingSpeed : .runningSpeed)
        let energies = try await samples(.activeEnergyBurned)
        let locations = try await Self.routeLocations(of: workout, in: store)
        let intervals = try await Self.heartbeatIntervals(of: workout, in: store)

        let events = workout.workoutEvents ?? []
        var timers: [ActivityTimerEvent] = [ActivityTimerEvent(.start, at: workout.startDate)]
        for event in events where event.type == .pause || event.type == .resume {
            let automatic = events.contains { ($0.type == .motionPaused || $0.type == .motionResumed) && $0.dateInterval.start == event.dateInterval.start }
            timers.append(ActivityTimerEvent(event.type == .pause ? .stop : .start, at: event.dateInterval.start, isAutomatic: automatic))
        }
        if timers.last?.kind == .start { timers.append(ActivityTimerEvent(.stop, at: workout.endDate)) }
        let partial = Activity(timerEvents: timers)
        let pauses = partial.pauses
        func paused(_ date: Date) -> Bool { pauses.contains { $0.start < date && date < $0.end } }
        func activeFraction(_ start: Date, _ end: Date) -> Double {
            guard end > start else { return paused(start) ? 0 : 1 }
            let span = DateInterval(start: start, end: end)
            let inPauses = pauses.reduce(0.0) { $0 + ($1.intersection(with: span)?.duration ?? 0) }
            return max(0, 1 - inPauses / span.duration)
        }

        // Every date a record is taken at.
        var locationsByDate: [Date: CLLocation] = [:]
        for location in locations { locationsByDate[location.timestamp] = location }
        var dates = Set(locations.map(\.timestamp))
        for sample in heartRates { dates.insert(sample.startDate) }
        if dates.isEmpty { for sample in distances { dates.insert(sample.endDate) } }
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let metresPerSecond = HKUnit.meter().unitDivided(by: .second())
        var heartRateCursor = Cursor(samples: heartRates), cadenceCursor = Cursor(samples: cadences)
        var powerCursor = Cursor(samples: powers.sorted { $0.startDate < $1.startDate }), speedCursor = Cursor(samples: speeds)
        var distanceIndex = 0
        var covered = 0.0
        var records: [ActivityRecord] = []
        records.reserveCapacity(dates.count)
        for date in dates.sorted() where date >= workout.startDate && date <= workout.endDate && !paused(date) {
            while distanceIndex < distances.count && distances[distanceIndex].endDate <= date {
                // Only the part outside pauses counts, as in the workout's own total.
                let sample = distances[distanceIndex]
                covered += sample.quantity.doubleValue(for: .meter()) * activeFraction(sample.startDate, sample.endDate)
                distanceIndex += 1
            }
            var record = ActivityRecord(date: date)
            if let location = locationsByDate[date] {
                record.latitude = location.coordinate.latitude
                record.longitude = location.coordinate.longitude
                if location.verticalAccuracy >= 0 { record.altitude = location.altitude }
                if location.speed >= 0 { record.speed = location.speed }
            }
            record.heartRate = heartRateCursor.value(at: date, unit: bpm)
            record.cadence = cadenceCursor.value(at: date, unit: bpm)
            record.power = powerCursor.value(at: date, unit: .watt())
            if record.speed == nil { record.speed = speedCursor.value(at: date, unit: metresPerSecond) }
            if !distances.isEmpty { record.distance = covered }
            records.append(record)
        }

        func energy(in interval: DateInterval) -> Double? {
            guard !energies.isEmpty else { return nil }
            return energies.reduce(0.0) { total, sample in
                let span = DateInterval(start: sample.startDate, end: max(sample.startDate, sample.endDate))
                let kilocalories = sample.quantity.doubleValue(for: .kilocalorie())
                guard span.duration > 0 else { return interval.contains(span.start) ? total + kilocalories : total }
                return total + kilocalories * (span.intersection(with: interval)?.duration ?? 0) / span.duration
            }
        }

        // Sessions: the workout's activities (multisport), else the workout.
        var sessions: [ActivitySummary] = []
        let legs: [(HKWorkoutActivityType, DateInterval, [HKQuantityType: HKStatistics])] = workout.workoutActivities.isEmpty
            ? [(workout.workoutActivityType, DateInterval(start: workout.startDate, end: workout.endDate), workout.allStatistics)]
            : workout.workoutActivities.map { ($0.workoutConfiguration.activityType, DateInterval(start: $0.startDate, end: $0.endDate ?? workout.endDate), $0.allStatistics) }
        for (type, interval, statistics) in legs {
            var summary = ActivitySummary(computedFrom: records, sport: ActivitySport(type), interval: interval, pauses: pauses, trigger: .sessionEnd)
            // The workout's own totals win over what the records give.
            if let meters = statistics[HKQuantityType(HKWorkout.distanceType(for: type))]?.sumQuantity()?.doubleValue(for: .meter()) {
                summary.distance = meters
            }
            summary.calories = statistics[HKQuantityType(.activeEnergyBurned)]?.sumQuantity()?.doubleValue(for: .kilocalorie()) ?? energy(in: interval)
            if let heartRate = statistics[HKQuantityType(.heartRate)] {
                summary.averageHeartRate = heartRate.averageQuantity()?.doubleValue(for: bpm) ?? summary.averageHeartRate
                summary.maximumHeartRate = heartRate.maximumQuantity()?.doubleValue(for: bpm) ?? summary.maximumHeartRate
            }
            if workout.workoutActivities.isEmpty {
                summary.timerTime = workout.duration
                if let ascent = workout.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity { summary.ascent = ascent.doubleValue(for: .meter()) }
                if let descent = workout.metadata?[HKMetadataKeyElevationDescended] as? HKQuantity { summary.descent = descent.doubleValue(for: .meter()) }
                if let top = workout.metadata?[HKMetadataKeyMaximumSpeed] as? HKQuantity { summary.maximumSpeed = top.doubleValue(for: metresPerSecond) }
            }
            if let distance = summary.distance, summary.timerTime > 0 { summary.averageSpeed = distance / summary.timerTime }
            sessions.append(summary)
        }
        // Laps: the lap events, with laps added where they leave part of a session uncovered
        // (a device's laps always cover the session, and readers sum them).
        var lapIntervals = events.filter { $0.type == .lap && $0.dateInterval.duration > 0 }.map(\.dateInterval).sorted { $0.start < $1.start }
        if !lapIntervals.isEmpty {
            var covered: [DateInterval] = []
            for (_, interval, _) in legs {
                var cursor = interval.start
                for lap in lapIntervals where lap.start >= interval.start && lap.start < interval.end {
                    if lap.start.timeIntervalSince(cursor) > 1 { covered.append(DateInterval(start: cursor, end: lap.start)) }
                    covered.append(DateInterval(start: max(lap.start, cursor), end: min(max(lap.end, cursor), interval.end)))
                    cursor = min(max(lap.end, cursor), interval.end)
                }
                if interval.end.timeIntervalSince(cursor) > 1 { covered.append(DateInterval(start: cursor, end: interval.end)) }
            }
            lapIntervals = covered.filter { $0.duration > 0 }
        }
        var laps: [ActivitySummary] = []
        for interval in lapIntervals {
            let leg = legs.last { $0.1.start <= interval.start } ?? legs[0]
            var lap = ActivitySummary(computedFrom: records, sport: ActivitySport(leg.0), interval: interval, pauses: pauses)
            lap.calories = energy(in: interval)
            laps.append(lap)
        }
        self.init(records: records, timerEvents: timers, laps: laps, sessions: sessions, heartbeatIntervals: intervals,
                  creator: ActivityCreator.openHealthKit)
        self = completingSummaries(sport: ActivitySport(workout.workoutActivityType))
    }

    /// Walks time-sorted samples, giving the latest value no older than five seconds.
    private struct Cursor {
        let samples: [HKQuantitySample]
        var index = 0
        init(samples: [HKQuantitySample]) { self.samples = samples }

        mutating func value(at date: Date, unit: HKUnit) -> Double? {
            while index + 1 < samples.count && samples[index + 1].startDate <= date { index += 1 }
            guard index < samples.count, samples[index].startDate <= date, date.timeIntervalSince(samples[index].startDate) <= 5 else { return nil }
            return samples[index].quantity.doubleValue(for: unit)
        }
    }

    private static func routeLocations(of workout: HKWorkout, in store: HKHealthStore) async throws -> [CLLocation] {
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        var locations: [CLLocation] = []
        for case let route as HKWorkoutRoute in routes {
            locations += try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[CLLocation], any Error>) in
                let collected = LockedArray<CLLocation>()
                store.execute(HKWorkoutRouteQuery(route: route) { _, batch, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    collected.append(contentsOf: batch ?? [])
                    if done { continuation.resume(returning: collected.values) }
                })
            }
        }
        return locations.sorted { $0.timestamp < $1.timestamp }
    }

    private static func heartbeatIntervals(of workout: HKWorkout, in store: HKHealthStore) async throws -> [ActivityHeartbeatInterval] {
        let series = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.heartbeat(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        var intervals: [ActivityHeartbeatInterval] = []
        for case let sample as HKHeartbeatSeriesSample in series {
            let beats = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[(TimeInterval, Bool)], any Error>) in
                let collected = LockedArray<(TimeInterval, Bool)>()
                store.execute(HKHeartbeatSeriesQuery(heartbeatSeries: sample) { _, time, gap, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    collected.append(contentsOf: [(time, gap)])
                    if done { continuation.resume(returning: collected.values) }
                })
            }
            for index in beats.indices.dropFirst() where !beats[index].1 {
                intervals.append(ActivityHeartbeatInterval(date: sample.startDate.addingTimeInterval(beats[index].0),
                                                           seconds: beats[index].0 - beats[index - 1].0))
            }
        }
        return intervals
    }
}

/// An array appended to from query callbacks.
final class LockedArray<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element] = []
    func append(contentsOf elements: [Element]) { lock.withLock { storage += elements } }
    var values: [Element] { lock.withLock { storage } }
}
