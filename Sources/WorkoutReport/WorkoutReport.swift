public import HealthKitModel
public import TrainingMetrics
public import WorkoutFormats
public import Markup

/// A workout as one self-contained HTML page: the route, charts against time
/// and distance, the summary, laps, splits, zones and best efforts.
///
/// The page holds its SVG, CSS and script inline and names no other resource
/// (unless ``ReportOptions/tiles`` names a tile server), so it opens offline
/// and can be mailed. Charts of long workouts are drawn from at most
/// ``ReportOptions/chartPoints`` points chosen by
/// ``LargestTriangleThreeBuckets``; every figure comes from all the records.
///
/// ```swift
/// let activity = try ActivityFile.read(URL(fileURLWithPath: "ride.fit"))
/// var options = ReportOptions()
/// options.units = .imperial
/// try WorkoutReport(activity: activity, options: options).html().write(toFile: "ride.html", atomically: true, encoding: .utf8)
/// ```
public struct WorkoutReport: Sendable {
    /// The workout drawn.
    public let activity: Activity
    /// How it is drawn.
    public let options: ReportOptions
    /// Its records as columns.
    public let timeline: WorkoutTimeline
    /// Its figures, from every record, by the rules every surface uses (``WorkoutFigures``).
    public let summary: WorkoutFigures
    /// Its power, one value a second of moving time, when it has power: what the training
    /// metrics, the power curve and the best power efforts are computed on.
    public let powerSeries: SecondSeries?

    /// A report of `activity`.
    public init(activity: Activity, options: ReportOptions = ReportOptions()) {
        self.activity = activity
        self.options = options
        timeline = WorkoutTimeline(activity: activity)
        // The threshold power given for the report wins over the athlete's, for the zones and the training metrics alike.
        var athlete = options.athlete
        if let power = options.functionalThresholdPower {
            athlete = athlete ?? AthleteFigures()
            athlete?.functionalThresholdPower = power
        }
        summary = WorkoutFigures(activity: activity, timeline: timeline, athlete: athlete, maximumHeartRate: options.maximumHeartRate)
        powerSeries = timeline.power.contains(where: { $0 != nil }) ? timeline.seconds(of: \.power) : nil
    }

    /// Whether speed is better shown as pace (minutes per kilometre or mile): on foot.
    public var showsPace: Bool { [.running, .walking, .hiking].contains(activity.sport) }

    /// The splits: every kilometre, or every mile with imperial units.
    public var splits: [Split] { Split.splits(of: timeline, every: options.units.splitMeters) }

    /// Fastest times over 1 km (or 1 mile), 5 km and 10 km, and the best power over 5 s, 1, 5, 20
    /// and 60 minutes (the power curve's points), those the workout is long enough for.
    public var bestEfforts: [BestEffort] {
        let distances = [options.units.splitMeters, 5_000, 10_000, 21_097.5, 42_195]
        let power = powerSeries.map { series in [5, 60, 300, 1_200, 3_600].compactMap { BestEffort.power($0, in: series, timeline: timeline) } } ?? []
        return distances.compactMap { BestEffort.fastest($0, in: timeline) } + power
    }

    /// The workout's power curve, when it has power.
    public var powerCurve: MeanMaximalPower? {
        powerSeries.flatMap { $0.values.isEmpty ? nil : MeanMaximalPower(watts: $0.values) }
    }

    /// Time in heart-rate zones, with the time below zone 1 as a zone of its own ("below Z1"), when the
    /// workout has heart rate: the figures' zones (``WorkoutFigures/zones``).
    public var heartRateZoneTime: ZoneTime? {
        guard let zones = summary.zones else { return nil }
        let bounds = zones.choice.zones.lowerBounds
        return ZoneTime(zones: [ZoneTime.Zone(name: "below Z1", lowerBound: 0, seconds: zones.belowSeconds)]
            + zones.seconds.indices.map { ZoneTime.Zone(name: "Z\($0 + 1)", lowerBound: bounds[$0], seconds: zones.seconds[$0]) })
    }

    /// Time in Coggan's seven power levels, when the threshold power is known and the workout has
    /// power: the training metrics' (``RideMetrics/powerZones``), as `show` gives them.
    public var powerZoneTime: ZoneTime? {
        guard let levels = summary.training?.powerZones else { return nil }
        let bounds = [0] + PowerZones.upperShares.map { $0 * levels.functionalThresholdPower }
        return ZoneTime(zones: levels.seconds.indices.map { ZoneTime.Zone(name: "Z\($0 + 1)", lowerBound: bounds[$0], seconds: levels.seconds[$0]) })
    }

    /// The page.
    public func html() -> String { page.description }

    /// The page as ``HTML``, for a web server to send.
    public var page: HTML { ReportPage(report: self).render() }
}
