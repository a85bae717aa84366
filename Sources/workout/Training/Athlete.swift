import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutLibrary

/// `workout athlete`: the athlete's figures over time, which each workout's training metrics use
/// as they were on its date.
struct AthleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "athlete",
        abstract: "Keep the athlete's threshold power, resting heart rate and weight as they change over a season.",
        discussion: """
            Each value is kept in the store as HealthKit keeps it (a dated cyclingFunctionalThresholdPower, \
            restingHeartRate or bodyMass sample) and holds from its date until the next. A workout's training \
            metrics (IF, TSS, power levels, TRIMP) use the values in force on its date, else the profile it \
            was recorded or imported with; `workout fitness` computes again the workouts a new value changes.
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

    @Option(help: ArgumentHelp("Body mass, in kilograms.", valueName: "kg"))
    var weight: Double?

    @Option(help: ArgumentHelp("From when the values hold: 2026-03-01 or a full ISO 8601 time (default: now).", valueName: "date"))
    var from: DateArgument?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if ftp == nil, restingHeartRate == nil, weight == nil { throw ValidationError("Give at least one of --ftp, --resting-heart-rate and --weight.") }
        if let ftp, !(ftp >= 30 && ftp <= 1000) { throw ValidationError("--ftp must be between 30 and 1000 W.") }
        if let restingHeartRate, !(restingHeartRate >= 25 && restingHeartRate <= 120) {
            throw ValidationError("--resting-heart-rate must be between 25 and 120 bpm.")
        }
        if let weight, !(weight >= 20 && weight <= 300) { throw ValidationError("--weight must be between 20 and 300 kg.") }
    }

    func run() async throws {
        let store = storeOptions.open()
        let date = from?.date ?? Date()
        let values: [(AthleteHistory.Setting, Double?)] = [(.functionalThresholdPower, ftp), (.restingHeartRate, restingHeartRate), (.bodyMass, weight)]
        for case let (setting, value?) in values {
            try await store.saveAthleteSetting(setting, value: value, from: date)
            print("\(setting.rawValue) \(formatNumber(value)) \(AthleteList.unit(setting)) from \(date.formatted(.iso8601))")
        }
    }
}

/// `workout athlete list`.
struct AthleteList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the values kept, oldest first.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    static func unit(_ setting: AthleteHistory.Setting) -> String {
        switch setting {
        case .functionalThresholdPower: "W"
        case .restingHeartRate: "bpm"
        case .bodyMass: "kg"
        }
    }

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
                rows.append([entry.date.formatted(.iso8601), setting.rawValue, "\(formatNumber(entry.value)) \(Self.unit(setting))"])
            }
        }
        if rows.isEmpty {
            print("No values kept yet: `workout athlete set --ftp 250 --from 2026-03-01` keeps one.")
            return
        }
        printTable(header: ["FROM", "SETTING", "VALUE"], rows: rows.sorted { $0[0] < $1[0] })
    }
}
