import ArgumentParser
import Foundation
import OpenHealthKit

/// Finds a workout by the start of its identifier, as `git` finds commits.
func findWorkout(_ prefix: String, in store: HKHealthStore) async throws -> HKWorkout {
    let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
    let matches = workouts.filter { $0.uuid.uuidString.lowercased().hasPrefix(prefix.lowercased()) }
    guard !prefix.isEmpty, let workout = matches.first else {
        throw RecordingsError("No workout's identifier starts with '\(prefix)' in \(store.location); `workout list` shows them.")
    }
    guard matches.count == 1 else {
        throw RecordingsError("'\(prefix)' starts \(matches.count) workouts' identifiers (\(matches.prefix(3).map { String($0.uuid.uuidString.prefix(8)) }.joined(separator: ", "))…); give more of it.")
    }
    return workout
}

/// The shortest prefix (at least 8 characters) of each identifier that no
/// other one shares, as git abbreviates commits. Identifiers made in the same
/// minute share their first characters (they are ordered by time).
func uniquePrefixes(_ ids: [String]) -> [String] {
    ids.map { id in
        var length = 8
        while length < id.count, ids.contains(where: { $0 != id && $0.hasPrefix(id.prefix(length)) }) { length += 1 }
        return String(id.prefix(length))
    }
}

/// A workout that is not there, or not one: said without the usage text.
struct RecordingsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A workout's figures for tables and JSON.
struct WorkoutSummary: Encodable {
    var id: String
    var activity: String
    var start: Date
    var end: Date
    var durationSeconds: Double
    var distanceMeters: Double?
    var energyKilocalories: Double?
    var averageHeartRate: Double?
    var pauses: Int

    init(_ workout: HKWorkout) {
        id = workout.uuid.uuidString
        activity = workout.workoutActivityType.name
        start = workout.startDate
        end = workout.endDate
        durationSeconds = workout.duration
        distanceMeters = workoutDistance(workout)
        energyKilocalories = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie())
        averageHeartRate = workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: HKUnit.count().unitDivided(by: .minute()))
        pauses = (workout.workoutEvents ?? []).filter { $0.type == .pause }.count
    }
}

/// The distance of the workout's activity, in metres.
func workoutDistance(_ workout: HKWorkout) -> Double? {
    workout.statistics(for: HKQuantityType(HKWorkout.distanceType(for: workout.workoutActivityType)))?.sumQuantity()?.doubleValue(for: .meter())
}

/// Formats seconds as H:MM:SS.
func clockText(_ seconds: TimeInterval) -> String {
    let total = Int(seconds.rounded(.down))
    return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
}

/// `workout list`: the recorded workouts.
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the workouts in the store, oldest first.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = storeOptions.open()
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        let summaries = workouts.map(WorkoutSummary.init)
        if json { return try printJSON(summaries) }
        guard !summaries.isEmpty else {
            print("No workouts in \(store.location). Record one with `workout record` or replay a scenario with `workout replay`.")
            return
        }
        var rows: [[String]] = []
        let ids = uniquePrefixes(summaries.map(\.id))
        for (summary, id) in zip(summaries, ids) {
            rows.append([id, summary.start.formatted(.iso8601), summary.activity, clockText(summary.durationSeconds),
                         summary.distanceMeters.map { String(format: "%.2f km", $0 / 1000) } ?? "",
                         summary.energyKilocalories.map { String(format: "%.0f kcal", $0) } ?? "",
                         summary.averageHeartRate.map { String(format: "%.0f bpm", $0) } ?? ""])
        }
        printTable(header: ["id", "start", "activity", "duration", "distance", "energy", "heart rate"], rows: rows)
    }
}

