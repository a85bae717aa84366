import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKQuantitySeriesSampleBuilderTests {
    func builder(_ store: HKHealthStore, _ type: HKQuantityType = heartRate, from seconds: Double = 0) -> HKQuantitySeriesSampleBuilder {
        HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: type, startDate: at(seconds), device: nil)
    }

    func code(_ error: any Error) -> HKError.Code? { (error as? HKError)?.code }

    @Test func aThousandReadingsBecomeOneSampleThatSummarisesThem() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        let values = (0..<1000).map { Double(100 + ($0 * 37) % 80) }
        for (second, value) in values.enumerated() {
            try series.insert(HKQuantity(unit: bpm, doubleValue: value), at: at(Double(second)))
        }
        let finished = try await series.finishSeries(metadata: ["session": "intervals"])
        #expect(finished.count == 1)
        let sample = try #require(finished.first as? HKDiscreteQuantitySample)
        #expect(sample.count == 1000)
        #expect(sample.startDate == at(0))
        #expect(sample.endDate == at(999))

        let stored = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store)
        #expect(stored.count == 1)
        let read = try #require(stored.first as? HKDiscreteQuantitySample)
        #expect(read.uuid == sample.uuid)
        #expect(read.count == 1000)
        #expect(read.metadata?["session"] as? String == "intervals")
        #expect(read.minimumQuantity.doubleValue(for: bpm) == values.min()!)
        #expect(read.maximumQuantity.doubleValue(for: bpm) == values.max()!)
        #expect(abs(read.averageQuantity.doubleValue(for: bpm) - values.reduce(0, +) / 1000) < 1e-9)
        #expect(read.mostRecentQuantity.doubleValue(for: bpm) == values.last!)
        #expect(read.quantity.doubleValue(for: bpm) == values.last!)
        #expect(read.mostRecentQuantityDateInterval == DateInterval(start: at(999), end: at(999)))

        var quantities: [(Double, DateInterval)] = []
        for try await result in HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: heartRate)).results(for: store) {
            quantities.append((result.quantity.doubleValue(for: bpm), result.dateInterval))
            #expect(result.sample == nil)
        }
        #expect(quantities.map(\.0) == values)
        #expect(quantities.map(\.1.start) == (0..<1000).map { at(Double($0)) })
    }

    @Test func aQuantityWithThePreviousStartReplacesIt() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        try series.insert(HKQuantity(unit: bpm, doubleValue: 120), at: at(0))
        try series.insert(HKQuantity(unit: bpm, doubleValue: 121), at: at(1))
        try series.insert(HKQuantity(unit: bpm, doubleValue: 150), at: at(1))
        let sample = try #require(try await series.finishSeries(metadata: nil).first as? HKDiscreteQuantitySample)
        #expect(sample.count == 2)
        #expect(sample.maximumQuantity.doubleValue(for: bpm) == 150)
        #expect(sample.minimumQuantity.doubleValue(for: bpm) == 120)
    }

    @Test func outOfOrderOverlappingAndEarlyQuantitiesAreRefused() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        let series = builder(store, stepCount, from: 10)
        let five = HKQuantity(unit: .count(), doubleValue: 5)
        try series.insert(five, for: DateInterval(start: at(20), end: at(30)))
        #expect(throws: HKError.self) { try series.insert(five, at: at(5)) }               // before the start date
        #expect(throws: HKError.self) { try series.insert(five, at: at(15)) }              // before the previous quantity
        #expect(throws: HKError.self) { try series.insert(five, for: DateInterval(start: at(25), end: at(35))) } // inside it
        #expect(throws: HKError.self) { try series.insert(HKQuantity(unit: bpm, doubleValue: 5), at: at(40)) }   // a rate is no count
        #expect(throws: HKError.self) { try series.insert(HKQuantity(unit: .count(), doubleValue: .nan), at: at(40)) }
        try series.insert(five, for: DateInterval(start: at(30), end: at(40)))             // touching is fine
        do {
            _ = try await series.finishSeries(metadata: nil, endDate: at(35))
            Issue.record("an end before the last quantity's end was accepted")
        } catch { #expect(code(error) == .errorInvalidArgument) }
        let sample = try #require(try await series.finishSeries(metadata: nil, endDate: at(60)).first as? HKCumulativeQuantitySample)
        #expect(sample.count == 2)
        #expect(sample.sumQuantity.doubleValue(for: .count()) == 10)
        #expect(sample.startDate == at(10))
        #expect(sample.endDate == at(60))
        #expect(throws: HKError.self) { try series.insert(five, at: at(70)) }               // finished
        do {
            _ = try await series.finishSeries(metadata: nil)
            Issue.record("a series was finished twice")
        } catch { #expect(code(error) == .errorInvalidArgument) }
    }

    @Test func anEmptySeriesHasNoDataAndADiscardedOneSavesNothing() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let empty = builder(store)
        do {
            _ = try await empty.finishSeries(metadata: nil)
            Issue.record("an empty series was saved")
        } catch { #expect(code(error) == .errorNoData) }

        let discarded = builder(store)
        try discarded.insert(HKQuantity(unit: bpm, doubleValue: 120), at: at(0))
        discarded.discard()
        #expect(throws: HKError.self) { try discarded.insert(HKQuantity(unit: bpm, doubleValue: 120), at: at(1)) }
        do {
            _ = try await discarded.finishSeries(metadata: nil)
            Issue.record("a discarded series was saved")
        } catch { #expect(code(error) == .errorInvalidArgument) }
        #expect(try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store).isEmpty)
    }

    @Test func oneQuantityMakesAPlainSample() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        try series.insert(HKQuantity(unit: bpm, doubleValue: 120), at: at(3))
        let sample = try #require(try await series.finishSeries(metadata: nil).first)
        #expect(sample.count == 1)
        #expect(sample.quantity.doubleValue(for: bpm) == 120)
    }

    @Test func deletingASeriesDeletesItsValues() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        for second in 0..<2000 { try series.insert(HKQuantity(unit: bpm, doubleValue: 130), at: at(Double(second))) }
        let sample = try #require(try await series.finishSeries(metadata: nil).first)
        try await store.delete(sample)
        var left = 0
        for try await _ in HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: heartRate)).results(for: store) { left += 1 }
        #expect(left == 0)
        let statistics = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .discreteAverage).result(for: store)
        #expect(statistics?.averageQuantity() == nil)
    }

    @Test func theHandlerFormGivesEveryQuantityAndSaysWhenItIsDone() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        for second in 0..<700 { try series.insert(HKQuantity(unit: bpm, doubleValue: Double(second % 90 + 90)), at: at(Double(second))) }
        let sample = try #require(try await series.finishSeries(metadata: nil).first)
        try await store.save(heartRateSample(77, at: 5000))
        let calls = await withCheckedContinuation { (continuation: CheckedContinuation<[(Double, UUID?, Bool)], Never>) in
            let collected = LockedList<(Double, UUID?, Bool)>()
            let query = HKQuantitySeriesSampleQuery(quantityType: heartRate, predicate: nil) { _, quantity, _, owner, done, _ in
                if let quantity { collected.append((quantity.doubleValue(for: bpm), owner?.uuid, done)) }
                if done { continuation.resume(returning: collected.items) }
            }
            query.includeSample = true
            store.execute(query)
        }
        #expect(calls.count == 701)
        #expect(calls.prefix(700).allSatisfy { $0.1 == sample.uuid && !$0.2 })
        #expect(calls.last?.0 == 77)
        #expect(calls.last?.2 == true)
    }
}

