import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats

/// A format named on the command line: fit, tcx or gpx.
struct FormatArgument: ExpressibleByArgument {
    let format: ActivityFileFormat
    init?(argument: String) {
        guard let format = ActivityFileFormat(rawValue: argument.lowercased()) else { return nil }
        self.format = format
    }
    static var allValueStrings: [String] { ActivityFileFormat.allCases.map(\.rawValue) }
}

/// `workout export ID|FILE`: a stored workout, or another activity file, as FIT, TCX or GPX.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a workout as FIT, TCX or GPX, or convert an activity file between them.",
        discussion: """
            FIT files pass Garmin's FIT SDK integrity check; TCX and GPX files validate against their XSDs. \
            Garmin Connect, Strava and most training tools accept all three. Give a workout's identifier \
            (or its first characters, as `workout list` shows them) to export from the store, or a .fit, \
            .tcx or .gpx file to convert it.
            """
    )

    @Argument(help: ArgumentHelp("A workout's identifier (or its first characters), or a .fit, .tcx or .gpx file.", valueName: "id-or-file"))
    var source: String

    @Option(name: .customLong("format"), help: ArgumentHelp("fit, tcx or gpx (default: the output's extension, else fit).", valueName: "format"))
    var formatArgument: FormatArgument?

    var format: ActivityFileFormat? { formatArgument?.format }

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write (default: named after the workout or file, in the current directory).", valueName: "path"))
    var output: String?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let output, let format, let named = ActivityFileFormat(pathExtension: URL(fileURLWithPath: output).pathExtension), named != format {
            throw ValidationError("--format \(format) contradicts the output's extension .\(named); give one.")
        }
    }

    func run() async throws {
        let chosen = format ?? output.flatMap { ActivityFileFormat(pathExtension: URL(fileURLWithPath: $0).pathExtension) } ?? .fit
        let activity: Activity
        let name: String
        let sourceURL = URL(fileURLWithPath: source)
        if ActivityFileFormat(pathExtension: sourceURL.pathExtension) != nil {
            guard FileManager.default.fileExists(atPath: source) else { throw RecordingsError("\(source): no such file.") }
            activity = try readActivityFile(source)
            name = sourceURL.deletingPathExtension().lastPathComponent
        } else {
            let store = storeOptions.open()
            let workout = try await findWorkout(source, in: store)
            activity = try await Activity(workout: workout, in: store)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = "yyyy-MM-dd-HHmmss"
            name = "\(workout.workoutActivityType.name)-\(formatter.string(from: workout.startDate))"
        }
        let destination = URL(fileURLWithPath: output ?? "\(name).\(chosen)")
        if destination.standardizedFileURL == sourceURL.standardizedFileURL {
            throw RecordingsError("\(destination.path) is the file being read; give another --output.")
        }
        try ActivityFile.write(activity, as: chosen, to: destination)
        print("wrote \(destination.path): \(describe(activity))")
    }
}

/// `workout import FILE...`: activity files into the store.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import FIT, TCX and GPX activity files into the store as workouts.",
        discussion: """
            Each file becomes a workout with its samples (heart rate, distance, speed, cadence, power, energy), \
            route, pauses, laps and heartbeats; its totals are the file's. A file already imported (a workout of \
            the same activity starting at the same second) is skipped unless --force is given. A damaged or \
            truncated file is reported with where the damage is; --salvage imports what precedes it.
            """
    )

    @Argument(help: ArgumentHelp("The files (.fit, .tcx, .gpx).", valueName: "file"))
    var files: [String]

    @Flag(help: "Import what can be read safely from a damaged or truncated file.")
    var salvage = false

    @Flag(help: "Import a file even if its workout is already in the store.")
    var force = false

    @Option(help: ArgumentHelp("The activity, when a file does not say or says it wrong (GPX often has none): cycling, running, walking, hiking, …", valueName: "name"))
    var activity: String?

    func validate() throws {
        if let activity, ActivitySport(name: activity) == nil {
            throw ValidationError("Unknown activity '\(activity)'. Files know running, cycling, walking, hiking, swimming, rowing, cross_country_skiing and training.")
        }
    }

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = storeOptions.open()
        let importer = ActivityImporter(store: store)
        var failures = 0
        for file in files {
            var activity: Activity
            var salvaged = false
            do {
                activity = try readActivityFile(file)
            } catch {
                guard salvage, let readable = error.readable else {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                    failures += 1
                    continue
                }
                FileHandle.standardError.write(Data("\(error)\n  salvaging what precedes it\n".utf8))
                activity = readable
                salvaged = true
            }
            if let name = self.activity, let sport = ActivitySport(name: name) {
                activity.sessions = activity.sessions.map { var session = $0; session.sport = sport; return session }
                activity.laps = activity.laps.map { var lap = $0; lap.sport = sport; return lap }
            }
            if !force, let existing = try await importer.existingWorkout(for: activity) {
                print("skipped \(file): already in the store as \(existing.uuid.uuidString) (--force imports it again)")
                continue
            }
            let workout = try await importer.importActivity(activity, from: file)
            print("imported \(file)\(salvaged ? " (salvaged)" : "") as \(workout.uuid.uuidString): \(describe(activity))")
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// Reads an activity file; its errors print as `file:line:column: error: …`.
func readActivityFile(_ path: String) throws(ActivityFileError) -> Activity {
    try ActivityFile.read(URL(fileURLWithPath: path))
}

/// One line about an activity: sport, start, duration, distance, energy, records, laps.
func describe(_ activity: Activity) -> String {
    var parts: [String] = []
    let sports = activity.sessions.map(\.sport.name)
    parts.append(sports.isEmpty ? activity.sport.name : sports.joined(separator: "+"))
    if let start = activity.startDate { parts.append(start.formatted(.iso8601)) }
    let timer = activity.sessions.reduce(0) { $0 + $1.timerTime }
    parts.append(clockText(timer))
    let distance = activity.sessions.compactMap(\.distance).reduce(0, +)
    if distance > 0 { parts.append(String(format: "%.2f km", distance / 1000)) }
    let calories = activity.sessions.compactMap(\.calories).reduce(0, +)
    if calories > 0 { parts.append(String(format: "%.0f kcal", calories)) }
    parts.append("\(activity.records.count) records, \(activity.laps.count) lap\(activity.laps.count == 1 ? "" : "s")")
    if !activity.pauses.isEmpty { parts.append("\(activity.pauses.count) pause\(activity.pauses.count == 1 ? "" : "s")") }
    if activity.discardedRecords > 0 { parts.append("\(activity.discardedRecords) implausible record\(activity.discardedRecords == 1 ? "" : "s") left out") }
    return parts.joined(separator: ", ")
}