/// `workout show ID`: one workout in detail.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a workout: summary, laps, heart-rate zones, and sparklines of heart rate and speed.")

    @Argument(help: ArgumentHelp("The workout's identifier, or its first characters.", valueName: "id"))
    var id: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Maximum heart rate for the zones (default: the workout's highest).", valueName: "bpm"))
    var maximumHeartRate: Double?

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = storeOptions.open()
        let workout = try await findWorkout(id, in: store)
        let summary = WorkoutSummary(workout)
        if json { return try printJSON(summary) }
        print("\(summary.activity) \(summary.id)")
        print("  start       \(summary.start.formatted(.iso8601))")
        print("  duration    \(clockText(summary.durationSeconds)) active, \(clockText(workout.endDate.timeIntervalSince(workout.startDate))) in all")
        if let meters = summary.distanceMeters { print(String(format: "  distance    %.2f km", meters / 1000)) }
        if let energy = summary.energyKilocalories { print(String(format: "  energy      %.0f kcal", energy)) }
        let events = workout.workoutEvents ?? []
        let pauses = events.filter { $0.type == .pause }
        if !pauses.isEmpty {
            print("  pauses      " + pauses.map { pause in
                let resume = events.first { $0.type == .resume && $0.dateInterval.start >= pause.dateInterval.start }
                let length = resume.map { clockText($0.dateInterval.start.timeIntervalSince(pause.dateInterval.start)) } ?? "to the end"
                // Auto-pause records a motion pause at the same instant, as a watch does.
                let automatic = events.contains { $0.type == .motionPaused && $0.dateInterval.start == pause.dateInterval.start }
                return "\(clockText(pause.dateInterval.start.timeIntervalSince(workout.startDate)))\(automatic ? " (auto)" : "") for \(length)"
            }.joined(separator: ", "))
        }
        let laps = events.filter { $0.type == .lap }
        if !laps.isEmpty {
            print("  laps")
            for (index, lap) in laps.enumerated() {
                print("    \(index + 1)  \(clockText(lap.dateInterval.duration))  from \(clockText(lap.dateInterval.start.timeIntervalSince(workout.startDate)))")
            }
        }
        let devices = events.filter { $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] != nil }
        if !devices.isEmpty {
            print("  devices")
            for event in devices {
                print("    \(clockText(event.dateInterval.start.timeIntervalSince(workout.startDate)))  \(event.metadata?[OpenHealthKitMetadataKeyEventName] as? String ?? "")")
            }
        }
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let heartRates = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObjects(from: workout))],
                                                           sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        if !heartRates.isEmpty {
            let values = heartRates.map { ($0.startDate, $0.quantity.doubleValue(for: bpm)) }
            let maximum = maximumHeartRate ?? (values.map(\.1).max() ?? 190)
            let zones = HeartRateZones(lowerBounds: [0.5, 0.6, 0.7, 0.8, 0.9].map { $0 * maximum })
            var seconds = [Double](repeating: 0, count: 6)
            for (index, sample) in values.enumerated() {
                let next = index + 1 < values.count ? values[index + 1].0 : sample.0.addingTimeInterval(1)
                seconds[zones.zone(of: sample.1)] += min(next.timeIntervalSince(sample.0), 10)
            }
            print(String(format: "  heart rate  %.0f bpm average, %.0f–%.0f", values.map(\.1).reduce(0, +) / Double(values.count),
                         values.map(\.1).min() ?? 0, values.map(\.1).max() ?? 0))
            print("    " + sparkline(values, from: workout.startDate, to: workout.endDate))
            print("  zones (of \(Int(maximum)) bpm\(maximumHeartRate == nil ? ", the workout's highest" : ""))  " + (1...5).map { "Z\($0) \(clockText(seconds[$0]))" }.joined(separator: "  "))
        }
        let speedType = HKQuantityType(workout.workoutActivityType == .cycling ? .cyclingSpeed : .runningSpeed)
        let speeds = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: speedType, predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        if !speeds.isEmpty {
            let values = speeds.map { ($0.startDate, $0.quantity.doubleValue(for: HKUnit(from: "m/s")) * 3.6) }
            print(String(format: "  speed       %.1f km/h top", values.map(\.1).max() ?? 0))
            print("    " + sparkline(values, from: workout.startDate, to: workout.endDate))
        }
    }

    /// Values averaged into 60 columns over the workout, drawn with block characters.
    func sparkline(_ values: [(Date, Double)], from start: Date, to end: Date) -> String {
        let columns = 60
        let span = max(end.timeIntervalSince(start), 1)
        var sums = [Double](repeating: 0, count: columns), counts = [Int](repeating: 0, count: columns)
        for (date, value) in values {
            let column = min(columns - 1, max(0, Int(date.timeIntervalSince(start) / span * Double(columns))))
            sums[column] += value
            counts[column] += 1
        }
        let averages = zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : nil }
        let present = averages.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return "" }
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(averages.map { value in
            guard let value else { return " " }
            return blocks[high > low ? Int((value - low) / (high - low) * 7) : 3]
        })
    }
}

/// `workout delete ID`: removes a workout and the samples recorded with it.
struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete a workout and the samples, route and heartbeats recorded with it.")

    @Argument(help: ArgumentHelp("The workout's identifier, or its first characters.", valueName: "id"))
    var id: String

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = storeOptions.open()
        let workout = try await findWorkout(id, in: store)
        let types: [HKSampleType] = QuantityTypeTable.standard.entries.keys.map { HKQuantityType($0) } + [HKSeriesType.workoutRoute(), HKSeriesType.heartbeat()]
        let associated = try await HKSampleQueryDescriptor(predicates: types.map { .sample(type: $0, predicate: HKQuery.predicateForObjects(from: workout)) },
                                                           sortDescriptors: []).result(for: store)
        try await store.delete(associated + [workout])
        print("Deleted workout \(workout.uuid.uuidString) and \(associated.count) sample\(associated.count == 1 ? "" : "s") recorded with it.")
    }
}

/// `workout recover`: finishes a workout a crash left open.
struct Recover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Finish a workout that a crash or power loss left unfinished, from what was saved as it was recorded.")

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = storeOptions.open()
        guard let session = try await store.recoverActiveWorkoutSession() else {
            print("No unfinished workout in \(store.location).")
            return
        }
        let builder = session.associatedWorkoutBuilder()
        // The workout ends where its readings end, not now: the crash may be hours old.
        let end = builder.latestSampleDate ?? builder.startDate ?? SystemClock().now
        session.end()
        if builder.state == .active { try await builder.endCollection(at: end) }
        guard let workout = try await builder.finishWorkout() else {
            print("The unfinished workout could not be saved.")
            return
        }
        print("Recovered workout \(workout.uuid.uuidString): \(clockText(workout.duration)) active"
              + (workoutDistance(workout).map { String(format: ", %.2f km", $0 / 1000) } ?? ""))
    }
}
