import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKSampleQueryTests {
    /// Samples: A [0, 10], B [10, 20], C [20, 30], D instant at 30, E [25, 40].
    func fixture() async throws -> HKHealthStore {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        try await store.save([steps(1, from: 0, to: 10), steps(2, from: 10, to: 20), steps(3, from: 20, to: 30),
                              steps(4, from: 30, to: 30), steps(5, from: 25, to: 40)])
        return store
    }

    func values(_ store: HKHealthStore, _ predicate: NSPredicate) async throws -> [Double] {
        try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepCount, predicate: predicate)], sortDescriptors: [])
            .result(for: store).map { $0.quantity.doubleValue(for: .count()) }.sorted()
    }

    @Test func dateOptionsFollowApplesRules() async throws {
        let store = try await fixture()
        // No option: end >= 10 and start < 30.
        #expect(try await values(store, HKQuery.predicateForSamples(withStart: at(10), end: at(30))) == [1, 2, 3, 5])
        // Strict start: 10 <= start < 30.
        #expect(try await values(store, HKQuery.predicateForSamples(withStart: at(10), end: at(30), options: .strictStartDate)) == [2, 3, 5])
        // Strict end: 10 <= end < 30.
        #expect(try await values(store, HKQuery.predicateForSamples(withStart: at(10), end: at(30), options: .strictEndDate)) == [1, 2])
        // Both.
        #expect(try await values(store, HKQuery.predicateForSamples(withStart: at(10), end: at(30), options: [.strictStartDate, .strictEndDate])) == [2])
        // Open bounds.
        #expect(try await values(store, HKQuery.predicateForSamples(withStart: at(30), end: nil)) == [3, 4, 5])
        #expect(try await values(store, HKQuery.predicateForSamples(withStart: nil, end: at(10))) == [1])
    }

    @Test func predicatesEvaluateTheSameWayOnObjects() async throws {
        let store = try await fixture()
        let all = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepCount)], sortDescriptors: []).result(for: store)
        let predicate = HKQuery.predicateForSamples(withStart: at(10), end: at(30), options: .strictEndDate)
        #expect(all.filter { predicate.evaluate(with: $0) }.map { $0.quantity.doubleValue(for: .count()) }.sorted() == [1, 2])
    }

    @Test func sortAndLimitWithTheHandlerAPI() async throws {
        let store = try await fixture()
        let newestFirst = NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)
        let samples: [HKSample] = await firstResult { done in
            store.execute(HKSampleQuery(sampleType: stepCount, predicate: nil, limit: 2, sortDescriptors: [newestFirst]) { _, samples, _ in
                done(samples ?? [])
            })
        }
        #expect(samples.map(\.startDate) == [at(30), at(25)])
    }

    @Test func sortByAKeySQLCannotExpressStillLimitsAfterSorting() async throws {
        let store = try await fixture()
        let descriptor = HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepCount)],
                                                 sortDescriptors: [SortDescriptor(\.uuid.uuidString)], limit: 3)
        let sorted = try await descriptor.result(for: store).map(\.uuid.uuidString)
        let everything = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepCount)], sortDescriptors: []).result(for: store)
        #expect(sorted == Array(everything.map(\.uuid.uuidString).sorted().prefix(3)))
    }

    @Test func compoundAndBlockPredicates() async throws {
        let store = try await fixture()
        let window = HKQuery.predicateForSamples(withStart: at(0), end: at(100))
        let big = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 3))
        #expect(try await values(store, NSCompoundPredicate(andPredicateWithSubpredicates: [window, big])) == [3, 4, 5])
        #expect(try await values(store, NSCompoundPredicate(notPredicateWithSubpredicate: big)) == [1, 2])
        let block = NSPredicate { object, _ in ((object as? HKQuantitySample)?.quantity.doubleValue(for: .count()) ?? 0) == 2 }
        #expect(try await values(store, NSCompoundPredicate(orPredicateWithSubpredicates: [block, HKQuery.predicateForSamples(withStart: at(35), end: nil)])) == [2, 5])
    }

    @Test func metadataSourceAndUUIDPredicates() async throws {
        let (store, _) = try await makeAuthorizedStore([stepCount])
        let tagged = HKQuantitySample(type: stepCount, quantity: HKQuantity(unit: .count(), doubleValue: 7), start: at(0), end: at(1),
                                      metadata: [HKMetadataKeyWasUserEntered: true, "lap": 3])
        try await store.save([tagged, steps(8, from: 2, to: 3)])
        #expect(try await values(store, HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered)) == [7])
        #expect(try await values(store, HKQuery.predicateForObjects(withMetadataKey: "lap", operatorType: .greaterThan, value: 2)) == [7])
        #expect(try await values(store, HKQuery.predicateForObjects(withMetadataKey: "lap", allowedValues: [4, 5])) == [])
        #expect(try await values(store, HKQuery.predicateForObject(with: tagged.uuid)) == [7])
        #expect(try await values(store, HKQuery.predicateForObjects(from: store.source)) == [7, 8])
        #expect(try await values(store, HKQuery.predicateForObjects(from: HKSource(name: "x", bundleIdentifier: "x"))) == [])
    }
}
