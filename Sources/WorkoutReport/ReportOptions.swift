public import Foundation
public import HealthKitModel
public import TrainingMetrics

/// How a ``WorkoutReport`` is drawn: units, zones, map tiles and detail.
public struct ReportOptions: Sendable {
    /// What colours the track on the map.
    public enum TrackColouring: String, Sendable, CaseIterable {
        /// Speed (the default).
        case speed
        /// Heart rate.
        case heartRate
    }

    /// The page's heading; by default the sport and the start date.
    public var title: String?
    /// Kilometres or miles.
    public var units: ReportUnits = .metric
    /// The athlete's figures: the heart-rate zone model and its figures (``HeartRateZoneChoice``), and the
    /// threshold power. Without them, zones are percentages of the workout's own highest heart rate.
    public var athlete: AthleteFigures?
    /// A maximum heart rate given for this report, over the athlete's (`--maximum-heart-rate`).
    public var maximumHeartRate: Double?
    /// Functional threshold power in watts, for the time in Coggan's power zones.
    public var functionalThresholdPower: Double?
    /// The athlete's best power curve to draw the workout's against (over the weeks before it,
    /// as `workout report` and the web app take it from the store), with what it covers.
    public var bestPowerCurve: (curve: MeanMaximalPower, label: String)?
    /// A tile server's URL template with `{z}`, `{x}` and `{y}` (as OpenStreetMap's
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`). Nil, the default, draws
    /// no tiles, so opening the report makes no request.
    public var tiles: String?
    /// The zoom levels ``tiles`` has (a server of an MBTiles file's, as `workout serve --mbtiles` runs one);
    /// a coarser one is drawn larger. 0 to 19 by default.
    public var tileZooms: ClosedRange<Int> = 0...19
    /// Tiles given with the report (an MBTiles file's), inlined as data: used instead of ``tiles``; the page
    /// still makes no request.
    public var offlineTiles: OfflineTiles?
    /// Who made the map, said under it; by default the MBTiles file's own words, OpenStreetMap's for its
    /// servers, else the tile server's host.
    public var tileAttribution: String?
    /// What colours the track.
    public var colouring: TrackColouring = .speed
    /// The time zone dates are shown in, when given for this report (`--time-zone`); else the workout's own
    /// (the zone its file recorded, ``Activity/timeZone``), else ``defaultTimeZone``.
    public var timeZone: TimeZone?
    /// The zone of a workout that says none: this machine's, or the server's.
    public var defaultTimeZone: TimeZone = .current
    /// The most points a chart line is drawn from; the figures always use every record.
    public var chartPoints = 1_000
    /// Metres in one split, over the sport's own (``SportProfile``: 5 km on a ride, a kilometre on a run,
    /// 100 m in the water), as `--splits 10km` gives it.
    public var splitLength: Double?

    /// Links shown above the report (none in a file of its own).
    public var links: [ReportLink] = []

    /// Options with the defaults: metric, no zones, no tiles, coloured by speed.
    public init() {}
}
