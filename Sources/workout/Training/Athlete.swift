import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutLibrary

/// `workout athlete`: the athlete's figures over time, which each workout's training metrics use
/// as they were on its date.
struct AthleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "athlete",
        abstract: "Keep the athlete's threshold power, heart rates, critical power and weight as they change over a season.",
        discussion: """
            Each value is kept in the store as a dated sample and holds from its date until the next: \
            HealthKit's cyclingFunctionalThresholdPower, restingHeartRate and bodyMass types, and OpenHealthKit's \
            own types for maximum and threshold heart rate, critical power and W′, which HealthKit has none for. \
            A workout's training metrics (IF, TSS, power and heart-rate levels, TRIMP, W′ balance) use the values \
            in force on its date, else the profile it was recorded or imported with; `workout fitness` computes \
            again the workouts a new value changes.
            """,
        subcommands: [AthleteSet.self, AthleteList.self],
        defaultSubcommand: AthleteList.self
    )
}

/// `workout athlete set`.
struct AthleteSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Keep new values from a date on.")

    @Option(help: ArgumentHelp("Functional threshold power, in watts.", valueName: "watts"))
    var ftp: Double?

    @Option(help: ArgumentHelp("Resting heart rate, in beats per minute.", valueName: "bpm"))
    var restingHeartRate: Double?

    @Option(help: ArgumentHelp("Maximum heart rate, in beats per minute.", valueName: "bpm"))
    var maxHeartRate: Double?

    @Option(help: ArgumentHelp("Lactate threshold heart rate, in beats per minute.", valueName: "bpm"))
    var thresholdHeartRate: Double?

    @Option(help: ArgumentHelp("Critical power, in watts (`workout fitness` estimates it from your rides).", valueName: "watts"))
    var cp: Double?

    @Option(help: ArgumentHelp("W′, the work you can do above critical power, in kilojoules.", valueName: "kJ"))
    var wPrime: Double?

    @Option(help: ArgumentHelp("Body mass, in kilograms.", valueName: "kg"))
    var weight: Double?

    @Option(help: ArgumentHelp("From when the values hold: 2026-03-01 or a full ISO 8601 time (default: now; a setting's first value, from the first workout stored).",
                               valueName: "date"))
    var from: DateArgument?

    @OptionGroup var storeOptions: StoreOptions

    /// The values given, each with the setting it is.
    var values: [(AthleteHistory.Setting, Double)] {
        let all: [(AthleteHistory.Setting, Double?)] = [
            (.functionalThresholdPower, ftp), (.restingHeartRate, restingHeartRate), (.maximumHeartRate, maxHeartRate),
            (.lactateThresholdHeartRate, thresholdHeartRate), (.criticalPower, cp), (.wPrime, wPrime), (.bodyMass, weight),
        ]
        return all.compactMap { setting, value in value.map { (setting, $0) } }
    }

    func validate() throws {
        if values.isEmpty {
            throw ValidationError("Give at least one of --ftp, --resting-heart-rate, --max-heart-rate, --threshold-heart-rate, --cp, --w-prime and --weight.")
        }
        for (setting, value) in values where !setting.plausibleRange.contains(value) {
            let range = setting.plausibleRange
            // Each option is named as the setting is kept (`--max-heart-rate` keeps `max-heart-rate`).
            throw ValidationError("--\(setting.rawValue) must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)) \(setting.symbol).")
        }
        if let maxHeartRate, let restingHeartRate, restingHeartRate >= maxHeartRate {
            throw ValidationError("--resting-heart-rate (\(formatNumber(restingHeartRate))) must be below --max-heart-rate (\(formatNumber(maxHeartRate))).")
        }
    }

    func run() async throws {
        let store = storeOptions.open()
        let kept = try await AthleteHistory(store: store)
        let starts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)])
            .result(for: store).map(\.startDate)
        let now = Date()
        for (setting, value) in values {
            // A setting's first value, given without a date, holds from the first workout stored: a rider who sets an FTP
            // after importing a season wants those rides' IF, TSS and zones too.
            var date = from?.date ?? now
            let first = (kept.entries[setting] ?? []).isEmpty && from == nil ? starts.first.flatMap { $0 < now ? $0 : nil } : nil
            if let first { date = first }
            try await store.saveAthleteSetting(setting, value: value, from: date)
            var line = "\(setting.rawValue) \(formatNumber(value)) \(setting.symbol) from \(date.formatted(.iso8601))"
            if first != nil {
                let covered = starts.count { $0 < now }
                line += " (its first value: it covers the \(covered) workout\(covered == 1 ? "" : "s") stored before now; --from sets another date)"
            }
            print(line)
            // Workouts before the date with no value of the setting at all: said, with how to reach them.
            let uncovered = starts.filter { $0 < date && kept.value(setting, at: $0) == nil }
            if let earliest = uncovered.first {
                print("  \(uncovered.count) workout\(uncovered.count == 1 ? " before it has" : "s before it have") no \(setting.rawValue): "
                      + "`workout athlete set --\(setting.rawValue) \(formatNumber(value)) --from \(earliest.formatted(.iso8601))` covers them")
            }
        }
    }
}

/// `workout athlete list`.
struct AthleteList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the values kept, oldest first.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let history = try await AthleteHistory(store: try storeOptions.openExisting())
        if json {
            var object: [String: [AthleteHistory.Entry]] = [:]
            for setting in AthleteHistory.Setting.allCases { object[setting.rawValue] = history.entries[setting] ?? [] }
            return try printJSON(object)
        }
        var rows: [[String]] = []
        for setting in AthleteHistory.Setting.allCases {
            for entry in history.entries[setting] ?? [] {
                rows.append([entry.date.formatted(.iso8601), setting.rawValue, "\(formatNumber(entry.value)) \(setting.symbol)"])
            }
        }
        if rows.isEmpty {
            print("No values kept yet: `workout athlete set --ftp 250 --from 2026-03-01` keeps one.")
            return
        }
        printTable(header: ["FROM", "SETTING", "VALUE"], rows: rows.sorted { $0[0] < $1[0] })
    }
}
