import Foundation
import TestSupport
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKStatisticsCollectionQueryTests {
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test func dailyHeartRateBuckets() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        // Three days of readings: day 0 at 60 and 80, day 2 at 100. Day 1 is empty.
        try await store.save([heartRateSample(60, at: 3600), heartRateSample(80, at: 7200), heartRateSample(100, at: 2 * 86400 + 60)])
        let descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: heartRate),
                                                               options: [.discreteAverage, .discreteMin, .discreteMax],
                                                               anchorDate: at(0), intervalComponents: DateComponents(day: 1))
        let collection = try await descriptor.result(for: store)
        let filled = collection.statistics()
        #expect(filled.count == 2)
        #expect(filled[0].startDate == at(0))
        #expect(filled[0].endDate == at(86400))
        #expect(abs(try #require(filled[0].averageQuantity()).doubleValue(for: bpm) - 70) < 1e-9)
        #expect(abs(try #require(filled[0].minimumQuantity()).doubleValue(for: bpm) - 60) < 1e-9)
        #expect(abs(try #require(filled[1].maximumQuantity()).doubleValue(for: bpm) - 100) < 1e-9)
        #expect(filled[0].sumQuantity() == nil)
        let empty = try #require(collection.statistics(for: at(86400 + 5)))
        #expect(empty.startDate == at(86400))
        #expect(empty.averageQuantity() == nil)
        var visited: [Date] = []
        collection.enumerateStatistics(from: at(0), to: at(2 * 86400)) { statistics, _ in visited.append(statistics.startDate) }
        #expect(visited == [at(0), at(86400), at(2 * 86400)])
    }

    @Test func cumulativeSamplesStraddlingBucketsAreProRated() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        // 1,000 steps from 23:00 to 01:00 across midnight: 500 each side.
        try await store.save(steps(1000, from: 86400 - 3600, to: 86400 + 3600))
        let query = HKStatisticsCollectionQuery(quantityType: stepCount, quantitySamplePredicate: nil, options: .cumulativeSum,
                                                anchorDate: at(0), intervalComponents: DateComponents(day: 1))
        let collection: HKStatisticsCollection? = await firstResult { done in
            query.initialResultsHandler = { _, collection, _ in done(collection) }
            store.execute(query)
        }
        let sums = try #require(collection).statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) }
        #expect(sums == [500, 500])
    }

    @Test func hourlyBucketsRunBackwardsFromTheAnchor() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        try await store.save([heartRateSample(70, at: -1800)])
        let collection = try await HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .discreteAverage,
                                                                          anchorDate: at(0), intervalComponents: DateComponents(hour: 1)).result(for: store)
        #expect(collection.statistics().map(\.startDate) == [at(-3600)])
    }

    @Test func updateHandlerReportsChangedBuckets() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        try await store.save(steps(10, from: 0, to: 60))
        let descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: stepCount), options: .cumulativeSum,
                                                               anchorDate: at(0), intervalComponents: DateComponents(day: 1))
        var iterator = descriptor.results(for: store).makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(first.updatedStatistics == nil)
        #expect(first.statisticsCollection.statistics().first?.sumQuantity()?.doubleValue(for: .count()) == 10)
        try await store.save(steps(5, from: 86400 + 10, to: 86400 + 20))
        let second = try #require(try await iterator.next())
        #expect(second.updatedStatistics?.map(\.startDate) == [at(86400)])
        #expect(second.statisticsCollection.statistics().count == 2)
    }

    @Test func handlerQueryUpdatesAfterASave() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        let query = HKStatisticsCollectionQuery(quantityType: stepCount, quantitySamplePredicate: nil, options: .cumulativeSum,
                                                anchorDate: at(0), intervalComponents: DateComponents(day: 1))
        let updates = AsyncStream<Double>.makeStream()
        query.initialResultsHandler = { _, _, _ in updates.continuation.yield(-1) }
        query.statisticsUpdateHandler = { _, statistics, _, _ in
            updates.continuation.yield(statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0)
        }
        store.execute(query)
        var iterator = updates.stream.makeAsyncIterator()
        #expect(await iterator.next() == -1)
        try await store.save(steps(42, from: 10, to: 20))
        #expect(await iterator.next() == 42)
        store.stop(query)
    }

    @Test func onePassTotalsAgreeWithTheRowCalculator() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        var generator = SplitMix64(seed: 42)
        let samples = (0..<3000).map { i -> HKQuantitySample in
            let t = Double(i) * 97 + Double(generator.next() % 50)
            return heartRateSample(50 + Double(generator.next() % 120), at: t)
        }
        try await store.save(samples)
        func collection(_ options: HKStatisticsOptions) async throws -> [HKStatistics] {
            try await HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: heartRate), options: options,
                                                             anchorDate: at(0), intervalComponents: DateComponents(hour: 6)).result(for: store).statistics()
        }
        // Without mostRecent the one-pass path answers; with it, the row calculator does.
        let fast = try await collection([.discreteAverage, .discreteMin, .discreteMax])
        let rows = try await collection([.discreteAverage, .discreteMin, .discreteMax, .mostRecent])
        #expect(fast.count == rows.count)
        #expect(fast.count > 10)
        for (a, b) in zip(fast, rows) {
            #expect(a.startDate == b.startDate && a.endDate == b.endDate)
            #expect(abs(a.averageQuantity()!.doubleValue(for: bpm) - b.averageQuantity()!.doubleValue(for: bpm)) < 1e-9)
            #expect(a.minimumQuantity() == b.minimumQuantity())
            #expect(a.maximumQuantity() == b.maximumQuantity())
        }
    }

    @Test func cumulativeInstantsAreSummedPerBucket() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        try await store.save([steps(10, from: 100, to: 100), steps(15, from: 86_399, to: 86_399), steps(7, from: 86_400, to: 86_400)])
        let sums = try await HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: stepCount), options: .cumulativeSum,
                                                                    anchorDate: at(0), intervalComponents: DateComponents(day: 1))
            .result(for: store).statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) }
        #expect(sums == [25, 7])
    }
}
