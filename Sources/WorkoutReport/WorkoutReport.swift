import HealthKitModel
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

    /// A report of `activity`.
    public init(activity: Activity, options: ReportOptions = ReportOptions()) {
        self.activity = activity
        self.options = options
        timeline = WorkoutTimeline(activity: activity)
        summary = WorkoutFigures(activity: activity, timeline: timeline, athlete: options.athlete, maximumHeartRate: options.maximumHeartRate)
    }

    /// Whether speed is better shown as pace (minutes per kilometre or mile): on foot.
    public var showsPace: Bool { [.running, .walking, .hiking].contains(activity.sport) }

    /// The splits: every kilometre, or every mile with imperial units.
    public var splits: [Split] { Split.splits(of: timeline, every: options.units.splitMeters) }

    /// Fastest times over 1 km (or 1 mile), 5 km and 10 km, and the best 5- and
    /// 20-minute power, those the workout is long enough for.
    public var bestEfforts: [BestEffort] {
        let distances = [options.units.splitMeters, 5_000, 10_000, 21_097.5, 42_195]
        return distances.compactMap { BestEffort.fastest($0, in: timeline) } + [300.0, 1_200].compactMap { BestEffort.power($0, in: timeline) }
    }

    /// Time in heart-rate zones, with the time below zone 1 as a zone of its own ("below Z1"), when the
    /// workout has heart rate: the figures' zones (``WorkoutFigures/zones``).
    public var heartRateZoneTime: ZoneTime? {
        guard let zones = summary.zones else { return nil }
        let bounds = zones.choice.zones.lowerBounds
        return ZoneTime(zones: [ZoneTime.Zone(name: "below Z1", lowerBound: 0, seconds: zones.belowSeconds)]
            + zones.seconds.indices.map { ZoneTime.Zone(name: "Z\($0 + 1)", lowerBound: bounds[$0], seconds: zones.seconds[$0]) })
    }

    /// Time in Coggan's seven power zones, when the threshold power is given and the workout has power.
    public var powerZoneTime: ZoneTime? {
        guard let threshold = options.functionalThresholdPower, threshold > 0, timeline.power.contains(where: { $0 != nil }) else { return nil }
        return ZoneTime(values: timeline.power, lowerBounds: ZoneTime.powerFractions.map { $0 * threshold }, timeline: timeline)
    }

    /// The page.
    public func html() -> String { page.description }

    /// The page as ``HTML``, for a web server to send.
    public var page: HTML { ReportPage(report: self).render() }
}
