import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutCatalog

/// `workout list`: the recorded workouts, newest first.
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the workouts in the store, newest first.",
        discussion: "Distances of multisport workouts add up their legs' swimming, cycling and running."
    )

    @Option(help: ArgumentHelp("Show at most this many workouts.", valueName: "N"))
    var limit: Int?

    @Option(help: ArgumentHelp("Only workouts of this activity: running, cycling, swimBikeRun, …", valueName: "name"))
    var activity: ActivityArgument?

    @Option(help: ArgumentHelp("Only workouts starting on or after this date (YYYY-MM-DD or ISO 8601).", valueName: "date"))
    var since: DateArgument?

    @Flag(help: "Oldest first.")
    var oldestFirst = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
    }

    func run() async throws {
        let store = try storeOptions.openExisting()
        var predicates: [NSPredicate] = []
        if let activity { predicates.append(HKQuery.predicateForWorkouts(with: activity.type)) }
        if let since { predicates.append(HKQuery.predicateForSamples(withStart: since.date, end: nil, options: .strictStartDate)) }
        let predicate = predicates.isEmpty ? nil : NSCompoundPredicate(andPredicateWithSubpredicates: predicates)
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout(predicate)], sortDescriptors: [SortDescriptor(\.startDate, order: oldestFirst ? .forward : .reverse)],
                                                         limit: limit).result(for: store)
        let summaries = workouts.map(WorkoutSummary.init)
        // Each start in the zone it was recorded in, else this machine's: the rider's own time, as `show` gives it.
        let zones = workouts.map { ($0.metadata?[HKMetadataKeyTimeZone] as? String).flatMap(TimeZone.init(identifier:)) ?? .current }
        if json { return try printJSON(summaries) }
        guard !summaries.isEmpty else {
            print(predicates.isEmpty ? "No workouts in \(store.location). Record one with `workout record` or replay a scenario with `workout replay`."
                                     : "No workouts in \(store.location) match.")
            return
        }
        var rows: [[String]] = []
        let ids = uniquePrefixes(summaries.map(\.id))
        for (index, (summary, id)) in zip(summaries, ids).enumerated() {
            rows.append([id, WorkoutDateText.dateTime(summary.start, in: zones[index]), ActivityWords.name(of: summary.activity, legs: summary.legs), clockText(summary.durationSeconds),
                         summary.distanceMeters.map { String(format: "%.2f km", $0 / 1000) } ?? "",
                         summary.energyKilocalories.map { String(format: "%.0f kcal", $0) } ?? "",
                         summary.averageHeartRate.map { String(format: "%.0f bpm", $0) } ?? ""])
        }
        var header = ["id", "start", "activity", "duration", "distance", "energy", "heart rate"]
        if summaries.contains(where: { $0.name != nil }) {
            // Titles where workouts have them, cut to keep a row on one line.
            header.append("title")
            for (index, summary) in summaries.enumerated() {
                let title = summary.name ?? ""
                rows[index].append(title.count > 32 ? title.prefix(31) + "…" : title)
            }
        }
        printTable(header: header, rows: rows)
    }
}
