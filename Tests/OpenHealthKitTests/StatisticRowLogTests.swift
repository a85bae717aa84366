import Foundation
import PropertyBased
import Testing
@testable import OpenHealthKitCore

@Suite(.timeLimit(.minutes(10))) struct StatisticRowLogTests {
    /// Rows from a seed: mostly a regular 1 Hz series with noisy values, with
    /// special doubles, jumps in time, intervals and other sources mixed in.
    func rows(seed: UInt64, count: Int) -> [StatisticRow] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -1e-300, 1e300]
        var time = 1_709_251_200.0 + Double(next() % 1000) / 7
        return (0..<count).map { _ in
            let roll = next() % 100
            time += roll < 90 ? 1 : roll < 95 ? Double(next() % 10_000) / 1000 : Double(bitPattern: next() >> 12)  // tiny or odd steps
            let start = roll == 99 ? specials[Int(next() % UInt64(specials.count))] : time
            let end = roll % 3 == 0 ? start + Double(next() % 5) : start
            let value = switch next() % 10 {
            case 0: specials[Int(next() % UInt64(specials.count))]
            case 1, 2: Double(bitPattern: next())
            case 3...6: Double(120 + next() % 60)
            default: Double(next() % 100_000) / 9973
            }
            return StatisticRow(start: start, end: end, value: value, source: roll == 42 ? Int32(truncatingIfNeeded: next()) : 0,
                                count: roll == 17 ? Int32(truncatingIfNeeded: next()) : 1)
        }
    }

    func sameBits(_ a: StatisticRow, _ b: StatisticRow) -> Bool {
        a.start.bitPattern == b.start.bitPattern && a.end.bitPattern == b.end.bitPattern && a.value.bitPattern == b.value.bitPattern
            && a.source == b.source && a.count == b.count
    }

    @Test func everyRowReadsBackBitForBitAcrossBlocks() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 0...(3 * StatisticRowLog.blockSize + 17))) { seed, count in
            let original = rows(seed: seed, count: count)
            var log = StatisticRowLog()
            for row in original { log.append(row) }
            #expect(log.count == original.count)
            let decoded = log.rows
            #expect(decoded.count == original.count)
            #expect(zip(decoded, original).allSatisfy(sameBits))
        }
    }

    @Test func aDayOfHeartRateTakesAFewBytesARow() {
        var log = StatisticRowLog()
        let start = 1_709_251_200.0
        for second in 0..<86_400 {
            let t = start + Double(second)
            log.append(StatisticRow(start: t, end: t, value: Double(120 + (second / 7) % 50), source: 0))
        }
        let sealed = 86_400 / StatisticRowLog.blockSize * StatisticRowLog.blockSize
        let bytesPerRow = Double(log.compressedBytes) / Double(sealed)
        #expect(bytesPerRow < 3, "\(bytesPerRow) bytes a row")
        #expect(log.rows.last?.value == Double(120 + (86_399 / 7) % 50))
    }

    @Test func aPauseAddedAfterRowsWereSealedStillMasksThem() async throws {
        let distance = HKQuantityType(.distanceWalkingRunning)
        let (store, _) = try await makeAuthorizedStore([heartRate, distance, HKWorkoutType()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil, clock: VirtualClock(start: at(0)))
        try await builder.beginCollection(at: at(0))
        let seconds = 3 * StatisticRowLog.blockSize
        var samples: [HKSample] = []
        for second in 0..<seconds {
            samples.append(heartRateSample(100 + Double(second % 80), at: Double(second) + 0.5))
            samples.append(HKQuantitySample(type: distance, quantity: HKQuantity(unit: .meter(), doubleValue: 2.5 + Double(second % 3) / 10),
                                            start: at(Double(second)), end: at(Double(second + 1))))
        }
        try await builder.addSamples(samples)
        // Seconds 1000 to 2000 paused, long after those rows were sealed.
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(1000), duration: 0), metadata: nil),
                                            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(2000), duration: 0), metadata: nil)])
        let active = (0..<seconds).filter { $0 < 1000 || $0 >= 2000 }
        let expectedDistance = active.reduce(0.0) { $0 + 2.5 + Double($1 % 3) / 10 }
        let expectedHeartRate = active.reduce(0.0) { $0 + 100 + Double($1 % 80) } / Double(active.count)
        let sum = try #require(builder.statistics(for: distance)?.sumQuantity()).doubleValue(for: .meter())
        let average = try #require(builder.statistics(for: heartRate)?.averageQuantity()).doubleValue(for: bpm)
        #expect(abs(sum - expectedDistance) < 1e-6)
        #expect(abs(average - expectedHeartRate) < 1e-9)
        #expect(builder.sampleCounts[heartRate] == seconds)
    }
}
