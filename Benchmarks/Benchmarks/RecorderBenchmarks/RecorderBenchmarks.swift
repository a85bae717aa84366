import Benchmark
import Foundation
import OpenHealthKit

/// One recording in progress, shared by the iterations.
actor Recording {
    static let shared = Recording()
    private var parts: (store: HKHealthStore, session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, start: Date)?
    private var second = 0

    /// The next fix and heart rate, one second after the last; the recording starts on first use.
    func next() async throws -> (HKLiveWorkoutDataSource, HKLiveWorkoutBuilder, [WorkoutReading]) {
        if parts == nil {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-rec-\(UUID().uuidString)/health.sqlite").path
            let store = HKHealthStore(location: .file(path), source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
            let types: Set<HKSampleType> = [HKQuantityType(.heartRate), HKQuantityType(.distanceCycling), HKQuantityType(.cyclingSpeed),
                                            HKQuantityType(.activeEnergyBurned), HKWorkoutType(), HKSeriesType.workoutRoute()]
            try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = .cycling
            configuration.locationType = .outdoor
            let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: SystemClock())
            let builder = session.associatedWorkoutBuilder()
            let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
            builder.dataSource = dataSource
            let start = Date()
            session.startActivity(with: start)
            try await builder.beginCollection(at: start)
            parts = (store, session, builder, dataSource, start)
        }
        let (_, _, builder, dataSource, start) = parts!
        second += 1
        let t = start.addingTimeInterval(Double(second))
        let fix = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + Double(second) * 8 / 111_200, longitude: 11), altitude: 500,
                             horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 8, timestamp: t)
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 140),
                                         start: t, end: t)
        return (dataSource, builder, [.location(fix), .quantity(heartRate)])
    }
}

/// Target: from a fix arriving to updated builder statistics, p99 under 1 ms.
///
/// One iteration is one 1 Hz fix (with its heart rate) handed to the live data
/// source, as the gpsd source hands it over, until the builder's distance
/// statistics include it. Iterations are spaced 60 ms apart, outside the
/// measurement, so that each fix arrives as a live one does: after the last write.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], warmupIterations: 5, maxDuration: .seconds(30), maxIterations: 300)

    Benchmark("Recorder: one fix to current statistics") { benchmark in
        try await Task.sleep(for: .milliseconds(60))
        let (dataSource, builder, readings) = try await Recording.shared.next()
        benchmark.startMeasurement()
        await dataSource.deliver(readings, from: "gpsd://bench")
        blackHole(builder.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity())
        benchmark.stopMeasurement()
    }
}
