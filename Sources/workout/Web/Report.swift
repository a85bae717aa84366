import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutCatalog
import WorkoutFormats
import WorkoutLibrary
import WorkoutReport
import WorkoutSources

/// `workout report ID|FILE`: a workout as one self-contained HTML page.
struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a workout as one self-contained HTML page: route map, charts, laps, splits, zones and best efforts.",
        discussion: """
            Give a stored workout's identifier (or its first characters, or `last`), a .fit, .tcx or .gpx file, or a \
            scenario (.yaml), which is replayed in memory first. The page holds its SVG, style and script inline and \
            makes no request unless --tiles names a tile server (--mbtiles inlines a file's tiles instead), so it opens offline and can be mailed. Long workouts' \
            charts are drawn from at most --chart-points points chosen to keep peaks (largest-triangle-three-buckets); \
            every figure comes from all the records. Heart-rate zones need the athlete: the one stored with the \
            workout, --profile, or --maximum-heart-rate.
            """
    )

    @Argument(help: ArgumentHelp("A workout's identifier (or its first characters, or `last`), a .fit, .tcx or .gpx file, or a scenario.", valueName: "id-or-file"))
    var source: String

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write (default: named after the workout or file, in the current directory).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("metric (km, km/h, m) or imperial (mi, mph, ft).", valueName: "units"))
    var units: ReportUnits = .metric

    @Option(help: ArgumentHelp("A tile server's URL template with {z}, {x} and {y}, drawn under the track. None by default: the page then makes no request.",
                               valueName: "url-template"))
    var tiles: String?

    @Option(help: ArgumentHelp("An MBTiles file whose tiles are drawn under the track, inlined into the page, which stays offline.", valueName: "file"))
    var mbtiles: String?

    @Option(help: ArgumentHelp("Who made the map, said under it (default: the MBTiles file's words, OpenStreetMap's for its servers, else the server's host).",
                               valueName: "text"))
    var tilesAttribution: String?

    @Option(help: ArgumentHelp("What colours the track: speed or heart-rate.", valueName: "quantity"))
    var colourBy: ReportOptions.TrackColouring = .speed

    @Option(help: ArgumentHelp("Maximum heart rate for the zones (default: the athlete's).", valueName: "bpm"))
    var maximumHeartRate: Double?

    @Option(help: ArgumentHelp("Functional threshold power for the power zones (default: the athlete's).", valueName: "watts"))
    var ftp: Double?

    @Option(help: ArgumentHelp("The most points each chart line is drawn from.", valueName: "n"))
    var chartPoints = 1_000

    @Option(help: ArgumentHelp("How long a split is on a ride or a one-sport workout: 10km, 5mi, 500m (default: the sport's, 5 km on a ride, "
                               + "a kilometre on foot, 100 m in the water).", valueName: "distance"))
    var splits: DistanceArgument?

    @Option(help: ArgumentHelp("The time zone dates are shown in (default: this machine's), e.g. Europe/Paris or UTC.", valueName: "zone"))
    var timeZone: String?

    @OptionGroup var profileOptions: ProfileOptions

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let maximumHeartRate, !(maximumHeartRate >= 60 && maximumHeartRate <= 260) { throw ValidationError("--maximum-heart-rate must be between 60 and 260 bpm.") }
        if let ftp, !(ftp > 0 && ftp < 3_000) { throw ValidationError("--ftp must be between 0 and 3000 watts.") }
        if !(10...100_000).contains(chartPoints) { throw ValidationError("--chart-points must be between 10 and 100000.") }
        if let splits, !(splits.meters >= 25 && splits.meters <= 100_000) {
            throw ValidationError("--splits must be between 25 m and 100 km; give a distance such as 10km, 5mi or 500m.")
        }
        if let tiles, !(tiles.contains("{z}") && tiles.contains("{x}") && tiles.contains("{y}")) {
            throw ValidationError("--tiles needs a URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png.")
        }
        if tiles != nil, mbtiles != nil { throw ValidationError("Give --tiles or --mbtiles, not both.") }
        if let timeZone, TimeZone(identifier: timeZone) == nil { throw ValidationError("--time-zone \(timeZone) is not a time zone; give one such as UTC or Europe/Paris.") }
        if let output, URL(fileURLWithPath: output).pathExtension.lowercased() != "html" { throw ValidationError("--output should end in .html (\(output)).") }
    }

    func run() async throws {
        var options = ReportOptions()
        options.units = units
        options.tiles = tiles
        if let mbtiles { options.offlineTiles = try MBTilesFile.open(mbtiles) }
        options.tileAttribution = tilesAttribution
        options.colouring = colourBy
        options.chartPoints = chartPoints
        options.splitLength = splits?.meters
        if let timeZone { options.timeZone = TimeZone(identifier: timeZone) ?? .current }
        if let athlete = try profileOptions.load() { options.use(athlete) }
        options.maximumHeartRate = maximumHeartRate
        if let ftp { options.functionalThresholdPower = ftp }
        let (activity, name) = try await loadActivity(options: &options)
        let destination = URL(fileURLWithPath: output ?? "\(name).html")
        let report = WorkoutReport(activity: activity, options: options)
        let html = report.html()
        do {
            try Data(html.utf8).write(to: destination, options: .atomic)
        } catch {
            throw RecordingsError("\(destination.path): cannot be written (\(error.localizedDescription)); give another --output.")
        }
        let kilobytes = Double(html.utf8.count) / 1_000
        print("wrote \(destination.path) (\(kilobytes < 1_000 ? "\(Int(kilobytes.rounded())) kB" : String(format: "%.1f MB", kilobytes / 1_000))): \(ActivityDescription(activity).text)")
    }

    /// The activity named on the command line, and a file name for it.
    func loadActivity(options: inout ReportOptions) async throws -> (Activity, String) {
        let url = URL(fileURLWithPath: source)
        if ActivityFileFormat(pathExtension: url.pathExtension) != nil {
            guard FileManager.default.fileExists(atPath: source) else { throw RecordingsError("\(source): no such file.") }
            return (try readActivityFile(source), url.deletingPathExtension().lastPathComponent)
        }
        if ["yaml", "yml"].contains(url.pathExtension.lowercased()) {
            guard FileManager.default.fileExists(atPath: source) else { throw RecordingsError("\(source): no such file.") }
            let store = HKHealthStore(location: .inMemory, source: workoutSource)
            let result = try await ScenarioRunner(scenario: try loadScenario(source)).replay(in: store, pacing: .instant, progress: nil, savingCollectedData: true)
            let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
            guard let workout = workouts.last(where: { workout in result.start.map { abs(workout.startDate.timeIntervalSince($0)) < 0.001 } ?? true }) else {
                throw RecordingsError("\(source): the scenario ended without a workout, so there is nothing to draw.")
            }
            if let figures = try await store.athleteFigures(for: workout) { options.use(figures) }
            return (try await Activity(workout: workout, in: store), url.deletingPathExtension().lastPathComponent)
        }
        let store = try storeOptions.openExisting()
        let workout = try await findWorkout(source, in: store)
        if let figures = try await store.athleteFigures(for: workout) { options.use(figures) }
        options.bestPowerCurve = try await TrainingHistory(store: store).bestPowerCurve(before: workout)
        return (try await Activity(workout: workout, in: store), workout.fileBaseName)
    }
}
