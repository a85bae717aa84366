import Foundation
import OpenHealthKit
import TestSupport

/// A fresh store in its own temporary folder, so tests never share data.
func makeTemporaryStore(source: HKSource = HKSource(name: "Tests", bundleIdentifier: "org.openhealthkit.tests")) -> (HKHealthStore, String) {
    let folder = Scratch.url("store").path
    let path = folder + "/health.sqlite"
    return (HKHealthStore(location: .file(path), source: source), path)
}

/// A store that has been granted everything it asks for the given types.
func makeAuthorizedStore(_ types: [HKSampleType], source: HKSource = HKSource(name: "Tests", bundleIdentifier: "org.openhealthkit.tests")) async throws -> (HKHealthStore, String) {
    let (store, path) = makeTemporaryStore(source: source)
    try await store.requestAuthorization(toShare: Set(types), read: Set(types))
    return (store, path)
}

let bpm = HKUnit.count().unitDivided(by: .minute())
let heartRate = HKQuantityType(.heartRate)
let stepCount = HKQuantityType(.stepCount)

/// An indoor run collecting heart rate from `at(0)` into a new store, its
/// data source writing on a virtual write clock the test moves.
func indoorRunOnWriteClock() async throws -> (store: HKHealthStore, session: HKWorkoutSession, builder: HKLiveWorkoutBuilder,
                                              dataSource: HKLiveWorkoutDataSource, writeClock: VirtualClock) {
    let (store, _) = try await makeAuthorizedStore([heartRate, HKWorkoutType()])
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    configuration.locationType = .indoor
    let writeClock = VirtualClock(start: at(0))
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: at(0)))
    let builder = session.associatedWorkoutBuilder()
    let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [], writeClock: writeClock)
    builder.dataSource = dataSource
    session.startActivity(with: at(0))
    try await builder.beginCollection(at: at(0))
    return (store, session, builder, dataSource, writeClock)
}

/// A date `seconds` after a fixed instant (2024-03-01 00:00:00 UTC).
func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_709_251_200 + seconds) }

func heartRateSample(_ value: Double, at seconds: Double) -> HKQuantitySample {
    HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: at(seconds), end: at(seconds))
}

func steps(_ count: Double, from start: Double, to end: Double) -> HKQuantitySample {
    HKQuantitySample(type: stepCount, quantity: HKQuantity(unit: .count(), doubleValue: count), start: at(start), end: at(end))
}

/// Runs a handler-based query and waits for its first callback.
func firstResult<T: Sendable>(_ body: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
    await withCheckedContinuation { continuation in
        let once = OnceFlag()
        body { value in if once.claim() { continuation.resume(returning: value) } }
    }
}

final class OnceFlag: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var done = false
    func claim() -> Bool { lock.withLock { defer { done = true }; return !done } }
}
