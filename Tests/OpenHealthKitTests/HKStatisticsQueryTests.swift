import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKStatisticsQueryTests {
    @Test func sumIsClippedToThePredicatesRange() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        try await store.save([steps(100, from: 0, to: 100), steps(50, from: 200, to: 210)])
        let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: stepCount, predicate: HKQuery.predicateForSamples(withStart: at(50), end: at(1000))),
                                                     options: .cumulativeSum)
        let result = try #require(try await descriptor.result(for: store))
        #expect(result.sumQuantity()?.doubleValue(for: .count()) == 100)
        #expect(result.startDate == at(50))
    }

    @Test func separateBySourceKeepsEachSourcesValues() async throws {
        let watch = HKSource(name: "Watch", bundleIdentifier: "com.example.watch")
        let phone = HKSource(name: "Phone", bundleIdentifier: "com.example.phone")
        let (watchStore, path) = try await makeAuthorizedStore([stepCount], source: watch)
        let phoneStore = HKHealthStore(location: .file(path), source: phone)
        try await phoneStore.requestAuthorization(toShare: [stepCount], read: [stepCount])
        try await watchStore.save(steps(100, from: 0, to: 100))
        try await phoneStore.save(steps(300, from: 50, to: 200))
        let query = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: stepCount), options: [.cumulativeSum, .separateBySource])
        // The watch wrote first, so it ranks first: 100 + 300 × 100/150.
        let merged = try #require(try await query.result(for: watchStore))
        #expect(abs(merged.sumQuantity()!.doubleValue(for: .count()) - 300) < 1e-9)
        #expect(merged.sumQuantity(for: phone)?.doubleValue(for: .count()) == 300)
        #expect(Set(merged.sources ?? []) == [watch, phone])
        try await watchStore.setSourcePriority([phone, watch], for: stepCount)
        let reordered = try #require(try await query.result(for: watchStore))
        #expect(abs(reordered.sumQuantity()!.doubleValue(for: .count()) - 350) < 1e-9)
    }

    @Test func handlerQueryReturnsMostRecentAndNilWhenEmpty() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let empty: HKStatistics? = await firstResult { done in
            store.execute(HKStatisticsQuery(quantityType: heartRate, quantitySamplePredicate: nil, options: .mostRecent) { _, result, _ in done(result) })
        }
        #expect(empty == nil)
        try await store.save([heartRateSample(70, at: 0), heartRateSample(90, at: 10)])
        let latest: HKStatistics? = await firstResult { done in
            store.execute(HKStatisticsQuery(quantityType: heartRate, quantitySamplePredicate: nil, options: [.mostRecent, .discreteAverage]) { _, result, _ in done(result) })
        }
        #expect(abs(try #require(latest?.mostRecentQuantity()).doubleValue(for: bpm) - 90) < 1e-9)
        #expect(abs(try #require(latest?.averageQuantity()).doubleValue(for: bpm) - 80) < 1e-9)
        #expect(latest?.maximumQuantity() == nil)
    }

    @Test func descriptorThrowsForAWrongOption() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        await #expect(throws: HKError.self) {
            _ = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .cumulativeSum).result(for: store)
        }
    }

    @Test func handlerQueryTrapsForAWrongOptionAsApplesDoes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let store = HKHealthStore(location: .inMemory)
            store.execute(HKStatisticsQuery(quantityType: HKQuantityType(.heartRate), quantitySamplePredicate: nil, options: .cumulativeSum) { _, _, _ in })
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type HKQuantityTypeIdentifierHeartRate"))
    }
}
