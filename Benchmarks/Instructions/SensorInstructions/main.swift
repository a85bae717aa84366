// Counts what Bluetooth sensors' notifications cost a recording, in instructions, for `Benchmarks/sensors
// --callgrind`: the sensors named on the command line (ble:ADDRESS, served by a fake BlueZ on the bus in
// DBUS_SYSTEM_BUS_ADDRESS) read by `BluetoothSensorSource` into a live cycling workout writing to a file store,
// as `workout record --indoor --sensor …` does. After a warm-up (connections made, the store's tables opened),
// callgrind counts every thread for the measured seconds; the notifications in that window are counted (each
// source's readings that share an arrival are one notification).
//
//     SensorInstructions --seconds S --warmup W ble:ADDRESS…
import BenchmarkSupport
import CallgrindMarks
import Foundation
import OpenHealthKit
import Synchronization
import WorkoutSources
import BlueZSensors

/// The measured seconds, the warm-up and the sources, from the command line.
nonisolated func options() -> (seconds: Double, warmup: Double, specifications: [String]) {
    var seconds = 20.0, warmup = 5.0
    var specifications: [String] = []
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--seconds": seconds = arguments.popFirst().flatMap(Double.init) ?? seconds
        case "--warmup": warmup = arguments.popFirst().flatMap(Double.init) ?? warmup
        default: specifications.append(argument)
        }
    }
    return (seconds, warmup, specifications)
}

/// A source that passes another's readings on and counts its notifications: readings with a new date.
struct CountingSource: WorkoutDataSource {
    let inner: any WorkoutDataSource
    let counter: Counter
    var name: String { inner.name }

    final class Counter: Sendable {
        let notifications = Atomic<Int>(0)
        let counting = Atomic<Bool>(false)
    }

    func readings() -> AsyncThrowingStream<WorkoutReading, any Error> {
        let upstream = inner.readings()
        let counter = counter
        return AsyncThrowingStream { continuation in
            let task = Task {
                var last: Date?
                do {
                    for try await reading in upstream {
                        if case .quantity(let sample) = reading, sample.endDate != last {
                            last = sample.endDate
                            if counter.counting.load(ordering: .relaxed) { counter.notifications.add(1, ordering: .relaxed) }
                        }
                        continuation.yield(reading)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

runWaitingOnSemaphore(measure)

nonisolated func measure() async throws {
    let (seconds, warmup, specifications) = options()
    let counter = CountingSource.Counter()
    let sources: [any WorkoutDataSource] = try specifications.map { text in
        CountingSource(inner: try BluetoothSensorSource.source(for: try WorkoutSourceSpecification(parsing: text),
                                                               sensors: SensorReadings.Settings(distanceFromWheel: true)),
                       counter: counter)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-sensors-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = HKHealthStore(location: .file(folder.appendingPathComponent("health.sqlite").path),
                              source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
    let types: [HKQuantityTypeIdentifier] = [.heartRate, .cyclingPower, .cyclingCadence, .cyclingSpeed, .distanceCycling, .activeEnergyBurned]
    var share: Set<HKSampleType> = Set(types.map { HKQuantityType($0) as HKSampleType })
    share.formUnion([HKWorkoutType(), HKSeriesType.heartbeat()])
    try await store.requestAuthorization(toShare: share, read: Set(share.map { $0 as HKObjectType }))
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .cycling
    configuration.locationType = .indoor
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: sources)
    for type in types { dataSource.enableCollection(for: HKQuantityType(type), predicate: nil) }
    builder.dataSource = dataSource
    let start = Date()
    session.startActivity(with: start)
    try await builder.beginCollection(at: start)
    try await Task.sleep(for: .seconds(warmup))
    counter.counting.store(true, ordering: .relaxed)
    ohk_callgrind_start()
    try await Task.sleep(for: .seconds(seconds))
    ohk_callgrind_stop()
    counter.counting.store(false, ordering: .relaxed)
    print("notifications: \(counter.notifications.load(ordering: .relaxed))")
    session.end()
}
