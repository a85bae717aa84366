import Benchmark
import BenchmarkSupport
import Foundation
import OpenHealthKit

/// Target: one live builder absorbs at least 2,000,000 readings/s (heart rate
/// and location) with statistics kept current. Measured here: 1 Hz heart rate
/// and positions through HKLiveWorkoutDataSource into a file store, handed over
/// in batches as a scenario replay does, and from a source's stream one
/// reading at a time; readings/s = readings / wall-clock time.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(30), maxIterations: Smoke.iterations(5))

    let start = Date(timeIntervalSince1970: 1_704_067_200)

    /// An hour and a bit of 1 Hz heart rate and positions at 3 m/s, round a
    /// loop of about 1.9 km: every bearing, so the distance between fixes is
    /// never the special case of a meridian.
    func hourOfReadings() -> [WorkoutReading] {
        let bpm = HKUnit.count().unitDivided(by: .minute())
        var latitude = 48.0, longitude = 11.0
        return (0..<3728).flatMap { second -> [WorkoutReading] in
            let t = start.addingTimeInterval(Double(second))
            let bearing = Double(second) * 0.01
            latitude += 3 * cos(bearing) / 111_200
            longitude += 3 * sin(bearing) / (111_200 * cos(latitude * .pi / 180))
            return [.quantity(HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 150), start: t, end: t)),
                    .location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 500,
                                         horizontalAccuracy: 4, verticalAccuracy: 6, course: (bearing * 180 / .pi).truncatingRemainder(dividingBy: 360),
                                         speed: 3, timestamp: t))]
        }
    }

    /// A running outdoor run collecting into a new file store from `sources`,
    /// saving what it collects or not, and the store's folder, for the caller to remove.
    func runningWorkout(sources: [any WorkoutDataSource], saving: Bool = true) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-live-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("health.sqlite").path
        let store = HKHealthStore(location: .file(path), source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
        let types: Set<HKSampleType> = [HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.runningSpeed),
                                        HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned), HKWorkoutType(), HKSeriesType.workoutRoute()]
        try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: start))
        let builder = session.associatedWorkoutBuilder()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: sources)
        dataSource.athleteProfile = AthleteProfile(sex: .female, age: 30, massKilograms: 60, heightCentimeters: 168)
        dataSource.savesCollectedData = saving
        builder.dataSource = dataSource
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        return (session, builder, dataSource, folder)
    }

    /// Hands `readings` over in batches of 256, as a scenario replay does.
    func deliverInBatches(_ readings: ArraySlice<WorkoutReading>, to dataSource: HKLiveWorkoutDataSource) async {
        var offset = readings.startIndex
        while offset < readings.endIndex {
            await dataSource.deliver(readings[offset..<min(offset + 256, readings.endIndex)], from: "bench")
            offset += 256
        }
    }

    Benchmark("Geodesic distance between consecutive 1 Hz fixes (10,000 lines)") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for second in 0..<10_000 {
                let latitude = 48 + Double(second) * 3 / 111_200
                total += Geodesic.wgs84.distance(latitude1: latitude, longitude1: 11 + Double(second) * 1e-6, latitude2: latitude + 3 / 111_200, longitude2: 11 + Double(second + 1) * 1e-6)
            }
            blackHole(total)
        }
    }

    // Handed over in batches of 256, as a scenario replay does. The first
    // batch is not timed: it opens the store's tables for the workout, asks
    // for sharing once per type and allocates each type's rows, once per
    // workout. Ten minutes after it (1,200 readings, about 3,600 rows with
    // the derived samples) stay within the writer's backlog, so this measures
    // absorbing into current statistics while the store writes on the other
    // core; an hour goes at the store's pace once the backlog is full.
    for (label, seconds) in [("ten minutes", 600), ("one hour", 3600)] {
        // Ten minutes take about a millisecond, so more iterations steady the percentiles.
        Benchmark("Live builder: \(label) of 1 Hz heart rate and positions handed over in batches of 256",
                  configuration: .init(maxIterations: Smoke.iterations(seconds <= 600 ? 50 : 5))) { benchmark in
            let (session, builder, dataSource, folder) = try await runningWorkout(sources: [])
            defer { try? FileManager.default.removeItem(at: folder) }
            let readings = Array(hourOfReadings().prefix(2 * (seconds + 128)))
            await dataSource.deliver(readings.prefix(256), from: "bench")
            benchmark.startMeasurement()
            await deliverInBatches(readings.dropFirst(256), to: dataSource)
            benchmark.stopMeasurement()
            await dataSource.flush()
            blackHole(builder.statistics(for: HKQuantityType(.heartRate)))
            session.end()
        }
    }

    // The same hour with savesCollectedData off, as `workout replay --no-store`
    // and `workout check` run: the builder's own absorbing, sustained, with no
    // writer on the other core and no backlog to fill.
    Benchmark("Live builder: one hour of 1 Hz heart rate and positions handed over in batches of 256, not saved",
              configuration: .init(maxIterations: Smoke.iterations(20))) { benchmark in
        let (session, builder, dataSource, folder) = try await runningWorkout(sources: [], saving: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let readings = Array(hourOfReadings().prefix(2 * (3600 + 128)))
        await dataSource.deliver(readings.prefix(256), from: "bench")
        benchmark.startMeasurement()
        await deliverInBatches(readings.dropFirst(256), to: dataSource)
        benchmark.stopMeasurement()
        blackHole(builder.statistics(for: HKQuantityType(.heartRate)))
        session.end()
    }

    Benchmark("Live builder: one hour of 1 Hz heart rate and positions from a source's stream") { benchmark in
        let (stream, continuation) = AsyncThrowingStream<WorkoutReading, any Error>.makeStream()
        struct Feed: WorkoutDataSource { let name = "bench"; let stream: AsyncThrowingStream<WorkoutReading, any Error>; func readings() -> AsyncThrowingStream<WorkoutReading, any Error> { stream } }
        let (session, builder, dataSource, folder) = try await runningWorkout(sources: [Feed(stream: stream)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let readings = Array(hourOfReadings().prefix(7200))
        benchmark.startMeasurement()
        for reading in readings { continuation.yield(reading) }
        continuation.finish()
        await dataSource.untilSourcesFinish()
        benchmark.stopMeasurement()
        blackHole(builder.statistics(for: HKQuantityType(.heartRate)))
        session.end()
    }
}
