import Foundation
import PropertyBased
import Testing
@testable import OpenHealthKitCore

/// The statistics engine, driven directly: no builder, no lock, no store.
@Suite struct WorkoutStatisticsTests {
    let energy = HKQuantityType(.activeEnergyBurned)

    /// `rows` of `type`, as one group.
    func groups(_ rows: [(HKQuantityType, StatisticRow)]) -> TypedRows.Groups {
        var groups = TypedRows.Groups()
        for (type, row) in rows { groups.append(row, of: type) }
        return groups
    }

    /// Whether two statistics agree: the same values to 1e-9, the same most
    /// recent value, and the same end unless `ends` is false (a type's
    /// statistics run to the end of the last batch that held it).
    func agree(_ a: HKStatistics?, _ b: HKStatistics?, ends: Bool = true) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        let pairs = [(a.merged.sum, b.merged.sum), (a.merged.average, b.merged.average), (a.merged.minimum, b.merged.minimum),
                     (a.merged.maximum, b.merged.maximum), (a.merged.mostRecent, b.merged.mostRecent)]
        return pairs.allSatisfy { x, y in (x == nil) == (y == nil) && abs((x ?? 0) - (y ?? 0)) < 1e-9 } && (!ends || a.endDate == b.endDate)
    }

    @Test func instantsInsideAPauseAreLeftOut() {
        var statistics = WorkoutStatistics()
        var span = WorkoutSpan(start: at(0), end: nil, events: [])
        span.events = [HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(10), duration: 0), metadata: nil),
                       HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(20), duration: 0), metadata: nil)]
        let rows = [5.0, 15, 25].map { (heartRate, StatisticRow(heartRateSample($0 == 15 ? 200 : 100, at: $0))) }
        #expect(statistics.count(groups(rows), over: span, now: at(30)) == [heartRate])
        let heart = statistics.current[heartRate]
        #expect(heart?.merged.maximum.map { $0 * 60 } == 100, "the 200 bpm reading inside the pause does not count")
        #expect(heart?.endDate == at(30))
    }

    @Test func anIntervalAcrossAPauseCountsItsActivePart() {
        var statistics = WorkoutStatistics()
        let span = WorkoutSpan(start: at(0), end: nil, events: [
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(10), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(20), duration: 0), metadata: nil),
        ])
        let row = StatisticRow(start: at(5).timeIntervalSince1970, end: at(25).timeIntervalSince1970, value: 20, source: 0, count: 1)
        _ = statistics.count(groups([(energy, row)]), over: span, now: at(30))
        #expect(abs((statistics.current[energy]?.merged.sum ?? 0) - 10) < 1e-9, "10 of the interval's 20 seconds are active")
    }

    /// For any rows, pauses and resumes, counted in any batches, the statistics
    /// kept current equal a full recompute from every row after each batch,
    /// and after collection ends.
    @Test func anyInterleavingEqualsAFullRecompute() async {
        let steps = Gen.int(in: 0...9999).array(of: 1...120)
        await propertyCheck(count: 200, input: steps, Gen.int(in: 1...16)) { codes, batchSize in
            var statistics = WorkoutStatistics()
            var span = WorkoutSpan(start: at(0), end: nil, events: [])
            var pending: [(HKQuantityType, StatisticRow)] = []
            var time = 0.0, paused = false
            func countPending() {
                guard !pending.isEmpty else { return }
                let changed = statistics.count(groups(pending), over: span, now: at(time))
                pending = []
                let full = statistics.recomputed(Set(statistics.rows.keys), over: span, now: at(time))
                for type in [heartRate, energy] {
                    #expect(agree(statistics.current[type], full[type], ends: changed.contains(type)), "\(type) after \(codes), batches of \(batchSize)")
                }
            }
            for code in codes {
                time += Double(code % 5 + 1)
                if code % 13 == 0 {
                    countPending()
                    // A pause or resume now, or (every third one) back in time, before rows already counted.
                    let date = code % 3 == 0 ? max(0, time - Double(code % 7)) : time
                    let event = HKWorkoutEvent(type: paused ? .resume : .pause, dateInterval: DateInterval(start: at(date), duration: 0), metadata: nil)
                    span.events.append(event)
                    span.events.sort { $0.dateInterval.start < $1.dateInterval.start }
                    paused.toggle()
                    statistics.eventsAdded([event], over: span, now: at(time))
                    let full = statistics.recomputed(Set(statistics.rows.keys), over: span, now: at(time))
                    for type in [heartRate, energy] {
                        #expect(agree(statistics.current[type], full[type]), "\(type) after an event at \(date), \(codes)")
                    }
                    continue
                }
                if code % 3 == 0 {
                    let start = max(0, time - Double(code % 17 + 1))
                    pending.append((energy, StatisticRow(start: at(start).timeIntervalSince1970, end: at(time).timeIntervalSince1970,
                                                         value: Double(code % 50) / 10, source: 0, count: 1)))
                } else {
                    pending.append((heartRate, StatisticRow(heartRateSample(Double(60 + code % 120), at: time))))
                }
                if pending.count >= batchSize { countPending() }
            }
            countPending()
            span.end = at(time + 1)
            statistics.collectionEnded(over: span)
            let full = statistics.recomputed(Set(statistics.rows.keys), over: span, now: at(time + 1))
            for type in [heartRate, energy] {
                #expect(agree(statistics.current[type], full[type]), "\(type) once ended, after \(codes)")
            }
        }
    }
}
