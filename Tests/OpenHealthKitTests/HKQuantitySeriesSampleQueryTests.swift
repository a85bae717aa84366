import Foundation
import PropertyBased
import TestSupport
import Testing
import OpenHealthKit

/// The same readings saved one sample each and as quantity series answer
/// every query alike: quantity for quantity, statistic for statistic.
@Suite(.timeLimit(.minutes(10))) struct HKQuantitySeriesSampleQueryTests {
    struct Reading {
        var start: Double
        var end: Double
        var value: Double
    }

    /// A SplitMix64 stream from a seed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    /// Readings in order of start that never overlap: instants for a discrete
    /// type, intervals (some touching, some apart) for a cumulative one.
    func readings(_ random: inout Random, count: Int, intervals: Bool) -> [Reading] {
        var time = Double(random.below(5000)) + random.unit()
        return (0..<count).map { _ in
            let step = random.below(4) == 0 ? random.unit() * 40 : Double(1 + random.below(3))
            time += step
            let duration = intervals ? (random.below(3) == 0 ? 0 : min(step, Double(random.below(20)) + random.unit())) : 0
            let start = time
            time += duration
            let value = intervals ? Double(random.below(200)) + Double(random.below(7)) / 7 : 40 + Double(random.below(1600)) / 9
            return Reading(start: start, end: start + duration, value: value)
        }
    }

    /// Two stores holding `readings` of `type` in `unit`: one sample each, and
    /// as series cut at random places.
    func stores(_ readings: [Reading], type: HKQuantityType, unit: HKUnit, random: inout Random) async throws -> (HKHealthStore, HKHealthStore) {
        let (plain, _) = try await makeAuthorizedStore([type])
        let (series, _) = try await makeAuthorizedStore([type])
        try await plain.save(readings.map {
            HKQuantitySample(type: type, quantity: HKQuantity(unit: unit, doubleValue: $0.value), start: at($0.start), end: at($0.end))
        })
        var index = 0
        while index < readings.count {
            let length = 1 + random.below(readings.count - index)
            let part = readings[index..<(index + length)]
            let builder = HKQuantitySeriesSampleBuilder(healthStore: series, quantityType: type, startDate: at(part.first!.start), device: nil)
            for reading in part {
                try builder.insert(HKQuantity(unit: unit, doubleValue: reading.value), for: DateInterval(start: at(reading.start), end: at(reading.end)))
            }
            _ = try await builder.finishSeries(metadata: nil)
            index += length
        }
        return (plain, series)
    }

    func quantities(_ type: HKQuantityType, unit: HKUnit, in store: HKHealthStore, predicate: NSPredicate?) async throws -> [[Double]] {
        var result: [[Double]] = []
        for try await entry in HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: type, predicate: predicate)).results(for: store) {
            result.append([entry.dateInterval.start.timeIntervalSince1970, entry.dateInterval.end.timeIntervalSince1970, entry.quantity.doubleValue(for: unit)])
        }
        return result
    }

    func figures(_ statistics: HKStatistics?, unit: HKUnit) -> [Double?] {
        guard let statistics else { return [] }
        return [statistics.startDate.timeIntervalSince1970, statistics.endDate.timeIntervalSince1970,
                statistics.sumQuantity()?.doubleValue(for: unit), statistics.averageQuantity()?.doubleValue(for: unit),
                statistics.minimumQuantity()?.doubleValue(for: unit), statistics.maximumQuantity()?.doubleValue(for: unit),
                statistics.mostRecentQuantity()?.doubleValue(for: unit), statistics.mostRecentQuantityDateInterval()?.start.timeIntervalSince1970]
    }

    func compare(type: HKQuantityType, unit: HKUnit, options: HKStatisticsOptions, seed: UInt64, count: Int) async throws {
        var random = Random(state: seed)
        let readings = readings(&random, count: count, intervals: type.aggregationStyle == .cumulative)
        let (plain, series) = try await stores(readings, type: type, unit: unit, random: &random)
        let first = readings.first!.start, last = readings.last!.end
        let lo = first - 10 + random.unit() * (last - first + 20), hi = lo + random.unit() * (last - first + 20)
        let dateOptions: HKQueryOptions = [[], .strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate]][random.below(4)]
        let window = HKQuery.predicateForSamples(withStart: at(lo), end: at(hi), options: dateOptions)

        for predicate in [nil, window] {
            let expected = try await quantities(type, unit: unit, in: plain, predicate: predicate)
            #expect(try await quantities(type, unit: unit, in: series, predicate: predicate) == expected, "seed \(seed)")
            let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: type, predicate: predicate), options: options)
            let a = figures(try await descriptor.result(for: plain), unit: unit), b = figures(try await descriptor.result(for: series), unit: unit)
            #expect(a == b, "seed \(seed), window \(predicate == nil ? "none" : "\(lo)–\(hi) \(dateOptions.rawValue)")")
        }
        // A bucket grid whose edges fall anywhere, inside series and chunks.
        let minutes = 1 + random.below(30)
        let anchor = at(first - random.unit() * Double(minutes) * 60)
        let collection = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: type), options: options,
                                                               anchorDate: anchor, intervalComponents: DateComponents(minute: minutes))
        let a = try await collection.result(for: plain).statistics().map { figures($0, unit: unit) }
        let b = try await collection.result(for: series).statistics().map { figures($0, unit: unit) }
        #expect(!a.isEmpty)
        #expect(a == b, "seed \(seed), buckets of \(minutes) min")
    }

    @Test func heartRateAsSeriesAnswersAsSamplesDo() async throws {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...1500)) { seed, count in
            let unit = seed % 2 == 0 ? bpm : HKUnit.count().unitDivided(by: .second())
            do {
                try await compare(type: heartRate, unit: unit, options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent], seed: seed, count: count)
            } catch { Issue.record(error, "seed \(seed)") }
        }
    }

    @Test func stepsAsSeriesAnswerAsSamplesDo() async throws {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...1500)) { seed, count in
            do {
                try await compare(type: stepCount, unit: .count(), options: [.cumulativeSum, .mostRecent], seed: seed, count: count)
            } catch { Issue.record(error, "seed \(seed)") }
        }
    }
}
