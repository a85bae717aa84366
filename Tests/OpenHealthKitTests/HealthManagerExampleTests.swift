import Foundation
import Testing
import OpenHealthKit

/// Code in the style of Apple's HealthKit samples, unchanged but for the import:
/// authorization, saving step and heart-rate samples, statistics queries with
/// callbacks, a sample query descriptor and a daily statistics collection.
final class HealthManager: @unchecked Sendable {
    let healthStore: HKHealthStore

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
    }

    func requestAuthorization() async throws {
        guard HKHealthStore.isHealthDataAvailable() else { return }
        let typesToShare: Set = [HKQuantityType(.stepCount), HKQuantityType(.heartRate)]
        let typesToRead: Set = [HKQuantityType(.stepCount), HKQuantityType(.heartRate)]
        try await healthStore.requestAuthorization(toShare: typesToShare, read: typesToRead)
    }

    func saveSteps(_ count: Double, start: Date, end: Date) async throws {
        let quantity = HKQuantity(unit: .count(), doubleValue: count)
        let sample = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: quantity, start: start, end: end)
        try await healthStore.save(sample)
    }

    func saveHeartRate(_ bpm: Double, at date: Date) async throws {
        let unit = HKUnit.count().unitDivided(by: HKUnit.minute())
        let sample = HKQuantitySample(type: HKQuantityType(.heartRate),
                                      quantity: HKQuantity(unit: unit, doubleValue: bpm), start: date, end: date)
        try await healthStore.save(sample)
    }

    func fetchStepCount(from start: Date, to end: Date, completion: @escaping @Sendable (Double) -> Void) {
        guard let stepType = HKQuantityType.quantityType(forIdentifier: .stepCount) else { return }
        let predicate = HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        let query = HKStatisticsQuery(quantityType: stepType, quantitySamplePredicate: predicate, options: .cumulativeSum) { _, result, _ in
            guard let result = result, let sum = result.sumQuantity() else {
                completion(0.0)
                return
            }
            completion(sum.doubleValue(for: HKUnit.count()))
        }
        healthStore.execute(query)
    }

    func fetchAverageHeartRate(completion: @escaping @Sendable (Double?) -> Void) {
        let query = HKStatisticsQuery(quantityType: HKQuantityType(.heartRate), quantitySamplePredicate: nil, options: .discreteAverage) { _, result, error in
            completion(result?.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")))
        }
        healthStore.execute(query)
    }

    func latestHeartRates(limit: Int) async throws -> [Double] {
        let descriptor = HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRate))],
                                                 sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: limit)
        let results = try await descriptor.result(for: healthStore)
        return results.map { $0.quantity.doubleValue(for: HKUnit(from: "count/min")) }
    }

    func dailySteps(from start: Date, to end: Date) async throws -> [(Date, Double)] {
        let calendar = Calendar(identifier: .gregorian)
        let anchor = calendar.startOfDay(for: start)
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: HKQuantityType(.stepCount), predicate: HKQuery.predicateForSamples(withStart: start, end: end)),
            options: .cumulativeSum, anchorDate: anchor, intervalComponents: DateComponents(day: 1))
        let collection = try await descriptor.result(for: healthStore)
        var days: [(Date, Double)] = []
        collection.enumerateStatistics(from: start, to: end) { statistics, _ in
            days.append((statistics.startDate, statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0))
        }
        return days
    }
}

@Suite(.timeLimit(.minutes(10))) struct HealthManagerExampleTests {
    @Test func appleStyleManagerReturnsTheRightNumbers() async throws {
        let (store, _) = makeTemporaryStore()
        let manager = HealthManager(healthStore: store)
        try await manager.requestAuthorization()
        let calendar = Calendar(identifier: .gregorian)
        let day = calendar.startOfDay(for: at(0))
        let next = calendar.date(byAdding: .day, value: 1, to: day)!
        try await manager.saveSteps(1200, start: day.addingTimeInterval(3600), end: day.addingTimeInterval(7200))
        try await manager.saveSteps(800, start: next.addingTimeInterval(3600), end: next.addingTimeInterval(5400))
        for (index, value) in [62.0, 75, 88].enumerated() {
            try await manager.saveHeartRate(value, at: day.addingTimeInterval(Double(index) * 60))
        }

        let firstDay: Double = await firstResult { done in manager.fetchStepCount(from: day, to: next, completion: done) }
        #expect(firstDay == 1200)
        let average: Double? = await firstResult { done in manager.fetchAverageHeartRate(completion: done) }
        #expect(abs((average ?? 0) - 75) < 1e-9)
        #expect(try await manager.latestHeartRates(limit: 2).map { $0.rounded() } == [88, 75])
        let daily = try await manager.dailySteps(from: day, to: next.addingTimeInterval(86399))
        #expect(daily.map(\.1) == [1200, 800])
        #expect(daily.map(\.0) == [day, next])
    }
}
