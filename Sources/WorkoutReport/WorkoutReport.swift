import HealthKitModel
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
    /// The workout's power curve, when it has power: made once, for the curve drawn and the best power efforts.
    public let powerCurve: MeanMaximalPower?

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
        let powerSeries = timeline.power.contains(where: { $0 != nil }) ? timeline.seconds(of: \.power) : nil
        self.powerSeries = powerSeries
        powerCurve = powerSeries.flatMap { $0.values.isEmpty ? nil : MeanMaximalPower(watts: $0.values) }
    }

    /// Whether the workout has legs of different sports (a triathlon): its splits and best efforts are then
    /// each leg's (``legs``), since a split across a swim and a ride means nothing.
    public var isMultisport: Bool { Set(activity.sessions.map(\.sport)).subtracting([.transition]).count > 1 }

    /// What the sport measures: split length, pace or speed, efforts. A multisport workout as a whole speaks
    /// km/h (or mph), its legs each their own.
    public var profile: SportProfile {
        SportProfile(sport: isMultisport ? .generic : activity.sport, units: options.units, splitLength: options.splitLength)
    }

    /// Whether speed is shown as a pace: on foot (per kilometre or mile), in the water (per 100 m or yd), on the water (per 500 m).
    public var showsPace: Bool { profile.showsPace }

    /// The splits, each ``SportProfile/splitMeters`` long (5 km on a ride, a kilometre on a run, 100 m in the
    /// water, or ``ReportOptions/splitLength``); none for a multisport workout as a whole.
    public var splits: [Split] { isMultisport ? [] : Split.splits(of: timeline, every: profile.splitMeters) }

    /// The sport's fastest distances (a ride's 10, 20, 40 and 100 km; a run's 1, 5 and 10 km, half and
    /// marathon; a swim's 100 to 1,500 m) and best power over its durations (the power curve's points),
    /// those the workout is long enough for; none for a multisport workout as a whole.
    public var bestEfforts: [BestEffort] {
        guard !isMultisport else { return [] }
        let profile = profile
        let power = powerSeries.flatMap { series in
            powerCurve.map { curve in profile.powerSeconds.compactMap { BestEffort.power($0, in: series, curve: curve, timeline: timeline) } }
        } ?? []
        return profile.distances.compactMap { BestEffort.fastest($0.meters, in: timeline) } + power
    }

    /// Each leg of a multisport workout (transitions left out) as a report of its own, with its number
    /// among all legs; empty for a workout of one sport.
    public var legs: [(number: Int, report: WorkoutReport)] {
        guard isMultisport else { return [] }
        return activity.legs().enumerated().compactMap { index, leg in
            guard leg.sport != .transition else { return nil }
            // The split length given is a ride's setting: the swim and the run keep theirs.
            var options = options
            if leg.sport != .cycling { options.splitLength = nil }
            return (index + 1, WorkoutReport(activity: leg, options: options))
        }
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
