import Benchmark
import BenchmarkSupport
import Foundation
import OpenHealthKit

/// Targets from the store's performance goals:
/// - batched save of 1,000,000 heart-rate samples: at least 300,000 samples/s;
/// - daily statistics over a year of per-minute heart rate (525,600 samples): under 150 ms;
/// - a one-day sample query with sorting: under 10 ms.
/// Every store of this run in one folder, removed when the run exits.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-bench-\(UUID().uuidString)")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: Smoke.iterations(10_000))

    let bpm = HKUnit.count().unitDivided(by: .minute())
    let heartRate = HKQuantityType(.heartRate)
    let start = Date(timeIntervalSince1970: 1_704_067_200) // 2024-01-01T00:00:00Z

    atexit { try? FileManager.default.removeItem(at: scratch) }

    func temporaryStore() -> HKHealthStore {
        let path = scratch.appendingPathComponent("\(UUID().uuidString)/health.sqlite").path
        return HKHealthStore(location: .file(path), source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
    }

    func perMinuteHeartRate(count: Int) -> [HKQuantitySample] {
        (0..<count).map { i in
            let t = start.addingTimeInterval(Double(i) * 60)
            return HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 60 + Double(i % 90)), start: t, end: t)
        }
    }

    Benchmark("Batched save of 1,000,000 heart-rate samples",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], scalingFactor: .mega, maxIterations: Smoke.iterations(3))) { benchmark in
        let samples = perMinuteHeartRate(count: Smoke.size(1_000_000, smoke: 10_000))
        let store = temporaryStore()
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        benchmark.startMeasurement()
        try await store.save(samples)
        benchmark.stopMeasurement()
    }

    // One year of per-minute heart rate, saved once and shared by the read benchmarks.
    let yearStore = temporaryStore()
    let loaded = Task {
        try await yearStore.requestAuthorization(toShare: [heartRate], read: [heartRate])
        try await yearStore.save(perMinuteHeartRate(count: Smoke.size(525_600, smoke: 10_080)))
    }

    Benchmark("Daily statistics over a year of per-minute heart rate", configuration: .init(maxIterations: Smoke.iterations(20))) { benchmark in
        try await loaded.value
        benchmark.startMeasurement()
        let descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: heartRate),
                                                               options: [.discreteAverage, .discreteMin, .discreteMax],
                                                               anchorDate: start, intervalComponents: DateComponents(day: 1))
        let collection = try await descriptor.result(for: yearStore)
        blackHole(collection.statistics().count)
    }

    Benchmark("Sample query of one day, sorted", configuration: .init(maxIterations: Smoke.iterations(200))) { benchmark in
        try await loaded.value
        let day = start.addingTimeInterval(180 * 86_400)
        benchmark.startMeasurement()
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForSamples(withStart: day, end: day.addingTimeInterval(86_400)))],
            sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)])
        let samples = try await descriptor.result(for: yearStore)
        blackHole(samples.count)
    }
}
