public import Foundation
public import HealthKitModel

// The one computation of what an activity's timer and records are as HealthKit data: `workout import` saves it,
// `workout replay` feeds it to the live builder, so a file replays as it imports.
extension Activity {
    /// When the activity's timer was stopped, oldest first, overlapping ones
    /// merged: its pauses (automatic when the device paused by itself) and
    /// the gaps between sessions that no session covers.
    public func timerStops() -> [(interval: DateInterval, automatic: Bool)] {
        var stops: [(interval: DateInterval, automatic: Bool)] = []
        var stoppedBy: ActivityTimerEvent?
        for timer in timerEvents {
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
        if let stop = stoppedBy, let end = endDate, end > stop.date { stops.append((DateInterval(start: stop.date, end: end), stop.isAutomatic)) }
        for (session, next) in zip(sessions, sessions.dropFirst()) where next.start.timeIntervalSince(session.end) >= 0.5 {
            stops.append((DateInterval(start: session.end, end: next.start), false))
        }
        // Records a device wrote after its last session ended are outside its timer too.
        if let last = sessions.last, let end = endDate, end.timeIntervalSince(last.end) >= 0.5 {
            stops.append((DateInterval(start: last.end, end: end), false))
        }
        stops.sort { $0.interval.start < $1.interval.start }
        stops += silentStops(besides: stops.map(\.interval))
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
    func silentStops(besides known: [DateInterval]) -> [(interval: DateInterval, automatic: Bool)] {
        var found: [(interval: DateInterval, automatic: Bool)] = []
        let dates = records.map(\.date).sorted()
        for session in sessions where session.elapsedTime > 0 {
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

    /// The HealthKit samples of the activity's records and summaries, as `workout import` saves them and `workout replay`
    /// feeds them to the live builder: heart rate, speed, power and cadence at each record (a run's cadence as step
    /// counts since the record before); distance between records (the file's own distance where it has one, else the
    /// geodesic between positions), never inside `pauses` (``timerStops()``), the file's total kept; energy from the
    /// sessions' or laps' calories, spread over their active time, or for a file that states none the models' estimate
    /// over its records outside the pauses (``EnergyEstimator``: power, else heart rate and speed with `energyProfile`).
    /// Nothing after `end`.
    public func healthSamples(pauses: [DateInterval], end: Date, energyProfile: AthleteProfile? = nil) -> [HKSample] {
        let activity = self
        let distanceType = HKQuantityType(HKWorkout.distanceType(for: sport.activityType))
        let speedType = HKQuantityType(sport == .cycling ? .cyclingSpeed : .runningSpeed)
        let powerType = HKQuantityType(sport == .cycling ? .cyclingPower : .runningPower)
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
                if record.date > since, !Self.ends(at: record.date, inside: pauses) {
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
        // Calories: the sessions' totals where they have them, else the laps', spread over the active time; else the estimate.
        let summaries = activity.sessions.contains { $0.calories != nil } ? activity.sessions : activity.laps
        if !summaries.contains(where: { ($0.calories ?? 0) > 0 }) {
            samples += estimatedEnergy(pauses: pauses, end: end, profile: energyProfile)
        }
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

    /// Whether something ending at `date` ends inside one of `pauses` (after its start, up to its resume): the steps and
    /// the energy of such an interval were made while paused.
    private static func ends(at date: Date, inside pauses: [DateInterval]) -> Bool {
        pauses.contains { $0.start < date && date <= $0.end }
    }

    /// Active energy the models estimate over the records (``EnergyEstimator``), each leg by its sport's METs,
    /// leaving out intervals that end inside a pause: for a file that states no calories.
    private func estimatedEnergy(pauses: [DateInterval], end: Date, profile: AthleteProfile?) -> [HKSample] {
        var estimator = EnergyEstimator(activityType: sport.activityType, profile: profile)
        var samples: [HKSample] = []
        var sessionIndex = 0
        for record in records where record.date <= end {
            while sessionIndex + 1 < sessions.count && sessions[sessionIndex + 1].start <= record.date { sessionIndex += 1 }
            if sessions.count > 1 { estimator.activityType = sessions[sessionIndex].sport.activityType }
            let intervals = [record.heartRate.flatMap { $0 > 0 ? estimator.heartRate($0, at: record.date) : nil },
                             record.power.flatMap { $0.isFinite && $0 >= 0 ? estimator.power($0, at: record.date) : nil },
                             record.speed.flatMap { $0.isFinite ? estimator.speed($0, at: record.date) : nil }]
            for case let interval? in intervals where interval.activeKilocalories > 0 && !Self.ends(at: interval.end, inside: pauses) {
                samples.append(HKQuantitySample(type: HKQuantityType(.activeEnergyBurned),
                                                quantity: HKQuantity(unit: .kilocalorie(), doubleValue: interval.activeKilocalories),
                                                start: interval.start, end: interval.end))
            }
        }
        return samples
    }

    /// The workout events of the activity, as `workout import` saves them and `workout replay` adds them: a pause and
    /// a resume for each of `stops` (the activity's ``timerStops()``, worked out once by the caller) that begins after
    /// the start and before `end`
    /// (automatic ones as motion pauses too; time between two sessions that neither covers is a stop too, so the active
    /// time is the file's timer time); each lap with the file's own totals (timer time, distance, energy), unless the
    /// laps are only the sessions; and the markers.
    public func workoutEvents(stops: [(interval: DateInterval, automatic: Bool)], end: Date) -> [HKWorkoutEvent] {
        guard let start = startDate else { return [] }
        var events: [HKWorkoutEvent] = []
        for stop in stops where stop.interval.start > start && stop.interval.start < end {
            let at = { (date: Date) in DateInterval(start: date, duration: 0) }
            events.append(HKWorkoutEvent(type: .pause, dateInterval: at(stop.interval.start), metadata: nil))
            if stop.automatic { events.append(HKWorkoutEvent(type: .motionPaused, dateInterval: at(stop.interval.start), metadata: nil)) }
            guard stop.interval.end < end else { continue }
            events.append(HKWorkoutEvent(type: .resume, dateInterval: at(stop.interval.end), metadata: nil))
            if stop.automatic { events.append(HKWorkoutEvent(type: .motionResumed, dateInterval: at(stop.interval.end), metadata: nil)) }
        }
        let sessionLaps = laps.count == sessions.count && laps.allSatisfy { $0.trigger == .sessionEnd }
        if !sessionLaps {
            // Each lap keeps the file's own totals, so it leaves as it came.
            for lap in laps where lap.elapsedTime > 0 {
                var totals: [String: Any] = [OpenHealthKitMetadataKeyLapTimerTime: HKQuantity(unit: .second(), doubleValue: lap.timerTime)]
                if let distance = lap.distance { totals[OpenHealthKitMetadataKeyLapDistance] = HKQuantity(unit: .meter(), doubleValue: distance) }
                if let calories = lap.calories { totals[OpenHealthKitMetadataKeyLapEnergy] = HKQuantity(unit: .kilocalorie(), doubleValue: calories) }
                events.append(HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lap.start, end: min(lap.end, end)), metadata: totals))
            }
        }
        for marker in markers where marker.date >= start && marker.date <= end {
            events.append(HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: marker.date, duration: 0),
                                         metadata: marker.name.map { [OpenHealthKitMetadataKeyEventName: $0] }))
        }
        return events
    }
}
