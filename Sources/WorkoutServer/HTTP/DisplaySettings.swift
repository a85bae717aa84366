import Foundation
import Hummingbird
import WorkoutReport

/// How a reader wants the pages: kilometres or miles, and the time zone dates are shown in. Kept in the
/// browser (two cookies set by `/settings`), so the one-athlete server, which has no accounts, keeps them
/// too; the API stays in SI units and UTC.
struct DisplaySettings: Sendable, Equatable {
    static let unitsCookie = "ohk_units"
    static let timeZoneCookie = "ohk_time_zone"
    static let tilesCookie = "ohk_tiles"

    /// Kilometres or miles.
    var units: ReportUnits = .metric
    /// The reader's time zone, when they chose one; else the server's.
    var timeZone: TimeZone?
    /// A tile server's URL template (`{z}`, `{x}`, `{y}`) the reader chose to draw under a workout's route; the
    /// page then asks that server for tiles. None by default.
    var tiles: String?

    /// The settings `request`'s cookies hold; anything unreadable is the default.
    init(_ request: Request) {
        if let value = request.cookies[Self.unitsCookie]?.value, let units = ReportUnits(rawValue: value) { self.units = units }
        if let value = request.cookies[Self.timeZoneCookie]?.value.removingPercentEncoding, let zone = TimeZone(identifier: value) { timeZone = zone }
        if let value = request.cookies[Self.tilesCookie]?.value.removingPercentEncoding, Self.isTileTemplate(value) { tiles = value }
    }

    /// Whether `text` is an http(s) URL template with `{z}`, `{x}` and `{y}`.
    static func isTileTemplate(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && text.contains("{z}") && text.contains("{x}") && text.contains("{y}")
            && !text.contains("\"") && !text.contains("<")
    }

    init(units: ReportUnits = .metric, timeZone: TimeZone? = nil, tiles: String? = nil) {
        self.units = units
        self.timeZone = timeZone
        self.tiles = tiles
    }

    /// The zone dates are shown in: the reader's, else `fallback` (the server's).
    func zone(or fallback: TimeZone) -> TimeZone { timeZone ?? fallback }
}
