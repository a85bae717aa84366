import Benchmark
import BenchmarkSupport
import Foundation
import OpenHealthKit
import Synchronization

/// Work started the first time a benchmark asks for it and shared after: a
/// store loaded at registration would load beside every other benchmark,
/// taking a core and memory from what they measure.
final class Lazily<T: Sendable>: Sendable {
    private let body: @Sendable () async throws -> T
    private let task = Mutex<Task<T, any Error>?>(nil)
    init(_ body: @escaping @Sendable () async throws -> T) { self.body = body }
    var value: T {
        get async throws {
            let task = task.withLock { task in
                if let task { return task }
                let started = Task { try await body() }
                task = started
                return started
            }
            return try await task.value
        }
    }
}

/// Targets from the store's performance goals:
/// - batched save of 1,000,000 heart-rate samples: at least 300,000 samples/s;
/// - 1,000,000 heart-rate values through a quantity series builder: at least
///   2,000,000 values/s, peak memory under 100 MB;
/// - daily statistics over a year of per-minute heart rate (525,600 samples): under 150 ms,
///   and under 50 ms with the year stored as quantity series (one a day);
/// - a one-day sample query with sorting: under 10 ms.
/// Every store of this run in one folder, removed when the run exits.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-bench-\(UUID().uuidString)")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: Smoke.iterations(10_000))

    let bpm = HKUnit.count().unitDivided(by: .minute())
    let heartRate = HKQuantityType(.heartRate)
    let start = Date(timeIntervalSince1970: 1_704_067_200) // 2024-01-01T00:00:00Z

    atexit { try? FileManager.default.removeItem(at: scratch) }

    @Sendable func temporaryStore() -> HKHealthStore {
        let path = scratch.appendingPathComponent("\(UUID().uuidString)/health.sqlite").path
        return HKHealthStore(location: .file(path), source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
    }

    @Sendable func perMinuteHeartRate(count: Int) -> [HKQuantitySample] {
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

    Benchmark("Series builder: 1,000,000 heart-rate values inserted and saved",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], scalingFactor: .mega, maxIterations: Smoke.iterations(3))) { benchmark in
        let count = Smoke.size(1_000_000, smoke: 10_000)
        let store = temporaryStore()
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        let quantities = (0..<90).map { HKQuantity(unit: bpm, doubleValue: 60 + Double($0)) }
        benchmark.startMeasurement()
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: heartRate, startDate: start, device: nil)
        // A 4 Hz strap's values: 69 hours, within the longest a heart-rate sample may last.
        for i in 0..<count { try builder.insert(quantities[i % 90], at: start.addingTimeInterval(Double(i) / 4)) }
        blackHole(try await builder.finishSeries(metadata: nil))
        benchmark.stopMeasurement()
    }

    // One year of per-minute heart rate, saved once and shared by the read benchmarks.
    let yearStore = temporaryStore()
    let loaded = Lazily {
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

    // The same year as quantity series, one a day.
    let yearSeriesStore = temporaryStore()
    let seriesLoaded = Lazily {
        try await yearSeriesStore.requestAuthorization(toShare: [heartRate], read: [heartRate])
        let samples = perMinuteHeartRate(count: Smoke.size(525_600, smoke: 10_080))
        for day in stride(from: 0, to: samples.count, by: 1440) {
            let builder = HKQuantitySeriesSampleBuilder(healthStore: yearSeriesStore, quantityType: heartRate, startDate: samples[day].startDate, device: nil)
            for sample in samples[day..<min(day + 1440, samples.count)] { try builder.insert(sample.quantity, at: sample.startDate) }
            _ = try await builder.finishSeries(metadata: nil)
        }
    }

    Benchmark("Daily statistics over a year of per-minute heart rate stored as series", configuration: .init(maxIterations: Smoke.iterations(20))) { benchmark in
        try await seriesLoaded.value
        benchmark.startMeasurement()
        let descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: heartRate),
                                                               options: [.discreteAverage, .discreteMin, .discreteMax],
                                                               anchorDate: start, intervalComponents: DateComponents(day: 1))
        let collection = try await descriptor.result(for: yearSeriesStore)
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
