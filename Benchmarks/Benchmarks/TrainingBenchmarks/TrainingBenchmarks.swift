import Benchmark
import BenchmarkSupport
import Foundation
import OpenHealthKit
import TrainingMetrics
import WorkoutFormats
import WorkoutLibrary
import WorkoutReport

/// Targets:
/// - the mean-maximal power curve of a 10-hour ride at 1 Hz (36,000 seconds) in under 50 ms;
/// - the training-load chart over 10 years of daily rides (3,650 workouts, each with its stress
///   kept) from a SQLite store in under 100 ms;
/// - the report of a 24-hour ride with power, heart rate and a track, every section drawn
///   (the training metrics and the power curve among them), in under 1 s.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: Smoke.iterations(20))

    // Power like a long ride's: a base with slow swells, surges and coasting.
    func power(seconds: Int) -> [Double] {
        var state: UInt64 = 42
        return (0..<seconds).map { second in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(state >> 40 % 80)
            let swell = 60 * sin(Double(second) / 600)
            let surge = second % 900 < 40 ? 250.0 : 0
            return second % 300 < 20 ? 0 : max(0, 170 + swell + surge + noise - 40)
        }
    }

    let tenHours = power(seconds: Smoke.size(36_000, smoke: 3_600))
    Benchmark("Mean-maximal power curve of a 10-hour ride at 1 Hz") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(MeanMaximalPower(watts: tenHours)) }
    }

    Benchmark("Training-load chart over 10 years of daily rides, from a SQLite store",
              configuration: .init(setup: { try await TrainingStore.shared.fill(days: Smoke.size(3_650, smoke: 60)) })) { benchmark in
        let store = TrainingStore.shared.store
        let history = try await TrainingHistory(store: store, timeZone: TimeZone(identifier: "UTC")!)
        let stresses = try await history.stresses()
        precondition(stresses.allSatisfy { !$0.computed }, "every workout's stress is read, none computed")
        blackHole(history.load(stresses, through: stresses.last?.start ?? Date()))
    }

    let day = rideActivity(seconds: Smoke.size(86_400, smoke: 3_600))
    Benchmark("Report of a 24-hour ride with every section") { benchmark in
        var options = ReportOptions()
        options.athlete = AthleteFigures(maximumHeartRate: 185, restingHeartRate: 50, functionalThresholdPower: 250)
        blackHole(WorkoutReport(activity: day, options: options).html().utf8.count)
    }

    /// A ride of `seconds` records at 1 Hz with power, heart rate, cadence and a track.
    func rideActivity(seconds: Int) -> Activity {
        let watts = power(seconds: seconds)
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        var records: [ActivityRecord] = []
        records.reserveCapacity(seconds)
        var meters = 0.0
        for second in 0..<seconds {
            meters += 8
            let angle = Double(second) / 3_000
            records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), latitude: 52 + 0.2 * sin(angle), longitude: 4.9 + 0.3 * cos(angle),
                                          altitude: 20 + 15 * sin(Double(second) / 700), heartRate: 120 + watts[second] / 8, cadence: watts[second] > 0 ? 88 : 0,
                                          power: watts[second], speed: 8, distance: meters))
        }
        return Activity(records: records, timerEvents: [ActivityTimerEvent(.start, at: start), ActivityTimerEvent(.stop, at: start.addingTimeInterval(Double(seconds)))],
                        sessions: [ActivitySummary(sport: .cycling, start: start, elapsedTime: Double(seconds), timerTime: Double(seconds))])
    }
}

/// A file store with one ride a day, each workout carrying its stress as `import`, `record` and
/// `replay` keep it, filled once.
actor TrainingStore {
    static let shared = TrainingStore()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("training-benchmark-\(getpid()).sqlite").path
    nonisolated var store: HKHealthStore { HKHealthStore(location: .file(path)) }
    private var filled = false

    func fill(days: Int) async throws {
        guard !filled else { return }
        filled = true
        let store = HKHealthStore(location: .file(path))
        try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [HKObjectType.workoutType()])
        let first = Date(timeIntervalSince1970: 1_500_000_000)
        var workouts: [HKWorkout] = []
        for day in 0..<days {
            let start = first.addingTimeInterval(Double(day) * 86_400)
            let stress = Double(40 + (day * 37) % 120)
            workouts.append(HKWorkout(activityType: .cycling, start: start, end: start.addingTimeInterval(3_600), workoutEvents: nil, totalEnergyBurned: nil,
                                      totalDistance: nil, metadata: [OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower: HKQuantity(unit: .watt(), doubleValue: 250),
                                                                     OpenHealthKitMetadataKeyTrainingStress: stress,
                                                                     OpenHealthKitMetadataKeyTrainingStressBasis: "tss ftp=250"]))
            if workouts.count == 500 {
                try await store.save(workouts)
                workouts = []
            }
        }
        if !workouts.isEmpty { try await store.save(workouts) }
    }
}
