import Benchmark
import BenchmarkSupport
import Foundation
import LiveWorkload
import OpenHealthKit

/// Target: one live builder absorbs at least 4,000,000 readings/s (heart rate
/// and location) with statistics kept current. Measured here: 1 Hz heart rate
/// and positions through HKLiveWorkoutDataSource into a file store, handed over
/// in batches as a scenario replay does, and from a source's stream one
/// reading at a time; readings/s = readings / wall-clock time.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(30), maxIterations: Smoke.iterations(5))

    func running(sources: [any WorkoutDataSource], saving: Bool = true) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource, URL) {
        let workout = try await LiveWorkload.runningWorkout(sources: sources, saving: saving)
        return (workout.session, workout.builder, workout.dataSource, workout.folder)
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

    Benchmark("Track step distance on the local radii between consecutive 1 Hz fixes (10,000 lines)") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for second in 0..<10_000 {
                let latitude = 48 + Double(second) * 3 / 111_200
                total += Geodesic.wgs84.stepDistance(latitude1: latitude, longitude1: 11 + Double(second) * 1e-6, latitude2: latitude + 3 / 111_200,
                                                     longitude2: 11 + Double(second + 1) * 1e-6)
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
            let (session, builder, dataSource, folder) = try await running(sources: [])
            defer { try? FileManager.default.removeItem(at: folder) }
            let readings = Array(LiveWorkload.hourOfReadings().prefix(2 * (seconds + 128)))
            await dataSource.deliver(readings.prefix(256), from: "bench")
            benchmark.startMeasurement()
            await LiveWorkload.deliverInBatches(readings.dropFirst(256), to: dataSource)
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
        let (session, builder, dataSource, folder) = try await running(sources: [], saving: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let readings = Array(LiveWorkload.hourOfReadings().prefix(2 * (3600 + 128)))
        await dataSource.deliver(readings.prefix(256), from: "bench")
        benchmark.startMeasurement()
        await LiveWorkload.deliverInBatches(readings.dropFirst(256), to: dataSource)
        benchmark.stopMeasurement()
        blackHole(builder.statistics(for: HKQuantityType(.heartRate)))
        session.end()
    }

    Benchmark("Live builder: one hour of 1 Hz heart rate and positions from a source's stream") { benchmark in
        let (stream, continuation) = AsyncThrowingStream<WorkoutReading, any Error>.makeStream()
        struct Feed: WorkoutDataSource { let name = "bench"; let stream: AsyncThrowingStream<WorkoutReading, any Error>; func readings() -> AsyncThrowingStream<WorkoutReading, any Error> { stream } }
        let (session, builder, dataSource, folder) = try await running(sources: [Feed(stream: stream)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let readings = Array(LiveWorkload.hourOfReadings().prefix(7200))
        benchmark.startMeasurement()
        for reading in readings { continuation.yield(reading) }
        continuation.finish()
        await dataSource.untilSourcesFinish()
        benchmark.stopMeasurement()
        blackHole(builder.statistics(for: HKQuantityType(.heartRate)))
        session.end()
    }
}