/// A list appended to from a query's handler.
final class LockedList<Element>: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var storage: [Element] = []
    func append(_ item: Element) { lock.withLock { storage.append(item) } }
    var items: [Element] { lock.withLock { storage } }
}

extension HKQuantitySeriesSampleBuilderTests {
    @Test func aSeriesLastsNoLongerThanASampleOfItsTypeMay() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        try series.insert(HKQuantity(unit: bpm, doubleValue: 120), at: at(0))
        #expect(throws: HKError.self) { try series.insert(HKQuantity(unit: bpm, doubleValue: 120), at: at(400_000)) }
        // The builder goes on from where it was.
        try series.insert(HKQuantity(unit: bpm, doubleValue: 121), at: at(1))
        #expect(try await series.finishSeries(metadata: nil).first?.count == 2)
    }
}

extension HKQuantitySeriesSampleBuilderTests {
    /// Anchored queries and sources see a series as the one sample it is, and its deletion once.
    @Test func anchoredQueriesReportASeriesOnceAndItsDeletion() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let series = builder(store)
        for second in 0..<1500 { try series.insert(HKQuantity(unit: bpm, doubleValue: Double(110 + second % 40)), at: at(Double(second))) }
        let sample = try #require(try await series.finishSeries(metadata: nil).first)
        let added = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: nil).result(for: store)
        #expect(added.addedSamples.map(\.uuid) == [sample.uuid])
        #expect(added.addedSamples.first?.count == 1500)
        let sources: Set<HKSource>? = await firstResult { done in
            store.execute(HKSourceQuery(sampleType: heartRate, samplePredicate: nil) { _, sources, _ in done(sources) })
        }
        #expect(sources?.map(\.bundleIdentifier) == ["org.openhealthkit.tests"])
        try await store.delete(sample)
        let deleted = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: added.newAnchor).result(for: store)
        #expect(deleted.addedSamples.isEmpty)
        #expect(deleted.deletedObjects.map(\.uuid) == [sample.uuid])
    }
}
