import Foundation
public import OpenHealthKitCore
public import WorkoutFormats

extension Activity {
    /// The activity of a stored workout, ready to write as FIT, TCX or GPX.
    ///
    /// Records are taken at every route location and at every heart-rate,
    /// cadence, power, speed and distance sample: the position, altitude and
    /// speed of the fix, the heart rate, cadence and power at that time, and the
    /// distance covered so far (the sum of the workout's distance samples). A
    /// recorded workout's record takes each sensor's latest value of the five
    /// seconds before, as sensors report at their own times; an imported
    /// workout's record takes only the values at its own time, so the file
    /// comes back as it was. Pauses become timer stops and starts (automatic
    /// when the workout marks them as motion pauses), records inside a pause
    /// are kept, lap events become laps, each activity of a
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
            try await store.quantitySamples(HKQuantityType(identifier), predicate: predicate)
        }
        let distanceIdentifiers = Set([workout.workoutActivityType] + workout.workoutActivities.map(\.workoutConfiguration.activityType))
            .map(HKWorkout.distanceType(for:))
        var distances: [HKQuantitySample] = []
        for identifier in Set(distanceIdentifiers) { distances += try await samples(identifier) }
        distances.sort { $0.endDate < $1.endDate }
        let heartRates = try await samples(.heartRate)
        let cadences = try await samples(.cyclingCadence)
        // A run's cadence is kept as HealthKit keeps it, as steps over an interval: strides per minute at the
        // interval's end (half the steps per minute, as FIT and TCX write running cadence).
        let strides = try await samples(.stepCount).compactMap { sample -> Reading? in
            let seconds = sample.endDate.timeIntervalSince(sample.startDate)
            return seconds > 0 ? Reading(date: sample.endDate, value: sample.quantity.doubleValue(for: .count()) / seconds * 30) : nil
        }.sorted { $0.date < $1.date }
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

        // Every date a record is taken at: a position, or any sample of the record's fields. A device may
        // write two records at one time: a date holds as many records as its most repeated stream has there.
        var locationsByDate: [Date: [CLLocation]] = [:]
        for location in locations { locationsByDate[location.timestamp, default: []].append(location) }
        var multiplicity: [Date: Int] = locationsByDate.mapValues(\.count)
        for stream in [heartRates, cadences, powers, speeds] {
            var counts: [Date: Int] = [:]
            for sample in stream { counts[sample.startDate, default: 0] += 1 }
            multiplicity.merge(counts, uniquingKeysWith: max)
        }
        for sample in distances where multiplicity[sample.endDate] == nil { multiplicity[sample.endDate] = 1 }
        // An imported workout gives each record exactly the values its file had at that time; a recorded
        // one, whose sensors report at their own times, fills a record with each sensor's latest value.
        let carry: TimeInterval? = workout.metadata?[ActivityImporter.importedFileKey] == nil ? 5 : nil
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let metresPerSecond = HKUnit.meter().unitDivided(by: .second())
        var heartRateCursor = Cursor(samples: heartRates, unit: bpm, carry: carry)
        var cadenceCursor = Cursor(readings: cadences.isEmpty ? strides : Reading.of(cadences, unit: bpm), carry: carry)
        var powerCursor = Cursor(samples: powers.sorted { $0.startDate < $1.startDate }, unit: .watt(), carry: carry)
        var speedCursor = Cursor(samples: speeds, unit: metresPerSecond, carry: carry)
        var distanceIndex = 0
        var covered = 0.0
        var records: [ActivityRecord] = []
        records.reserveCapacity(multiplicity.count)
        // Records inside a pause are kept: a device writes some as its timer stops and starts.
        for date in multiplicity.keys.sorted() where date >= workout.startDate && date <= workout.endDate {
            while distanceIndex < distances.count && distances[distanceIndex].endDate <= date {
                // Only the part outside pauses counts, as in the workout's own total.
                let sample = distances[distanceIndex]
                covered += sample.quantity.doubleValue(for: .meter()) * activeFraction(sample.startDate, sample.endDate)
                distanceIndex += 1
            }
            let here = locationsByDate[date] ?? []
            let heartRate = heartRateCursor.values(at: date), cadence = cadenceCursor.values(at: date)
            let power = powerCursor.values(at: date), speed = speedCursor.values(at: date)
            for index in 0..<multiplicity[date]! {
                var record = ActivityRecord(date: date)
                if index < here.count {
                    let location = here[index]
                    record.latitude = location.coordinate.latitude
                    record.longitude = location.coordinate.longitude
                    if location.verticalAccuracy >= 0 { record.altitude = location.altitude }
                    if location.speed >= 0 { record.speed = location.speed }
                }
                record.heartRate = heartRate.value(index)
                record.cadence = cadence.value(index)
                record.power = power.value(index)
                if let value = speed.value(index) { record.speed = value }
                if !distances.isEmpty { record.distance = covered }
                records.append(record)
            }
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
        let legs: [(HKWorkoutActivityType, DateInterval, [HKQuantityType: HKStatistics], [String: Any]?)] = workout.workoutActivities.isEmpty
            ? [(workout.workoutActivityType, DateInterval(start: workout.startDate, end: workout.endDate), workout.allStatistics, nil)]
            : workout.workoutActivities.map { ($0.workoutConfiguration.activityType, DateInterval(start: $0.startDate, end: $0.endDate ?? workout.endDate), $0.allStatistics, $0.metadata) }
        for (type, interval, statistics, legMetadata) in legs {
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
            // A leg's own climbing (a device's per-session count, or the recorder's for the leg) wins, as the workout's does.
            if let ascent = legMetadata?[HKMetadataKeyElevationAscended] as? HKQuantity { summary.ascent = ascent.doubleValue(for: .meter()) }
            if let descent = legMetadata?[HKMetadataKeyElevationDescended] as? HKQuantity { summary.descent = descent.doubleValue(for: .meter()) }
            // The training figures the file stated, as its device computed them.
            let stated = (workout.workoutActivities.isEmpty ? workout.metadata : legMetadata)?[OpenHealthKitMetadataKeyStatedTraining] as? String
            summary.training = stated.flatMap(ActivityTrainingFigures.init(metadataValue:))
            if workout.workoutActivities.isEmpty {
                summary.timerTime = workout.duration
                if let ascent = workout.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity { summary.ascent = ascent.doubleValue(for: .meter()) }
                if let descent = workout.metadata?[HKMetadataKeyElevationDescended] as? HKQuantity { summary.descent = descent.doubleValue(for: .meter()) }
                // A recorder's top speed comes from the fixes its gates accepted, not from a settling receiver's noise.
                if let top = workout.metadata?[HKMetadataKeyMaximumSpeed] as? HKQuantity { summary.maximumSpeed = top.doubleValue(for: metresPerSecond) }
            }
            if let distance = summary.distance, summary.timerTime > 0 { summary.averageSpeed = distance / summary.timerTime }
            sessions.append(summary)
        }
        // Laps: the lap events. A recorded workout gets laps added where its laps leave part of a session
        // uncovered (a device's laps always cover the session, and readers sum them); an imported one keeps
        // exactly the file's laps, with the file's own totals.
        let imported = workout.metadata?[ActivityImporter.importedFileKey] != nil
        let lapEvents = events.filter { $0.type == .lap && $0.dateInterval.duration > 0 }.sorted { $0.dateInterval.start < $1.dateInterval.start }
        var lapIntervals = lapEvents.map(\.dateInterval)
        if !imported { lapIntervals = LapCover.intervals(laps: lapIntervals, sessions: legs.map(\.1)) }
        var laps: [ActivitySummary] = []
        for interval in lapIntervals {
            let leg = legs.last { $0.1.start <= interval.start } ?? legs[0]
            var lap = ActivitySummary(computedFrom: records, sport: ActivitySport(leg.0), interval: interval, pauses: pauses)
            lap.calories = energy(in: interval)
            if let totals = lapEvents.first(where: { $0.dateInterval == interval })?.metadata {
                if let distance = totals[OpenHealthKitMetadataKeyLapDistance] as? HKQuantity { lap.distance = distance.doubleValue(for: .meter()) }
                if let time = totals[OpenHealthKitMetadataKeyLapTimerTime] as? HKQuantity { lap.timerTime = time.doubleValue(for: .second()) }
                if let energy = totals[OpenHealthKitMetadataKeyLapEnergy] as? HKQuantity { lap.calories = energy.doubleValue(for: .kilocalorie()) }
                if let distance = lap.distance, lap.timerTime > 0 { lap.averageSpeed = distance / lap.timerTime }
            }
            laps.append(lap)
        }
        self.init(records: records, timerEvents: timers, laps: laps, sessions: sessions, heartbeatIntervals: intervals,
                  creator: ActivityCreator(device: workout.device) ?? (imported ? ActivityCreator(named: workout.device) : nil) ?? .openHealthKit)
        // A recorded route's altitudes are the receiver's; an imported one's are what its file said.
        elevationSource = (workout.metadata?[OpenHealthKitMetadataKeyElevationSource] as? String).flatMap(ActivityElevationSource.init(rawValue:))
            ?? (imported || locations.isEmpty ? .unknown : .gps)
        timeZone = (workout.metadata?[HKMetadataKeyTimeZone] as? String).flatMap(TimeZone.init(identifier:))
        name = workout.metadata?[OpenHealthKitMetadataKeyWorkoutName] as? String
        notes = workout.metadata?[OpenHealthKitMetadataKeyWorkoutNotes] as? String
        averageTemperature = (workout.metadata?[HKMetadataKeyWeatherTemperature] as? HKQuantity)?.doubleValue(for: .degreeCelsius())
        sensors = (workout.metadata?[OpenHealthKitMetadataKeySensors] as? String).map(ActivitySensor.sensors(metadataValue:)) ?? []
        // The person's markers; a device's changes of state are markers too, but not the person's.
        markers = events.filter { $0.type == .marker && $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] == nil }
            .map { ActivityMarker(date: $0.dateInterval.start, name: $0.metadata?[OpenHealthKitMetadataKeyEventName] as? String) }
        self = completingSummaries(sport: ActivitySport(workout.workoutActivityType))
    }

    /// Walks time-sorted samples, giving the values of the samples at a date,
    /// or, with `carry`, the latest value no older than `carry` seconds.
    /// One reading of a stream: a sample's value at its start, or a value derived at a time.
    private struct Reading {
        var date: Date
        var value: Double

        static func of(_ samples: [HKQuantitySample], unit: HKUnit) -> [Reading] {
            samples.map { Reading(date: $0.startDate, value: $0.quantity.doubleValue(for: unit)) }
        }
    }

    private struct Cursor {
        let readings: [Reading]
        let carry: TimeInterval?
        var index = 0

        init(readings: [Reading], carry: TimeInterval?) {
            self.readings = readings
            self.carry = carry
        }

        init(samples: [HKQuantitySample], unit: HKUnit, carry: TimeInterval?) {
            self.init(readings: Reading.of(samples, unit: unit), carry: carry)
        }

        /// The values of one date, for the records taken there.
        struct Values {
            var exact: [Double]
            var carried: Double?
            /// The value of the date's `index`-th record.
            func value(_ index: Int) -> Double? { index < exact.count ? exact[index] : carried }
        }

        mutating func values(at date: Date) -> Values {
            while index < readings.count && readings[index].date < date { index += 1 }
            var exact: [Double] = []
            var end = index
            while end < readings.count && readings[end].date == date {
                exact.append(readings[end].value)
                end += 1
            }
            guard let carry else { return Values(exact: exact) }
            if let last = exact.last { return Values(exact: exact, carried: last) }
            guard index > 0, date.timeIntervalSince(readings[index - 1].date) <= carry else { return Values(exact: []) }
            return Values(exact: [], carried: readings[index - 1].value)
        }
    }

    private static func routeLocations(of workout: HKWorkout, in store: HKHealthStore) async throws -> [CLLocation] {
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        var locations: [CLLocation] = []
        for case let route as HKWorkoutRoute in routes {
            locations += try await HKWorkoutRouteQueryDescriptor(route).result(for: store)
        }
        return locations.sorted { $0.timestamp < $1.timestamp }
    }

    private static func heartbeatIntervals(of workout: HKWorkout, in store: HKHealthStore) async throws -> [ActivityHeartbeatInterval] {
        let series = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.heartbeat(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        var intervals: [ActivityHeartbeatInterval] = []
        for case let sample as HKHeartbeatSeriesSample in series {
            var beats: [HKHeartbeatSeriesQueryDescriptor.Result] = []
            for try await beat in HKHeartbeatSeriesQueryDescriptor(sample).results(for: store) { beats.append(beat) }
            for index in beats.indices.dropFirst() where !beats[index].precededByGap {
                intervals.append(ActivityHeartbeatInterval(date: sample.startDate.addingTimeInterval(beats[index].timeSinceSeriesStart),
                                                           seconds: beats[index].timeSinceSeriesStart - beats[index - 1].timeSinceSeriesStart))
            }
        }
        return intervals
    }
}
