public import Foundation
import HealthKitModel

extension ActivitySummary {
    /// Totals computed from `records` inside `interval`, for files that carry
    /// none (GPX) or lost them (a truncated FIT).
    ///
    /// Distance is the records' own distance where they have one, else the
    /// geodesic length of the track on WGS84; time inside `pauses` is not
    /// timer time; elevation uses 3 m hysteresis; cadence leaves zeros out and
    /// top speed is held over three records, as ``WorkoutFigures`` rules.
    public init(computedFrom records: some BidirectionalCollection<ActivityRecord>, sport: ActivitySport, interval: DateInterval,
                pauses: [DateInterval], trigger: ActivityLapTrigger = .manual) {
        let paused = pauses.reduce(0.0) { $0 + ($1.intersection(with: interval)?.duration ?? 0) }
        self.init(sport: sport, start: interval.start, elapsedTime: interval.duration, timerTime: max(0, interval.duration - paused), trigger: trigger)
        let inside = records.filter { $0.date >= interval.start && $0.date <= interval.end }
        guard !inside.isEmpty else { return }
        let distances = inside.compactMap(\.distance)
        if let last = distances.last {
            // From the last distance before the interval, so consecutive laps add up to their session.
            let baseline = records.last { $0.date <= interval.start && $0.distance != nil }?.distance ?? distances[0]
            distance = last - baseline
        } else {
            var total = 0.0
            var previous: ActivityRecord?
            for record in inside where record.hasPosition {
                if let previous {
                    total += Geodesic.wgs84.distance(latitude1: previous.latitude!, longitude1: previous.longitude!,
                                                     latitude2: record.latitude!, longitude2: record.longitude!)
                }
                previous = record
            }
            if previous != nil { distance = total }
        }
        let heartRates = inside.compactMap(\.heartRate)
        if !heartRates.isEmpty {
            averageHeartRate = heartRates.reduce(0, +) / Double(heartRates.count)
            maximumHeartRate = heartRates.max()
        }
        // Cadence without the zeros of coasting, as devices write it and ``WorkoutFigures`` shows it.
        let cadences = inside.compactMap(\.cadence).filter { $0 > 0 }
        if !cadences.isEmpty { averageCadence = cadences.reduce(0, +) / Double(cadences.count) }
        let powers = inside.compactMap(\.power)
        if !powers.isEmpty {
            averagePower = powers.reduce(0, +) / Double(powers.count)
            maximumPower = powers.max()
        }
        if let distance, timerTime > 0 { averageSpeed = distance / timerTime }
        maximumSpeed = WorkoutFigures.sustainedMaximum(inside.map(\.speed))
        if inside.contains(where: { $0.altitude != nil }) {
            var gain = ElevationGain()
            for record in inside { if let altitude = record.altitude { gain.add(altitude: altitude, at: record.date.timeIntervalSinceReferenceDate) } }
            ascent = gain.ascended
            descent = gain.descended
        }
    }
}

extension Activity {
    /// The activity with a session when it has none (computed from its
    /// records), and a lap for each session that has none.
    public func completingSummaries(sport fallbackSport: ActivitySport = .generic) -> Activity {
        var activity = self
        if activity.sessions.isEmpty, let start = activity.startDate, let end = activity.records.last?.date ?? activity.laps.last?.end {
            if activity.laps.isEmpty {
                activity.sessions = [ActivitySummary(computedFrom: records, sport: fallbackSport, interval: DateInterval(start: start, end: max(start, end)),
                                                     pauses: pauses, trigger: .sessionEnd)]
            } else {
                // Laps without a session (TCX): the session is their sum.
                activity.sessions = [Self.sum(of: activity.laps)]
            }
        }
        if activity.laps.isEmpty {
            activity.laps = activity.sessions.map { session in
                var lap = session
                lap.trigger = .sessionEnd
                return lap
            }
        }
        return activity
    }

    /// The totals of consecutive laps as one summary.
    static func sum(of laps: [ActivitySummary]) -> ActivitySummary {
        let first = laps[0]
        let end = laps.map(\.end).max() ?? first.end
        func total(_ key: KeyPath<ActivitySummary, Double?>) -> Double? {
            let values = laps.compactMap { $0[keyPath: key] }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        func weighted(_ key: KeyPath<ActivitySummary, Double?>) -> Double? {
            let pairs = laps.compactMap { lap in lap[keyPath: key].map { ($0, lap.timerTime) } }
            let time = pairs.reduce(0) { $0 + $1.1 }
            guard !pairs.isEmpty else { return nil }
            return time > 0 ? pairs.reduce(0) { $0 + $1.0 * $1.1 } / time : pairs.map(\.0).reduce(0, +) / Double(pairs.count)
        }
        var summary = ActivitySummary(sport: first.sport, start: first.start, elapsedTime: end.timeIntervalSince(first.start),
                                      timerTime: laps.reduce(0) { $0 + $1.timerTime }, trigger: .sessionEnd)
        summary.distance = total(\.distance)
        summary.calories = total(\.calories)
        summary.ascent = total(\.ascent)
        summary.descent = total(\.descent)
        summary.averageHeartRate = weighted(\.averageHeartRate)
        summary.averageCadence = weighted(\.averageCadence)
        summary.averagePower = weighted(\.averagePower)
        summary.maximumHeartRate = laps.compactMap(\.maximumHeartRate).max()
        summary.maximumSpeed = laps.compactMap(\.maximumSpeed).max()
        summary.maximumPower = laps.compactMap(\.maximumPower).max()
        if let distance = summary.distance, summary.timerTime > 0 { summary.averageSpeed = distance / summary.timerTime }
        return summary
    }
}
